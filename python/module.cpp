// The compiled part of the tenace Python package: deals, DD tables, solves and par. Every solve
// runs with the GIL released, so Python threads may solve in parallel.

#include "python/bindings.h"

#include "core/model/play_state.h"
#include "core/par/par.h"
#include "core/par/par_explain.h"
#include "core/solver/solver.h"

#include <pybind11/operators.h>

#include <cctype>

namespace tenace::python {

namespace {

// tenace.Error. A plain pointer: the module's attribute owns the reference, and nothing is
// released after the interpreter has gone.
PyObject *&errorType()
{
    static PyObject *type = nullptr;
    return type;
}

std::string lower(std::string text)
{
    for (char &c : text)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

core::Deal parseDeal(const std::string &pbn)
{
    return orRaise(core::parsePbnDeal(pbn));
}

// The DD tables of `deals`, or tenace.Error naming the first deal that could not be solved.
std::vector<core::DdTable> solveAll(const std::vector<core::Deal> &deals, int threads)
{
    std::vector<core::Result<core::TableResult>> results;
    {
        py::gil_scoped_release release;
        results = core::solveTables(deals, core::TableOptions {threads, {}});
    }
    std::vector<core::DdTable> tables;
    tables.reserve(results.size());
    for (std::size_t i = 0; i < results.size(); ++i) {
        if (!results[i])
            raise({results[i].error().code,
                   "deal " + std::to_string(i) + ": " + results[i].error().message});
        tables.push_back(results[i]->table);
    }
    return tables;
}

py::list ddTables(const py::iterable &deals, int threads)
{
    std::vector<core::Deal> parsed;
    for (const py::handle item : deals)
        parsed.push_back(toDeal(item));
    py::list out;
    for (const core::DdTable &table : solveAll(parsed, threads))
        out.append(toList(table));
    return out;
}

py::dict solve(const py::object &dealOrPosition, const py::object &trump, const py::object &leader,
               const std::vector<std::string> &played)
{
    const core::Deal deal = toDeal(dealOrPosition);
    auto state = orRaise(core::PlayState::create(deal, toStrain(trump), toSeat(leader)));
    for (const std::string &text : played) {
        const auto card = core::parseCard(text);
        if (!card)
            raise({core::ErrorCode::InvalidArgument,
                   "'" + text + "' is not a card (e.g. SK, H9, CT)"});
        const core::Status status = state.play(*card);
        if (!status)
            raise(status.error());
    }
    core::Result<core::SolveResult> result = core::Error {};
    {
        py::gil_scoped_release release;
        core::Solver solver;
        result = solver.solve(state.position());
    }
    py::dict scores;
    for (const core::CardScore &score : orRaise(std::move(result)).cards) {
        scores[py::str(score.card.toString())] = score.score;
        for (const core::Card card : score.equals.cards())
            scores[py::str(card.toString())] = score.score;
    }
    return scores;
}

py::tuple par(const py::object &table, const py::object &vulnerability, const py::object &dealer)
{
    const core::DdTable dd = toDdTable(table);
    const core::Vulnerability vul = toVulnerability(vulnerability);
    const core::Seat seat = toSeat(dealer);
    const core::ParResult result = orRaise(core::dealerPar(dd, vul, seat));
    const core::ParExplanation explanation = orRaise(core::explainPar(dd, vul, seat));
    return py::make_tuple(result.score, core::formatDealerParContracts(result), explanation.text());
}

} // namespace

void raise(const core::Error &error)
{
    PyObject *type = error.code == core::ErrorCode::Io ? PyExc_OSError : errorType();
    PyErr_SetString(type, error.message.c_str());
    throw py::error_already_set();
}

core::Deal toDeal(const py::handle &object)
{
    if (py::isinstance<core::Deal>(object))
        return object.cast<core::Deal>();
    if (py::isinstance<py::str>(object))
        return parseDeal(object.cast<std::string>());
    throw py::type_error("expected a tenace.Deal or a PBN deal string, got " +
                         std::string(py::str(py::type::of(object).attr("__name__"))));
}

core::Strain toStrain(const py::handle &object)
{
    if (py::isinstance<py::int_>(object)) {
        const int i = object.cast<int>();
        if (i >= 0 && i <= 4)
            return core::strainAt(i);
    } else if (py::isinstance<py::str>(object)) {
        const std::string text = lower(object.cast<std::string>());
        if (text == "nt")
            return core::Strain::NoTrump;
        if (text.size() == 1)
            if (const auto strain = core::strainFromLetter(text[0]))
                return *strain;
    }
    raise({core::ErrorCode::InvalidArgument,
           "strain '" + std::string(py::str(object)) + "': expected S, H, D, C or NT"});
}

core::Seat toSeat(const py::handle &object)
{
    if (py::isinstance<py::int_>(object)) {
        const int i = object.cast<int>();
        if (i >= 0 && i <= 3)
            return core::seatAt(i);
    } else if (py::isinstance<py::str>(object)) {
        const std::string text = object.cast<std::string>();
        if (text.size() == 1)
            if (const auto seat = core::seatFromLetter(text[0]))
                return *seat;
    }
    raise({core::ErrorCode::InvalidArgument,
           "seat '" + std::string(py::str(object)) + "': expected N, E, S or W"});
}

core::Vulnerability toVulnerability(const py::handle &object)
{
    const std::string text = lower(py::str(object));
    if (text == "none" || text == "-" || text == "love")
        return core::Vulnerability::None;
    if (text == "ns")
        return core::Vulnerability::NorthSouth;
    if (text == "ew")
        return core::Vulnerability::EastWest;
    if (text == "all" || text == "both")
        return core::Vulnerability::Both;
    raise({core::ErrorCode::InvalidArgument,
           "vulnerability '" + std::string(py::str(object)) + "': expected None, NS, EW or All"});
}

py::list toList(const core::DdTable &table)
{
    py::list rows;
    for (const auto &row : table.tricks)
        rows.append(py::make_tuple(row[0], row[1], row[2], row[3]).cast<py::list>());
    return rows;
}

core::DdTable toDdTable(const py::handle &object)
{
    core::DdTable table;
    const auto rows = object.cast<py::sequence>();
    if (rows.size() != 5)
        raise({core::ErrorCode::InvalidArgument,
               "a DD table has 5 rows (S H D C NT), not " + std::to_string(rows.size())});
    for (std::size_t s = 0; s < 5; ++s) {
        const auto row = rows[s].cast<py::sequence>();
        if (row.size() != 4)
            raise({core::ErrorCode::InvalidArgument,
                   "a DD table row has 4 columns (N E S W), not " + std::to_string(row.size())});
        for (std::size_t d = 0; d < 4; ++d)
            table.tricks[s][d] = row[d].cast<int>();
    }
    const core::Status status = core::checkDdTable(table);
    if (!status)
        raise(status.error());
    return table;
}

} // namespace tenace::python

using namespace tenace;
using namespace tenace::python;

PYBIND11_MODULE(_tenace, module)
{
    module.doc() = "Tenace's double-dummy solver, par, PBN and LIN files and single dummy.";
    errorType() = PyErr_NewExceptionWithDoc("tenace.Error",
                                            "Bad input: the message is the one tenace-cli prints.",
                                            PyExc_ValueError, nullptr);
    if (!errorType())
        throw py::error_already_set();
    module.attr("Error") = py::reinterpret_steal<py::object>(errorType());

    py::class_<core::Deal>(module, "Deal", R"(A deal: the cards of the four hands.

A deal may be partial (an end position, every hand the same length). Build one with
Deal.from_pbn("N:AKQ.JT9.876.5432 ..."); str(deal) gives the PBN string back, from North.)")
        .def_static("from_pbn", &parseDeal, py::arg("pbn"),
                    "Parses a PBN deal string; raises tenace.Error naming the fault.")
        .def(
            "hand",
            [](const core::Deal &deal, const py::object &seat) {
                return deal[toSeat(seat)].toPbn();
            },
            py::arg("seat"), "The hand of `seat` (N E S W) as \"AKQ.JT9.876.5432\".")
        .def(
            "to_pbn",
            [](const core::Deal &deal, const py::object &first) {
                return deal.toPbn(toSeat(first));
            },
            py::arg("first") = "N", "The PBN string starting with `first`.")
        .def("__str__", [](const core::Deal &deal) { return deal.toPbn(); })
        .def("__repr__",
             [](const core::Deal &deal) { return "Deal.from_pbn('" + deal.toPbn() + "')"; })
        .def(py::self == py::self)
        .def("__hash__", [](const core::Deal &deal) { return py::hash(py::str(deal.toPbn())); })
        .def(py::pickle([](const core::Deal &deal) { return deal.toPbn(); },
                        [](const std::string &pbn) { return parseDeal(pbn); }));

    module.def(
        "dd_table",
        [](const py::object &deal, int threads) {
            return toList(solveAll({toDeal(deal)}, threads).front());
        },
        py::arg("deal"), py::arg("threads") = 1,
        R"(The DD table of a complete deal (a Deal or a PBN string).

Returns 5 rows (strains S H D C NT) of 4 trick counts (declarers N E S W), the DDS resTable
layout. Blocks with the GIL released.)");
    module.def("dd_tables", &ddTables, py::arg("deals"), py::arg("threads") = 0,
               R"(The DD tables of many deals, spread over `threads` threads (0: all cores).

Takes an iterable of Deals or PBN strings; returns the tables in the same order. Raises
tenace.Error for the first deal that cannot be solved. Blocks with the GIL released.)");
    module.def("solve", &solve, py::arg("deal"), py::arg("trump"), py::arg("leader"),
               py::arg("played") = std::vector<std::string> {},
               R"(Every legal card of the player to move with the tricks it leads to.

`deal` is a complete deal or an end position (a Deal or a PBN string), `trump` S H D C or NT,
`leader` the seat on lead (N E S W), `played` the cards played since, e.g. ["H2", "HA"]. Returns
{card: tricks}, the tricks the side to move takes of those left (the current trick counted).)");
    module.def("par", &par, py::arg("table"), py::arg("vul"), py::arg("dealer"),
               R"(Par from a DD table (as dd_table returns it).

`vul` is None, NS, EW or All, `dealer` N E S or W. Returns (score, contracts, explanation):
North-South's score, the par contracts as DDS's DealerPar writes them ("4S*-EW-1", "3N-EW",
"pass"), and the reasons in plain words.)");

    bindBoards(module);
    bindAnalysis(module);
}
