// Boards of PBN and LIN files for Python: reading (PBN game by game), the tags, deal, auction and
// play of a board, lossless writing, and annotating a file with DD results.

#include "python/bindings.h"

#include "core/commands/pbn_batch.h"
#include "core/formats/lin_reader.h"
#include "core/formats/pbn_game_reader.h"
#include "core/formats/pbn_writer.h"

#include <fstream>
#include <memory>
#include <sstream>

namespace tenace::python {

namespace {

// One game and what writing it back exactly needs from its file: the character set, the line
// ending, and (for the file's first game) the lines before it.
struct Board
{
    core::PbnGame game;
    core::TextEncoding encoding = core::TextEncoding::Utf8;
    std::string newline = "\r\n";
    std::string leading;
};

// The boards of a file, one at a time: PBN through the streaming reader, LIN read whole. The
// problems found so far are in `issues` (errors and warnings, with file, line and column).
// Used from Python with the GIL held, so one reader is never read by two threads at once.
class BoardReader
{
public:
    BoardReader(const std::string &path, bool lin)
    {
        core::PbnReadOptions options;
        options.sourceName = std::filesystem::path(path).filename().string();
        if (lin) {
            auto result = orRaise(core::readLinFile(path, options));
            m_games = std::move(result.document.games);
            keep(result.issues);
            return;
        }
        m_stream = std::make_unique<std::ifstream>(path, std::ios::binary);
        if (!*m_stream)
            raise({core::ErrorCode::Io, "cannot open '" + path + "' for reading"});
        m_reader = std::make_unique<core::PbnGameReader>(*m_stream, options);
    }

    Board next()
    {
        Board board;
        if (m_reader) {
            std::vector<core::PbnIssue> issues;
            // With the GIL held: a reader is not thread-safe, and a game takes microseconds.
            std::optional<core::PbnGame> game = m_reader->next(issues);
            keep(issues);
            if (!game)
                throw py::stop_iteration();
            board.game = std::move(*game);
            board.encoding = m_reader->encoding();
            board.newline = m_reader->newline();
            if (m_index++ == 0)
                board.leading = m_reader->leading();
            return board;
        }
        if (m_index >= m_games.size())
            throw py::stop_iteration();
        board.game = std::move(m_games[m_index++]);
        return board;
    }

    const std::vector<std::string> &issues() const { return m_issues; }

private:
    void keep(const std::vector<core::PbnIssue> &issues)
    {
        for (const core::PbnIssue &issue : issues)
            m_issues.push_back(issue.error.message);
    }

    std::unique_ptr<std::ifstream> m_stream;
    std::unique_ptr<core::PbnGameReader> m_reader;
    std::vector<core::PbnGame> m_games;
    std::size_t m_index = 0;
    std::vector<std::string> m_issues;
};

py::dict tags(const Board &board)
{
    py::dict out;
    for (const core::PbnItem &item : board.game.items()) {
        const auto *tag = std::get_if<core::PbnTag>(&item);
        if (!tag || out.contains(tag->name))
            continue;
        out[py::str(tag->name)] = board.game.tagValue(tag->name).value_or(tag->value);
    }
    return out;
}

std::vector<std::string> auction(const Board &board)
{
    std::vector<std::string> calls;
    if (const auto recorded = board.game.auction())
        for (const core::PbnCall &call : recorded->calls)
            calls.push_back(call.toPbn());
    return calls;
}

// The cards in playing order (each trick led by the winner of the one before), up to the first
// card not recorded; empty without a Play section or a contract to say what is trumps.
std::vector<std::string> play(const Board &board)
{
    std::vector<std::string> cards;
    const auto recorded = board.game.play();
    const auto contract = core::recordedContract(board.game).contract;
    if (!recorded || !contract)
        return cards;
    const auto sequence = core::pbnPlaySequence(*recorded, contract->strain);
    if (sequence)
        for (const core::PbnPlayedCard &played : *sequence)
            cards.push_back(played.card.toString());
    return cards;
}

std::optional<std::string> contract(const Board &board)
{
    const core::PbnRecordedContract recorded = core::recordedContract(board.game);
    if (recorded.passedOut)
        return "Pass";
    if (!recorded.contract)
        return std::nullopt;
    return recorded.contract->toString();
}

void writePbn(const py::iterable &boards, const std::string &path, bool exportFormat)
{
    core::PbnDocument document;
    bool first = true;
    for (const py::handle item : boards) {
        const auto &board = item.cast<const Board &>();
        if (first) {
            document.encoding = board.encoding;
            document.newline = board.newline;
            document.leading = board.leading;
            first = false;
        }
        document.games.push_back(board.game);
    }
    document.resolveInheritance();
    const auto mode = exportFormat ? core::PbnWriteMode::Export : core::PbnWriteMode::Lossless;
    core::Status status = core::Ok {};
    {
        py::gil_scoped_release release;
        status = core::writePbnFile(path, document, mode);
    }
    if (!status)
        raise(status.error());
}

// Reads `path`, adds the DD results to every board and writes `output` (atomically; `path`
// itself when not given).
py::dict annotate(const std::string &path, const std::optional<std::string> &output, bool playTable,
                  int threads)
{
    const std::string bytes = orRaise(core::readFileBytes(path));
    core::AnnotateOptions options;
    options.playTable = playTable;
    options.threads = threads;
    std::ostringstream messages;
    core::FileBatchResult result;
    const std::string target = output.value_or(path);
    core::Status written = core::Ok {};
    {
        py::gil_scoped_release release;
        const std::string name = std::filesystem::path(path).filename().string();
        result = core::annotateFile(bytes, name, options, messages);
        written = core::writeFileAtomically(target, result.output);
    }
    if (!written)
        raise(written.error());
    std::vector<std::string> lines;
    std::istringstream in(messages.str());
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    py::dict report;
    report["path"] = path;
    report["output"] = target;
    report["problems"] = result.problems;
    report["messages"] = lines;
    return report;
}

} // namespace

void bindBoards(py::module_ &module)
{
    py::class_<Board>(module, "Board", R"(One board (game) of a PBN or LIN file.

Written back with write_pbn() exactly as read unless changed with set_tag() or remove_tag().)")
        .def_property_readonly("tags", &tags,
                               "The tags as {name: value}, inherited values (\"#\") resolved.")
        .def_property_readonly(
            "deal", [](const Board &board) { return board.game.deal(); },
            "The Deal, or None when the board has none.")
        .def_property_readonly(
            "dealer",
            [](const Board &board) -> std::optional<std::string> {
                const auto seat = board.game.dealer();
                return seat ? std::optional(std::string(1, core::seatLetter(*seat))) : std::nullopt;
            },
            "N, E, S or W; None when not given.")
        .def_property_readonly(
            "vulnerability",
            [](const Board &board) -> std::optional<std::string> {
                const auto vul = board.game.vulnerability();
                return vul ? std::optional(std::string(core::vulnerabilityName(*vul)))
                           : std::nullopt;
            },
            "None, NS, EW or All (a string); Python None when not given.")
        .def_property_readonly("auction", &auction,
                               "The calls from the Auction tag's seat: \"1NT\", \"Pass\", \"X\".")
        .def_property_readonly("contract", &contract,
                               "\"4S by N\", \"Pass\" when passed out, None when not recorded.")
        .def_property_readonly("play", &play, "The cards played, in playing order.")
        .def(
            "set_tag",
            [](Board &board, const std::string &name, const std::string &value) {
                board.game.setTag(name, value);
            },
            py::arg("name"), py::arg("value"),
            "Sets a tag (the board is then written in the export layout).")
        .def(
            "remove_tag", [](Board &board, const std::string &name) { board.game.removeTag(name); },
            py::arg("name"), "Removes every occurrence of a tag.")
        .def(
            "to_pbn", [](const Board &board) { return core::formatPbnGame(board.game, "\n"); },
            "The board in the PBN export layout.")
        .def("__repr__", [](const Board &board) {
            return "<tenace.Board " + board.game.tagValue("Board").value_or("?") + ">";
        });

    py::class_<BoardReader>(module, "BoardReader",
                            "The boards of a file, read one at a time; `issues` lists the "
                            "problems met so far (with file, line and column).")
        .def("__iter__", [](BoardReader &reader) -> BoardReader & { return reader; })
        .def("__next__", &BoardReader::next)
        .def_property_readonly("issues", &BoardReader::issues);

    module.def(
        "read_pbn", [](const std::string &path) { return BoardReader(path, false); },
        py::arg("path"), R"(The boards of a PBN file, read one at a time (for files of any size).

Raises OSError when the file cannot be opened. Problems in the file do not stop reading; they
are listed in the reader's `issues`.)");
    module.def(
        "read_lin", [](const std::string &path) { return BoardReader(path, true); },
        py::arg("path"), "The boards of a LIN file (BBO hand records), as PBN boards.");
    module.def("write_pbn", &writePbn, py::arg("boards"), py::arg("path"),
               py::arg("export") = false,
               R"(Writes boards to a PBN file, atomically.

Boards read from a PBN file and not changed are written byte for byte as read (the lossless
writer); with export=True every board is written in the strict PBN export format.)");
    module.def("annotate", &annotate, py::arg("path"), py::arg("output") = py::none(),
               py::arg("play_table") = true, py::arg("threads") = 0,
               R"(Adds DD results to every board of a PBN or LIN file, as tenace-cli annotate.

Writes `output` (atomically; `path` itself when None). Returns {"path", "output", "problems",
"messages"}: the messages tenace-cli prints and how many of them are problems.)");
}

} // namespace tenace::python
