#include "core/formats/pbn_auction.h"

namespace tenace::core {

namespace {

Result<PbnCall> parseCall(const PbnMove &move)
{
    const std::string t = toUpperAscii(move.token);
    PbnCall call;
    call.annotations = move.annotations;
    call.position = move.position;
    if (t == "PASS" || t == "P")
        call.kind = PbnCallKind::Pass;
    else if (t == "X")
        call.kind = PbnCallKind::Double;
    else if (t == "XX")
        call.kind = PbnCallKind::Redouble;
    else if (t == "AP" || t == "ALLPASS")
        call.kind = PbnCallKind::AllPass;
    else if (t == "-")
        call.kind = PbnCallKind::Placeholder;
    else if (t == "^S")
        call.kind = PbnCallKind::Skipped;
    else if (t.size() >= 2 && t[0] >= '1' && t[0] <= '7' &&
             (t.size() == 2 || t.substr(1) == "NT")) {
        auto strain = t.size() == 3 ? std::optional(Strain::NoTrump) : strainFromLetter(t[1]);
        if (!strain)
            return pbnError(move.position, ErrorCode::Syntax,
                            "unknown call " + quotedText(move.token));
        call.kind = PbnCallKind::Bid;
        call.level = t[0] - '0';
        call.strain = *strain;
    } else {
        return pbnError(move.position, ErrorCode::Syntax,
                        "unknown call " + quotedText(move.token) +
                            " (expected e.g. Pass, X, XX, 1NT, 4S or AP)");
    }
    if (move.irregularity == 'I' && call.kind == PbnCallKind::Bid)
        call.insufficient = true;
    else if (move.irregularity)
        return pbnError(move.position, ErrorCode::Syntax,
                        std::string("irregularity ^") + move.irregularity + " does not apply to " +
                            quotedText(move.token));
    return call;
}

// "All Pass" (two words, any case), as teaching files write AP.
bool isAllPass(const std::vector<PbnMove> &moves, std::size_t i)
{
    return i + 1 < moves.size() && toUpperAscii(moves[i].token) == "ALL" &&
        moves[i].annotations.empty() && !moves[i].irregularity && !moves[i + 1].irregularity &&
        toUpperAscii(moves[i + 1].token) == "PASS";
}

// The AP call of the two moves at i (and skips the second).
Result<PbnCall> allPass(const std::vector<PbnMove> &moves, std::size_t &i)
{
    PbnCall call;
    call.kind = PbnCallKind::AllPass;
    call.position = moves[i].position;
    call.annotations = moves[++i].annotations;
    return call;
}

bool isHigher(const PbnCall &bid, int level, Strain strain)
{
    // Strain rank for bidding: C < D < H < S < NT.
    static constexpr int rank[] = {3, 2, 1, 0, 4};
    return bid.level > level ||
        (bid.level == level && rank[index(bid.strain)] > rank[index(strain)]);
}

std::string callName(const PbnCall &c)
{
    return c.kind == PbnCallKind::Bid ? std::to_string(c.level) + std::string(strainName(c.strain))
                                      : c.toPbn();
}

// The replay of an auction, call by call.
class AuctionReplay
{
public:
    explicit AuctionReplay(Seat first) : m_seat(first) { }

    Status call(const PbnCall &c)
    {
        if (m_out.finished && (c.kind == PbnCallKind::Pass || c.kind == PbnCallKind::AllPass)) {
            m_out.warnings.push_back(
                pbnError(c.position, ErrorCode::Syntax,
                         callName(c) + " after the end of the auction (ignored)"));
            return Ok {};
        }
        if (m_out.finished)
            return pbnError(c.position, ErrorCode::Syntax,
                            callName(c) + " after the end of the auction");
        if (auto ok = apply(c); !ok)
            return ok;
        if (c.kind != PbnCallKind::Placeholder)
            m_started = true;
        m_seat = next(m_seat);
        if (m_passes == (m_hasBid ? 3 : 4) || c.kind == PbnCallKind::AllPass)
            finish();
        return Ok {};
    }
    const PbnAuctionOutcome &outcome() const { return m_out; }

private:
    Status apply(const PbnCall &c)
    {
        const bool opponents = m_hasBid && sideOf(m_out.contract.declarer) != sideOf(m_seat);
        switch (c.kind) {
        case PbnCallKind::Placeholder:
            if (m_started)
                return pbnError(c.position, ErrorCode::Syntax,
                                "'-' after the first call of the auction");
            return Ok {};
        case PbnCallKind::Skipped:
        case PbnCallKind::AllPass:
            return Ok {};
        case PbnCallKind::Pass:
            ++m_passes;
            return Ok {};
        case PbnCallKind::Double:
            if (!opponents || m_out.contract.doubling != Doubling::Undoubled)
                return pbnError(c.position, ErrorCode::IllegalPlay,
                                std::string(seatName(m_seat)) +
                                    "'s double is not allowed (no undoubled opponents' bid)");
            return changeRisk(Doubling::Doubled);
        case PbnCallKind::Redouble:
            if (!m_hasBid || opponents || m_out.contract.doubling != Doubling::Doubled)
                return pbnError(c.position, ErrorCode::IllegalPlay,
                                std::string(seatName(m_seat)) +
                                    "'s redouble is not allowed (no opponents' double)");
            return changeRisk(Doubling::Redoubled);
        case PbnCallKind::Bid:
            return bid(c);
        }
        return Ok {};
    }

    Status changeRisk(Doubling d)
    {
        m_out.contract.doubling = d;
        m_passes = 0;
        return Ok {};
    }

    Status bid(const PbnCall &c)
    {
        Contract &k = m_out.contract;
        if (m_hasBid && !c.insufficient && !isHigher(c, k.level, k.strain))
            return pbnError(c.position, ErrorCode::IllegalPlay,
                            callName(c) + " by " + std::string(seatName(m_seat)) +
                                " is not higher than " + std::to_string(k.level) +
                                std::string(strainName(k.strain)));
        auto &first = m_firstBidder[index(sideOf(m_seat))][index(c.strain)];
        if (!first)
            first = m_seat;
        k = Contract {c.level, c.strain, Doubling::Undoubled, *first};
        m_hasBid = true;
        m_passes = 0;
        return Ok {};
    }

    void finish()
    {
        m_out.finished = true;
        m_out.passedOut = !m_hasBid;
    }

    Seat m_seat;
    bool m_started = false;
    bool m_hasBid = false;
    int m_passes = 0;
    std::optional<Seat> m_firstBidder[2][5];
    PbnAuctionOutcome m_out;
};

} // namespace

std::string PbnCall::toPbn() const
{
    switch (kind) {
    case PbnCallKind::Pass:
        return "Pass";
    case PbnCallKind::Double:
        return "X";
    case PbnCallKind::Redouble:
        return "XX";
    case PbnCallKind::AllPass:
        return "AP";
    case PbnCallKind::Placeholder:
        return "-";
    case PbnCallKind::Skipped:
        return "^S";
    case PbnCallKind::Bid:
        break;
    }
    std::string out = insufficient ? "^I " : "";
    out += std::to_string(level);
    out += strainName(strain);
    return out;
}

Result<PbnAuction> parsePbnAuction(Seat first, const std::vector<PbnSectionToken> &tokens)
{
    auto moves = parsePbnMoves(tokens, 0);
    if (!moves)
        return moves.error();
    PbnAuction auction;
    auction.first = first;
    auction.end = moves->end;
    auction.leadingComments = std::move(moves->leadingComments);
    auction.trailingComments = std::move(moves->trailingComments);
    for (std::size_t i = 0; i < moves->moves.size(); ++i) {
        const PbnMove &move = moves->moves[i];
        if (move.token == "+") {
            if (i + 1 != moves->moves.size())
                return pbnError(moves->moves[i + 1].position, ErrorCode::Syntax, "call after '+'");
            auction.end = PbnSectionEnd::Continued;
            break;
        }
        auto call = isAllPass(moves->moves, i) ? allPass(moves->moves, i) : parseCall(move);
        if (!call)
            return call.error();
        auction.calls.push_back(std::move(*call));
    }
    return auction;
}

PbnAuction pbnAuctionFromDealer(PbnAuction auction, Seat dealer)
{
    std::size_t skip = 0;
    while (skip < auction.calls.size() && auction.calls[skip].kind == PbnCallKind::Placeholder)
        ++skip;
    if (skip == 0 || next(auction.first, static_cast<int>(skip)) != dealer)
        return auction;
    for (std::size_t i = 0; i < skip; ++i) {
        const auto &comments = auction.calls[i].annotations.comments;
        auction.leadingComments.insert(auction.leadingComments.end(), comments.begin(),
                                       comments.end());
    }
    auction.calls.erase(auction.calls.begin(),
                        auction.calls.begin() + static_cast<std::ptrdiff_t>(skip));
    auction.first = dealer;
    return auction;
}

std::vector<std::string> formatPbnAuction(const PbnAuction &auction)
{
    std::vector<std::string> lines(auction.leadingComments);
    std::string line;
    int inLine = 0;
    for (std::size_t i = 0; i < auction.calls.size(); ++i) {
        const PbnCall &c = auction.calls[i];
        if (inLine)
            line += ' ';
        line += c.toPbn();
        line += formatPbnAnnotations(c.annotations);
        const bool lineComment =
            !c.annotations.comments.empty() && c.annotations.comments.back()[0] == ';';
        if (++inLine == 4 || lineComment) {
            lines.push_back(std::move(line));
            line.clear();
            inLine = 0;
        }
    }
    if (!line.empty())
        lines.push_back(std::move(line));
    if (auction.end != PbnSectionEnd::Open) {
        std::string endLine = auction.end == PbnSectionEnd::Stopped ? "*" : "+";
        for (const auto &c : auction.trailingComments)
            endLine += " " + c;
        lines.push_back(std::move(endLine));
    }
    return lines;
}

Result<PbnAuctionOutcome> evaluatePbnAuction(const PbnAuction &auction)
{
    AuctionReplay replay(auction.first);
    for (const PbnCall &c : auction.calls) {
        if (auto ok = replay.call(c); !ok)
            return ok.error();
    }
    return replay.outcome();
}

} // namespace tenace::core
