#include "core/formats/lin_reader.h"

#include "core/formats/lin_values.h"

#include "core/formats/text_encoding.h"
#include "core/model/position.h"

#include <algorithm>
#include <cctype>

namespace tenace::core {

namespace {

struct LinBoard
{
    PbnPosition position;
    std::vector<std::string> names; // pn| order: South, West, North, East (8 names: two rooms)
    std::optional<LinDeal> deal;
    std::optional<Vulnerability> vulnerability;
    std::string board;
    char room = 0; // 'o' open, 'c' closed
    std::vector<PbnCall> calls;
    std::vector<PbnNote> notes;
    std::vector<PbnPlayCard> cards; // in playing order, with their positions and comments
    std::optional<int> claim;
    std::vector<std::string> comments; // before the first call
};

struct LinEvent
{
    std::string event, stage, scoring, homeTeam, visitTeam;
};

std::string braceComment(std::string text)
{
    std::replace(text.begin(), text.end(), '}', ')');
    return "{" + text + "}";
}

// A LIN value as the value of a PBN tag, which cannot hold a line break: each run of CR and LF
// (a value continued on the next line of the file) becomes one space.
std::string oneLine(std::string_view value)
{
    std::string out;
    out.reserve(value.size());
    for (std::size_t i = 0; i < value.size(); ++i) {
        if (value[i] != '\r' && value[i] != '\n')
            out += value[i];
        else if (i == 0 || (value[i - 1] != '\r' && value[i - 1] != '\n'))
            out += ' ';
    }
    return out;
}

std::vector<std::string> splitCommas(std::string_view s)
{
    std::vector<std::string> out;
    std::size_t pos = 0;
    for (;;) {
        const std::size_t end = s.find(',', pos);
        out.emplace_back(
            trimBlanks(s.substr(pos, end == std::string_view::npos ? end : end - pos)));
        if (end == std::string_view::npos)
            return out;
        pos = end + 1;
    }
}

// Collects the pairs of each board and turns the board into a PBN game.
class LinConverter
{
public:
    LinConverter(std::vector<PbnIssue> &issues, std::vector<PbnGame> &games)
        : m_issues(issues), m_games(games)
    {
    }

    void pair(const LinPair &p)
    {
        const std::string &k = p.key;
        if (k == "qx")
            return roomAndBoard(p);
        if (k == "md")
            return deal(p);
        if (k == "pn")
            return names(p);
        if (k == "vg")
            return event(p);
        if (k == "rs")
            return void(m_results = splitCommas(p.value));
        if (k == "sv")
            return vulnerability(p);
        if (k == "ah")
            board(p).board = boardNumber(p.value);
        else if (k == "mb")
            call(p);
        else if (k == "an")
            explanation(p);
        else if (k == "pc")
            card(p);
        else if (k == "mc")
            claim(p);
        else if (k == "nt")
            commentary(p);
        // Other keys (st, rh, pg, rs, sk, ...) carry nothing a PBN game keeps.
    }

    void finish() { flush(); }

private:
    int gameIndex() const { return m_board ? static_cast<int>(m_games.size()) : -1; }
    void report(Error error) { m_issues.push_back(pbnIssue(gameIndex(), std::move(error))); }

    LinBoard &board(const LinPair &p)
    {
        if (!m_board)
            start(p.keyPosition);
        return *m_board;
    }

    void start(PbnPosition at)
    {
        flush();
        m_board.emplace();
        m_board->position = at;
        m_board->names = m_names;
    }

    static std::string boardNumber(std::string_view value)
    {
        const std::size_t digit = value.find_first_of("0123456789");
        if (digit == std::string_view::npos)
            return std::string(trimBlanks(value));
        const std::size_t end = value.find_first_not_of("0123456789", digit);
        return std::string(value.substr(digit, end == std::string_view::npos ? end : end - digit));
    }

    void roomAndBoard(const LinPair &p)
    {
        start(p.keyPosition);
        const std::string_view v = trimBlanks(p.value);
        if (!v.empty() && (v[0] == 'o' || v[0] == 'c' || v[0] == 'O' || v[0] == 'C'))
            m_board->room = static_cast<char>(v[0] | 0x20);
        if (v.size() > 1 && (v[0] == 'o' || v[0] == 'c' || v[0] == 'O' || v[0] == 'C'))
            m_board->board = boardNumber(v.substr(1));
        if (m_board->room == 'c' && m_names.size() >= 8)
            m_board->names.assign(m_names.begin() + 4, m_names.begin() + 8);
    }

    void deal(const LinPair &p)
    {
        if (!m_board || m_board->deal)
            start(p.keyPosition);
        auto d = parseLinDeal(p.value, p.valuePosition);
        if (!d)
            return report(d.error());
        m_board->deal = *d;
    }

    void names(const LinPair &p)
    {
        m_names = splitCommas(p.value);
        if (m_board && m_board->calls.empty() && m_board->cards.empty())
            m_board->names = m_names;
    }

    void event(const LinPair &p)
    {
        const auto f = splitCommas(p.value);
        auto field = [&](std::size_t i) { return i < f.size() ? f[i] : std::string(); };
        const std::string scoring = toUpperAscii(field(2));
        m_event = {field(0), field(1),
                   scoring == "I"       ? "IMP"
                       : scoring == "P" ? "MP"
                       : scoring == "B" ? "BAM"
                                        : field(2),
                   field(5), field(7)};
    }

    void vulnerability(const LinPair &p)
    {
        const std::string v = toUpperAscii(trimBlanks(p.value));
        LinBoard &b = board(p);
        if (v == "O" || v == "0" || v == "-" || v.empty() || v == "NONE")
            b.vulnerability = Vulnerability::None;
        else if (v == "N" || v == "NS")
            b.vulnerability = Vulnerability::NorthSouth;
        else if (v == "E" || v == "EW")
            b.vulnerability = Vulnerability::EastWest;
        else if (v == "B" || v == "BOTH" || v == "ALL")
            b.vulnerability = Vulnerability::Both;
        else
            report(pbnError(p.valuePosition, ErrorCode::Syntax,
                            "unknown vulnerability " + quotedText(p.value) +
                                " in sv| (expected o, n, e or b)"));
    }

    void call(const LinPair &p)
    {
        bool alert = false;
        auto c = parseLinCall(p.value, p.valuePosition, alert);
        if (!c)
            return report(c.error());
        LinBoard &b = board(p);
        b.calls.push_back(*c);
        if (alert)
            addNote(b, "alert");
    }

    static void addNote(LinBoard &b, std::string text)
    {
        const int n = static_cast<int>(b.notes.size()) + 1;
        b.notes.push_back({n, std::move(text)});
        b.calls.back().annotations.note = n;
    }

    void explanation(const LinPair &p)
    {
        if (!m_board || m_board->calls.empty())
            return report(
                pbnError(p.keyPosition, ErrorCode::Syntax, "an| without a call before it"));
        LinBoard &b = *m_board;
        if (auto n = b.calls.back().annotations.note)
            b.notes[static_cast<std::size_t>(*n - 1)].text = p.value;
        else
            addNote(b, p.value);
    }

    void card(const LinPair &p)
    {
        auto c = parseCard(trimBlanks(p.value));
        if (!c)
            return report(pbnError(p.valuePosition, ErrorCode::Syntax,
                                   "unknown card " + quotedText(p.value) +
                                       " in pc| (expected e.g. SK or h7)"));
        PbnPlayCard pc = PbnPlayCard::of(*c);
        pc.position = p.valuePosition;
        board(p).cards.push_back(std::move(pc));
    }

    void claim(const LinPair &p)
    {
        auto n = parseDecimal(trimBlanks(p.value));
        if (!n || *n > 13)
            return report(pbnError(p.valuePosition, ErrorCode::Syntax,
                                   "invalid claim " + quotedText(p.value) +
                                       " in mc| (expected 0 to 13 tricks)"));
        board(p).claim = *n;
    }

    void commentary(const LinPair &p)
    {
        if (!m_board)
            return; // chat before the first board
        LinBoard &b = *m_board;
        std::string text = braceComment(p.value);
        if (!b.cards.empty())
            b.cards.back().annotations.comments.push_back(std::move(text));
        else if (!b.calls.empty())
            b.calls.back().annotations.comments.push_back(std::move(text));
        else
            b.comments.push_back(std::move(text));
    }

    void flush();
    void addIdentification(PbnGame &game, const LinBoard &b, std::optional<Seat> dealer) const;
    void addAuctionAndPlay(PbnGame &game, const LinBoard &b, Seat dealer);
    void addPlay(PbnGame &game, const LinBoard &b, const Contract &contract);
    std::optional<int> listedResult(const Contract &contract) const;

    std::vector<PbnIssue> &m_issues;
    std::vector<PbnGame> &m_games;
    std::optional<LinBoard> m_board;
    std::vector<std::string> m_names;
    std::vector<std::string> m_results; // rs|: one per board, in file order
    LinEvent m_event;
};

// The rs| entry of the board being converted, when it is about the same contract.
std::optional<int> LinConverter::listedResult(const Contract &contract) const
{
    const std::size_t board = m_games.size();
    const auto listed = board < m_results.size() ? parseLinResult(m_results[board]) : std::nullopt;
    const PbnContract same {false, contract.level, contract.strain, contract.doubling};
    if (!listed || !(listed->contract == same) || listed->declarer != contract.declarer)
        return std::nullopt;
    return listed->tricks;
}

void LinConverter::flush()
{
    if (!m_board)
        return;
    const LinBoard &b = *m_board;
    std::optional<Seat> dealer = b.deal ? b.deal->dealer : std::nullopt;
    if (auto n = parseDecimal(b.board); !dealer && n && *n > 0)
        dealer = seatAt(*n - 1); // boards 1, 2, 3, 4 are dealt by N, E, S, W
    PbnGame game;
    for (const auto &c : b.comments)
        game.appendComment(c);
    addIdentification(game, b, dealer);
    if (dealer)
        addAuctionAndPlay(game, b, *dealer);
    else if (!b.calls.empty())
        report(pbnError(b.calls.front().position, ErrorCode::InvalidArgument,
                        "the dealer is unknown (no dealer digit in md| and no board number)"));
    m_games.push_back(std::move(game));
    m_board.reset();
}

void LinConverter::addIdentification(PbnGame &game, const LinBoard &b,
                                     std::optional<Seat> dealer) const
{
    if (!m_event.event.empty())
        game.setTag("Event", oneLine(m_event.event));
    if (!b.board.empty())
        game.setTag("Board", oneLine(b.board));
    if (b.names.size() >= 4) {
        game.setTag("West", oneLine(b.names[1]));
        game.setTag("North", oneLine(b.names[2]));
        game.setTag("East", oneLine(b.names[3]));
        game.setTag("South", oneLine(b.names[0]));
    }
    if (dealer)
        game.setTag("Dealer", std::string(1, seatLetter(*dealer)));
    if (b.vulnerability)
        game.setTag("Vulnerable", std::string(vulnerabilityName(*b.vulnerability)));
    if (b.deal)
        game.setTag("Deal", b.deal->deal.toPbn(dealer.value_or(Seat::North)));
    if (!m_event.scoring.empty())
        game.setTag("Scoring", oneLine(m_event.scoring));
    if (b.room)
        game.setTag("Room", b.room == 'o' ? "Open" : "Closed");
    if (!m_event.stage.empty())
        game.setTag("Stage", oneLine(m_event.stage));
    if (!m_event.homeTeam.empty())
        game.setTag("HomeTeam", oneLine(m_event.homeTeam));
    if (!m_event.visitTeam.empty())
        game.setTag("VisitTeam", oneLine(m_event.visitTeam));
}

void LinConverter::addAuctionAndPlay(PbnGame &game, const LinBoard &b, Seat dealer)
{
    if (b.calls.empty()) {
        if (!b.cards.empty())
            report(pbnError(b.cards.front().position, ErrorCode::InvalidArgument,
                            "cards played without an auction"));
        return;
    }
    PbnAuction auction;
    auction.first = dealer;
    auction.calls = b.calls;
    auto outcome = evaluatePbnAuction(auction);
    if (!outcome)
        report(outcome.error());
    const bool contract = outcome && outcome->finished && !outcome->passedOut;
    if (outcome && outcome->finished) {
        const Contract &k = outcome->contract;
        game.setTag("Declarer", outcome->passedOut ? "" : std::string(1, seatLetter(k.declarer)));
        game.setTag("Contract",
                    outcome->passedOut
                        ? "Pass"
                        : PbnContract {false, k.level, k.strain, k.doubling}.toPbn());
        if (outcome->passedOut)
            game.setTag("Result", "");
    }
    game.setAuction(auction);
    for (const PbnNote &note : b.notes)
        game.appendTag("Note", std::to_string(note.index) + ":" + oneLine(note.text));
    if (contract)
        addPlay(game, b, outcome->contract);
    else if (!b.cards.empty())
        report(pbnError(b.cards.front().position, ErrorCode::InvalidArgument,
                        "cards played but the auction does not end in a contract"));
}

void LinConverter::addPlay(PbnGame &game, const LinBoard &b, const Contract &contract)
{
    PbnPlay play;
    play.first = contract.openingLeader();
    Seat leader = play.first;
    std::array<Card, 4> trick;
    int declarerTricks = 0;
    const std::size_t count = std::min<std::size_t>(b.cards.size(), 52);
    for (std::size_t i = 0; i < count; ++i) {
        if (i % 4 == 0)
            play.tricks.emplace_back();
        play.at(static_cast<int>(i / 4), next(leader, static_cast<int>(i % 4))) = b.cards[i];
        trick[i % 4] = b.cards[i].card;
        if (i % 4 == 3) {
            leader = trickWinner(leader, trick, contract.strain);
            declarerTricks += sideOf(leader) == sideOf(contract.declarer) ? 1 : 0;
        }
    }
    if (b.cards.size() > 52)
        report(pbnError(b.cards[52].position, ErrorCode::IllegalPlay, "more than 52 cards played"));
    if (b.deal && checkComplete(b.deal->deal).ok()) {
        if (auto seq = pbnPlaySequence(play, contract.strain, &b.deal->deal); !seq)
            report(seq.error());
    }
    std::optional<int> result = b.claim;
    if (!result && count == 52)
        result = declarerTricks;
    if (!result)
        result = listedResult(contract);
    if (result)
        game.setTag("Result", std::to_string(*result));
    if (count == 0)
        return;
    play.end = count < 52 ? PbnSectionEnd::Stopped : PbnSectionEnd::Open;
    game.setPlay(play);
}

} // namespace

PbnReadResult readLin(std::string_view bytes, const PbnReadOptions &options)
{
    PbnReadResult result;
    const DecodedText decoded = decodeText(bytes);
    result.document.encoding = decoded.encoding;
    const std::string text = unwrapLinUrl(decoded.text);
    const auto pairs = splitLinPairs(text, result.issues);
    LinConverter converter(result.issues, result.document.games);
    for (const LinPair &p : pairs) {
        converter.pair(p);
        if (options.progress && p.key == "md")
            options.progress(p.offset, text.size());
    }
    converter.finish();
    if (options.progress)
        options.progress(text.size(), text.size());
    result.document.resolveInheritance();
    if (!options.sourceName.empty()) {
        for (auto &issue : result.issues)
            issue.error.message = options.sourceName + ": " + issue.error.message;
    }
    return result;
}

Result<PbnReadResult> readLinFile(const std::filesystem::path &path, const PbnReadOptions &options)
{
    auto bytes = readFileBytes(path);
    if (!bytes)
        return bytes.error();
    PbnReadOptions named = options;
    if (named.sourceName.empty())
        named.sourceName = path.filename().string();
    return readLin(*bytes, named);
}

bool looksLikeLin(std::string_view bytes)
{
    std::string_view t = trimBlanks(bytes);
    if (t.starts_with("\xEF\xBB\xBF"))
        t = trimBlanks(t.substr(3));
    if (t.starts_with("http") || t.starts_with("www."))
        return t.find("lin=") != std::string_view::npos;
    return t.size() >= 3 && isLinKeyChar(t[0]) && isLinKeyChar(t[1]) && t[2] == '|';
}

namespace {

bool endsWithNoCase(std::string_view text, std::string_view suffix)
{
    if (text.size() < suffix.size())
        return false;
    return std::equal(suffix.begin(), suffix.end(), text.end() - suffix.size(), [](char a, char b) {
        return std::tolower(static_cast<unsigned char>(a)) == b;
    });
}

} // namespace

bool isLinText(std::string_view bytes, std::string_view name)
{
    if (endsWithNoCase(name, ".lin"))
        return true;
    return !endsWithNoCase(name, ".pbn") && looksLikeLin(bytes);
}

PbnReadResult readBridgeText(std::string_view bytes, std::string_view name,
                             const PbnReadOptions &options)
{
    if (!isLinText(bytes, name))
        return readPbn(bytes, options);
    PbnReadResult result = readLin(bytes, options);
    if (options.checkSemantics) {
        const std::string prefix = options.sourceName.empty() ? "" : options.sourceName + ": ";
        for (std::size_t i = 0; i < result.document.games.size(); ++i) {
            for (PbnIssue &issue : validatePbnGame(result.document.games[i], static_cast<int>(i))) {
                issue.error.message = prefix + issue.error.message;
                result.issues.push_back(std::move(issue));
            }
        }
    }
    return result;
}

} // namespace tenace::core
