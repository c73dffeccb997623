// Simulation and single dummy for Python, with tenace-cli's arguments (simulate, lead, sd) and
// its messages; results as Python objects. The analyses run with the GIL released.

#include "python/bindings.h"

#include "core/analysis/simulation.h"
#include "core/commands/single_dummy_command.h"
#include "core/model/dealer.h"

#include <sstream>

namespace tenace::python {

namespace {

struct Simulation
{
    core::SimulationSpec spec;
    core::SimulationResult result;
};

// The spec as `tenace-cli simulate` builds it from --deal, --constrain, --deals and --seed.
core::SimulationSpec simulationSpec(const std::optional<std::string> &deal,
                                    const std::vector<std::string> &constraints, int deals,
                                    std::uint64_t seed, int threads)
{
    core::SimulationSpec spec;
    spec.seed = seed;
    spec.deals = deals > 0 ? deals : 100;
    spec.table.threads = threads;
    if (deal) {
        auto parsed = core::parsePbnDeal(*deal);
        if (!parsed)
            raise({parsed.error().code, "--deal: " + parsed.error().message});
        spec.fixed = *parsed;
    } else {
        const core::Deal random = core::Dealer(seed).deal();
        spec.fixed[core::Seat::North] = random[core::Seat::North];
        spec.fixed[core::Seat::South] = random[core::Seat::South];
    }
    for (const std::string &item : constraints) {
        auto parsed = core::parseSeatConstraint(item);
        if (!parsed)
            raise({parsed.error().code, "--constrain " + parsed.error().message});
        if (!spec.fixed[parsed->seat].empty())
            raise({core::ErrorCode::InvalidArgument,
                   "--constrain " + std::string(core::seatName(parsed->seat)) +
                       ": that hand is fixed by --deal"});
        spec.constraints[static_cast<std::size_t>(core::index(parsed->seat))] = parsed->constraint;
    }
    return spec;
}

// A Deal as its PBN string, so that the text goes through the CLI's checks and messages.
std::string dealText(const py::object &deal)
{
    if (py::isinstance<core::Deal>(deal))
        return deal.cast<core::Deal>().toPbn();
    if (!py::isinstance<py::str>(deal))
        throw py::type_error("expected a tenace.Deal or a PBN deal string");
    return deal.cast<std::string>();
}

Simulation simulate(const py::object &deal, const std::vector<std::string> &constraints, int deals,
                    std::uint64_t seed, int threads)
{
    const auto text = deal.is_none() ? std::nullopt : std::optional(dealText(deal));
    Simulation simulation {simulationSpec(text, constraints, deals, seed, threads), {}};
    core::Result<core::SimulationResult> result = core::Error {};
    {
        py::gil_scoped_release release;
        result = core::runSimulation(simulation.spec);
    }
    simulation.result = orRaise(std::move(result));
    return simulation;
}

struct SingleDummy
{
    bool lead = true;
    core::SingleDummySpec spec;
    core::SingleDummyResult result;

    std::string report(bool tsv) const
    {
        std::ostringstream out;
        core::writeSingleDummyReport(lead, tsv, spec, result, out);
        return out.str();
    }
};

std::string joinCards(const py::object &played)
{
    if (py::isinstance<py::str>(played))
        return played.cast<std::string>();
    std::string text;
    for (const py::handle card : played.cast<py::iterable>())
        text += py::str(card).cast<std::string>() + " ";
    return text;
}

SingleDummy singleDummy(bool lead, core::SingleDummyCommand command)
{
    SingleDummy out;
    out.lead = lead;
    out.spec = orRaise(core::makeSingleDummySpec(lead, command));
    core::Result<core::SingleDummyResult> result = core::Error {};
    {
        py::gil_scoped_release release;
        result = core::analyseSingleDummy(out.spec);
    }
    out.result = orRaise(std::move(result));
    return out;
}

// The options shared by lead_table() and sd(), after the hand or deal.
const char *const singleDummyArguments = R"(
`contract` e.g. "4S", "3NT", "5DX"; `declarer` N E S or W; `vul` None, NS, EW or All;
`constraints` on hidden seats, e.g. ["E:hcp=12-17,S=5-"]; `layouts` 0 for the CLI's default;
`until_settled` stops once the best card is ahead beyond two standard errors. Raises
tenace.Error with tenace-cli's message for bad arguments or when no layout fits.)";

} // namespace

void bindAnalysis(py::module_ &module)
{
    static const std::string leadDoc =
        std::string("The opening leads of `hand` (\"W:KQT5.987.A32.J54\"), as tenace-cli lead.\n") +
        singleDummyArguments;
    static const std::string sdDoc = std::string("Every legal card of the seat to play in `deal` "
                                                 "after `played` (\"H2 HA\" or a list), as "
                                                 "tenace-cli sd.\n") +
        singleDummyArguments;
    py::class_<Simulation>(module, "Simulation", "The deals and DD tables of a simulation.")
        .def_property_readonly("deals", [](const Simulation &s) { return s.result.deals; })
        .def_property_readonly("tables",
                               [](const Simulation &s) {
                                   py::list tables;
                                   for (const core::DdTable &table : s.result.tables)
                                       tables.append(toList(table));
                                   return tables;
                               })
        .def(
            "mean",
            [](const Simulation &s, const py::object &strain, const py::object &declarer) {
                return s.result.distribution.mean(toStrain(strain), toSeat(declarer));
            },
            py::arg("strain"), py::arg("declarer"), "Mean tricks of `declarer` in `strain`.")
        .def(
            "make_probability",
            [](const Simulation &s, const py::object &strain, const py::object &declarer,
               int level) {
                return s.result.distribution.makeProbability(toStrain(strain), toSeat(declarer),
                                                             level);
            },
            py::arg("strain"), py::arg("declarer"), py::arg("level"),
            "The share of deals where declarer takes at least level + 6 tricks.")
        .def(
            "report",
            [](const Simulation &s, bool histogram) {
                std::ostringstream out;
                core::writeSimulationReport(s.spec, s.result, histogram, out);
                return out.str();
            },
            py::arg("histogram") = false, "The report tenace-cli simulate prints.")
        .def(
            "to_pbn",
            [](const Simulation &s) {
                std::ostringstream out;
                core::writeSimulationPbn(s.spec, s.result, out);
                return out.str();
            },
            "Every deal as a PBN game with its DD table (tenace-cli simulate --pbn).");

    module.def("simulate", &simulate, py::arg("deal") = py::none(),
               py::arg("constraints") = std::vector<std::string> {}, py::arg("deals") = 100,
               py::arg("seed") = 1, py::arg("threads") = 0,
               R"(Keeps the hands of `deal` ("-" for a random hand; default: North and South of a
random deal), deals the others `deals` times under `constraints` (e.g. ["E:hcp=12-17"]) and
solves every DD table, as tenace-cli simulate. Reproducible for a seed.)");

    py::class_<core::CardValue>(module, "CardValue",
                                "A card's single-dummy value. `tricks` and `make` are declarer's "
                                "side's (for a lead, the defence takes 13 - tricks and sets with "
                                "chance 1 - make).")
        .def_property_readonly("card", [](const core::CardValue &v) { return v.card.toString(); })
        .def_readonly("tricks", &core::CardValue::tricks)
        .def_readonly("tricks_se", &core::CardValue::tricksSe)
        .def_readonly("make", &core::CardValue::make)
        .def_readonly("make_se", &core::CardValue::makeSe)
        .def_readonly("imps", &core::CardValue::imps)
        .def_readonly("imps_se", &core::CardValue::impsSe)
        .def_readonly("better", &core::CardValue::better)
        .def_readonly("equal", &core::CardValue::equal)
        .def_readonly("worse", &core::CardValue::worse)
        .def_readonly("guess", &core::CardValue::guess)
        .def("__repr__", [](const core::CardValue &v) {
            return "<CardValue " + v.card.toString() + " tricks=" + std::to_string(v.tricks) + ">";
        });

    py::class_<SingleDummy>(module, "SingleDummyResult",
                            "Single-dummy values of every card, best first for the viewer.")
        .def_property_readonly(
            "viewer",
            [](const SingleDummy &s) { return std::string(1, core::seatLetter(s.result.viewer)); })
        .def_property_readonly("layouts", [](const SingleDummy &s) { return s.result.layouts; })
        .def_property_readonly("settled", [](const SingleDummy &s) { return s.result.settled; })
        .def_property_readonly("cards", [](const SingleDummy &s) { return s.result.cards; })
        .def(
            "tsv", [](const SingleDummy &s) { return s.report(true); },
            "The lines tenace-cli prints with --tsv.")
        .def(
            "table", [](const SingleDummy &s) { return s.report(false); },
            "The table tenace-cli prints.");

    module.def(
        "lead_table",
        [](const std::string &hand, const std::string &contract, const std::string &declarer,
           const std::string &vul, const std::vector<std::string> &constraints, int layouts,
           std::uint64_t seed, bool untilSettled, int threads) {
            core::SingleDummyCommand command;
            command.hand = hand;
            command.contract = contract;
            command.declarer = declarer;
            command.vulnerability = vul;
            command.constraints = constraints;
            command.layouts = layouts;
            command.seed = seed;
            command.untilSettled = untilSettled;
            command.pool.threads = threads;
            return singleDummy(true, command);
        },
        py::arg("hand"), py::arg("contract"), py::arg("declarer"), py::arg("vul") = "None",
        py::arg("constraints") = std::vector<std::string> {}, py::arg("layouts") = 0,
        py::arg("seed") = 1, py::arg("until_settled") = false, py::arg("threads") = 0,
        leadDoc.c_str());
    module.def(
        "sd",
        [](const py::object &deal, const std::string &contract, const std::string &declarer,
           const py::object &played, const std::string &vul,
           const std::vector<std::string> &constraints, int layouts, std::uint64_t seed,
           bool untilSettled, int threads) {
            core::SingleDummyCommand command;
            command.deal = dealText(deal);
            command.contract = contract;
            command.declarer = declarer;
            command.played = joinCards(played);
            command.vulnerability = vul;
            command.constraints = constraints;
            command.layouts = layouts;
            command.seed = seed;
            command.untilSettled = untilSettled;
            command.pool.threads = threads;
            return singleDummy(false, command);
        },
        py::arg("deal"), py::arg("contract"), py::arg("declarer"), py::arg("played") = "",
        py::arg("vul") = "None", py::arg("constraints") = std::vector<std::string> {},
        py::arg("layouts") = 0, py::arg("seed") = 1, py::arg("until_settled") = false,
        py::arg("threads") = 0, sdDoc.c_str());
}

} // namespace tenace::python
