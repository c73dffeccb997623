#pragma once

// What the three binding files of the Python module share: turning Python values (a Deal or a PBN
// string, "S"/"NT"/0..4 for a strain, "N"/0..3 for a seat) into core values, and core errors into
// Python exceptions carrying the core's message unchanged (the CLI prints the same text).
// Called with the GIL held.

#include "core/model/contract.h"
#include "core/model/dd_table.h"
#include "core/model/deal.h"
#include "core/model/error.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>

namespace tenace::python {

namespace py = pybind11;

// Raises tenace.Error (a ValueError), or OSError for ErrorCode::Io.
[[noreturn]] void raise(const core::Error &error);

template<typename T> T orRaise(core::Result<T> result)
{
    if (!result)
        raise(result.error());
    return std::move(result).value();
}

// A Deal, or a PBN deal string parsed (tenace.Error with the parser's message).
core::Deal toDeal(const py::handle &object);
core::Strain toStrain(const py::handle &object); // "S", "H", "D", "C", "N", "NT" or 0..4
core::Seat toSeat(const py::handle &object); // "N", "E", "S", "W" or 0..3
core::Vulnerability toVulnerability(const py::handle &object); // "None", "NS", "EW", "All"

// [[S.N, S.E, S.S, S.W], [H...], [D...], [C...], [NT...]], the DDS resTable layout.
py::list toList(const core::DdTable &table);
core::DdTable toDdTable(const py::handle &object);

void bindBoards(py::module_ &module);
void bindAnalysis(py::module_ &module);

} // namespace tenace::python
