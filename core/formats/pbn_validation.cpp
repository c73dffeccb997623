#include "core/formats/pbn_validation.h"

#include <cstdio>

namespace tenace::core {

namespace {

// "line 12, column 5: rest" -> 12, 5. Returns false for other messages.
bool splitPlace(const std::string &message, int &line, int &column)
{
    int l = 0;
    int c = 0;
    int used = 0;
    if (std::sscanf(message.c_str(), "line %d, column %d: %n", &l, &c, &used) != 2 || used == 0)
        return false;
    line = l;
    column = c;
    return true;
}

bool isUnknownValue(const std::optional<std::string> &value)
{
    return !value || value->empty() || *value == "?";
}

class GameChecker
{
public:
    GameChecker(const PbnGame &game, int index) : m_game(game), m_index(index) { }

    std::vector<PbnIssue> run()
    {
        checkInheritMarkers();
        check<Seat>("Dealer", [](std::string_view v) { return parsePbnSeat(v, "dealer"); });
        check<Vulnerability>("Vulnerable", parsePbnVulnerability);
        checkDeal();
        m_declarer = check<PbnDeclarer>("Declarer", parsePbnDeclarer);
        m_contract = check<PbnContract>("Contract", parsePbnContract);
        check<PbnResult>("Result", parsePbnResult);
        checkAuction();
        checkPlay();
        checkOtherValues();
        return std::move(m_issues);
    }

private:
    PbnPosition valuePosition(std::string_view name) const
    {
        const PbnTag *tag = m_game.findTag(name);
        return tag ? tag->valuePosition : PbnPosition {};
    }
    void report(Error error, PbnPosition at = {})
    {
        m_issues.push_back(pbnIssue(m_index, std::move(error), at));
    }

    template<typename T, typename Parse> std::optional<T> check(std::string_view name, Parse parse)
    {
        // "" is a value for Declarer and Result (passed out); elsewhere it means inapplicable.
        const auto value = m_game.tagValue(name);
        if (!value || *value == "?" || (value->empty() && name != "Declarer" && name != "Result"))
            return std::nullopt;
        auto r = parse(*value);
        if (!r) {
            report(r.error(), valuePosition(name));
            return std::nullopt;
        }
        return std::move(*r);
    }

    void checkInheritMarkers()
    {
        for (const PbnItem &item : m_game.items()) {
            const auto *tag = std::get_if<PbnTag>(&item);
            if (tag && isPbnUninheritableTag(tag->name) &&
                (tag->value == "#" || tag->value.starts_with("##")))
                report({ErrorCode::Syntax, "'#' inheritance is not allowed for " + tag->name},
                       tag->valuePosition);
        }
    }

    void checkDeal()
    {
        const auto value = m_game.tagValue("Deal");
        if (isUnknownValue(value))
            return;
        auto deal = parsePbnDeal(*value);
        if (!deal) {
            Error e = deal.error();
            PbnPosition at = valuePosition("Deal");
            int column = 0;
            int used = 0;
            if (std::sscanf(e.message.c_str(), "column %d: %n", &column, &used) == 1 && used > 0) {
                e.message.erase(0, static_cast<std::size_t>(used));
                at = at.advanced(column - 1);
            }
            report(std::move(e), at);
            return;
        }
        m_deal = *deal;
        m_fullDeal = checkComplete(*deal).ok();
        if (!m_fullDeal && deal->unknownSeats == 0 && !checkEqualLengths(*deal).ok())
            report(checkComplete(*deal).error(), valuePosition("Deal"));
    }

    void checkAuction()
    {
        const PbnTag *tag = m_game.findTag("Auction");
        if (!tag)
            return;
        auto seat = parsePbnSeat(tag->value, "auction seat");
        if (!seat)
            return report(seat.error(), tag->valuePosition);
        auto auction = parsePbnAuction(*seat, tag->sectionTokens());
        if (!auction)
            return report(auction.error());
        auto outcome = evaluatePbnAuction(*auction);
        if (!outcome)
            return report(outcome.error());
        for (const Error &warning : outcome->warnings)
            m_issues.push_back(pbnWarning(m_index, warning, tag->valuePosition));
        if (outcome->finished)
            compareOutcome(*outcome);
    }

    void compareOutcome(const PbnAuctionOutcome &outcome)
    {
        if (!m_contract || m_contract->level == 0)
            return;
        const Contract &k = outcome.contract;
        PbnContract ended {outcome.passedOut, outcome.passedOut ? 0 : k.level, k.strain,
                           k.doubling};
        if (outcome.passedOut)
            ended = PbnContract {true, 0, Strain::NoTrump, Doubling::Undoubled};
        if (!(ended == *m_contract))
            return report({ErrorCode::InvalidArgument,
                           "Contract is " + m_contract->toPbn() + " but the auction ends in " +
                               ended.toPbn()},
                          valuePosition("Contract"));
        if (!outcome.passedOut && m_declarer && m_declarer->seat && !m_declarer->swapped &&
            *m_declarer->seat != k.declarer)
            report({ErrorCode::InvalidArgument,
                    "Declarer is " + std::string(seatName(*m_declarer->seat)) +
                        " but the auction makes " + std::string(seatName(k.declarer)) +
                        " declarer"},
                   valuePosition("Declarer"));
    }

    void checkPlay()
    {
        const PbnTag *tag = m_game.findTag("Play");
        if (!tag)
            return;
        auto seat = parsePbnSeat(tag->value, "opening leader");
        if (!seat)
            return report(seat.error(), tag->valuePosition);
        auto play = parsePbnPlay(*seat, tag->sectionTokens());
        if (!play)
            return report(play.error());
        const bool played = m_contract && !m_contract->passedOut;
        if (played && m_fullDeal && m_declarer && m_declarer->seat && !m_declarer->swapped) {
            const Seat leader = leftHandOpponent(*m_declarer->seat);
            if (*seat != leader)
                return report({ErrorCode::IllegalPlay,
                               "the play starts with " + std::string(seatName(*seat)) +
                                   " but the opening leader is " + std::string(seatName(leader))},
                              tag->valuePosition);
        }
        if (played && m_deal && (m_fullDeal || m_deal->unknownSeats == 0)) {
            if (auto seq = pbnPlaySequence(*play, m_contract->strain, &*m_deal); !seq)
                report(seq.error());
        }
    }

    void checkOtherValues()
    {
        for (const PbnTag *note : m_game.findTags("Note")) {
            if (auto n = parsePbnNote(note->value); !n)
                report(n.error(), note->valuePosition);
        }
        check<std::uint8_t>("Hidden", parsePbnHidden);
        check<int>("OptimumScore", parsePbnOptimumScore);
        check<DdTable>("DoubleDummyTricks", parsePbnDoubleDummyTricks);
        check<PbnParContract>("ParContract", parsePbnParContract);
        if (const PbnTag *table = m_game.findTag("OptimumResultTable")) {
            if (auto t = parsePbnOptimumResultTable(table->value, table->sectionTokens()); !t)
                report(t.error(), table->valuePosition);
        }
        if (const PbnTag *table = m_game.findTag("OptimumPlayTable")) {
            if (auto t = parsePbnOptimumPlayTable(table->value, table->sectionTokens()); !t)
                report(t.error(), table->valuePosition);
        }
    }

    const PbnGame &m_game;
    int m_index;
    std::vector<PbnIssue> m_issues;
    std::optional<Deal> m_deal;
    bool m_fullDeal = false;
    std::optional<PbnDeclarer> m_declarer;
    std::optional<PbnContract> m_contract;
};

} // namespace

PbnIssue pbnIssue(int game, Error error, PbnPosition fallback)
{
    PbnIssue issue {game, 0, 0, {}};
    if (!splitPlace(error.message, issue.line, issue.column) && fallback.line > 0) {
        error = pbnError(fallback, error.code, std::move(error.message));
        issue.line = fallback.line;
        issue.column = fallback.column;
    }
    issue.error = std::move(error);
    return issue;
}

PbnIssue pbnWarning(int game, Error error, PbnPosition fallback)
{
    PbnIssue issue = pbnIssue(game, std::move(error), fallback);
    std::string &message = issue.error.message;
    std::size_t at = 0;
    if (issue.line > 0) {
        const std::size_t colon = message.find(": ");
        at = colon == std::string::npos ? 0 : colon + 2;
    }
    message.insert(at, "warning: ");
    issue.severity = PbnSeverity::Warning;
    return issue;
}

int pbnErrorCount(const std::vector<PbnIssue> &issues)
{
    int n = 0;
    for (const PbnIssue &issue : issues)
        n += issue.isWarning() ? 0 : 1;
    return n;
}

std::vector<PbnIssue> validatePbnGame(const PbnGame &game, int gameIndex)
{
    return GameChecker(game, gameIndex).run();
}

} // namespace tenace::core
