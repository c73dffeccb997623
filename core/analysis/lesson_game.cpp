// Reading a lesson from a PBN game: the Tenace tags on top of an ordinary board.

#include "core/analysis/lesson.h"

#include "core/formats/pbn_commentary.h"
#include "core/model/play_state.h"

#include <sstream>

namespace tenace::core {

namespace {

Error tagError(std::string_view tag, const std::string &problem)
{
    std::string message(tag);
    message.append(": ").append(problem);
    return Error {ErrorCode::InvalidArgument, std::move(message)};
}

std::string quoted(std::string_view text)
{
    std::string q(1, '\'');
    q.append(text);
    q.push_back('\'');
    return q;
}

std::string trimmed(std::string_view text)
{
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos)
        return {};
    const auto last = text.find_last_not_of(" \t\r\n");
    return std::string(text.substr(first, last - first + 1));
}

Result<Card> cardTag(const PbnGame &game, std::string_view tag)
{
    const auto value = game.tagValue(tag);
    if (!value || trimmed(*value).empty())
        return tagError(tag, "missing (expected a card, e.g. SQ)");
    const auto card = parseCard(trimmed(*value));
    if (!card)
        return tagError(tag, quoted(trimmed(*value)) + " is not a card");
    return *card;
}

Result<std::vector<Card>> cardList(std::string_view tag, const std::string &text)
{
    std::vector<Card> cards;
    std::istringstream words(text);
    std::string word;
    while (words >> word) {
        const auto card = parseCard(word);
        if (!card)
            return tagError(tag, quoted(word) + " is not a card");
        cards.push_back(*card);
    }
    return cards;
}

Result<Seat> studentTag(const PbnGame &game, Seat declarer)
{
    const std::string text = trimmed(game.tagValue("TenaceStudent").value_or(""));
    const auto seat = text.size() == 1 ? seatFromLetter(text[0]) : std::nullopt;
    if (!seat)
        return tagError("TenaceStudent", quoted(text) + " is not a seat (N, E, S or W)");
    if (sideOf(*seat) != sideOf(declarer))
        return tagError("TenaceStudent",
                        std::string(seatName(*seat)) + " is not on declarer's side (" +
                            std::string(seatName(declarer)) + ")");
    return *seat;
}

Result<std::vector<Card>> openingCards(const PbnGame &game, const Deal &deal,
                                       const Contract &contract)
{
    if (!game.findTag("Play"))
        return std::vector<Card> {};
    const auto play = game.play();
    if (!play)
        return tagError("Play", "malformed");
    if (play->first != contract.openingLeader() && !play->tricks.empty())
        return tagError("Play",
                        std::string("the lead is ") + seatLetter(play->first) + "'s (expected " +
                            seatLetter(contract.openingLeader()) + ")");
    auto sequence = pbnPlaySequence(*play, contract.strain, &deal);
    if (!sequence)
        return tagError("Play", sequence.error().message);
    std::vector<Card> cards;
    for (const PbnPlayedCard &p : *sequence)
        cards.push_back(p.card);
    return cards;
}

// The key decision: the cards after [Play] are playable, then the right and wrong cards are
// legal for declarer's side.
Status checkDecision(LessonGame &lesson)
{
    const LessonSetup &s = lesson.setup;
    auto state = PlayState::create(s.deal, s.contract.strain, s.contract.openingLeader());
    if (!state)
        return tagError("Deal", state.error().message);
    for (const Card c : s.played)
        if (auto ok = state->play(c); !ok)
            return tagError("Play", ok.error().message);
    for (const Card c : lesson.decision)
        if (auto ok = state->play(c); !ok)
            return tagError("TenaceDecision", c.toString() + ": " + ok.error().message);
    if (state->isFinished() || sideOf(state->toMove()) != sideOf(s.contract.declarer))
        return tagError("TenaceDecision",
                        "after these cards " + std::string(seatName(state->toMove())) +
                            " is to play (expected declarer or dummy)");
    for (const auto &[tag, card] :
         {std::pair {"TenaceRight", lesson.right}, std::pair {"TenaceWrong", lesson.wrong}})
        if (!state->isLegal(card))
            return tagError(tag,
                            card.toString() + " is not a legal card for " +
                                std::string(seatName(state->toMove())) + " at the decision");
    if (lesson.right == lesson.wrong)
        return tagError("TenaceWrong", "the same card as TenaceRight");
    return Ok {};
}

} // namespace

bool isLessonGame(const PbnGame &game)
{
    return game.findTag("TenaceLesson") != nullptr;
}

Result<std::array<HandConstraint, 4>> parseLessonConstraints(std::string_view text)
{
    std::array<HandConstraint, 4> constraints {};
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto end = std::min(text.find(';', start), text.size());
        const std::string item = trimmed(text.substr(start, end - start));
        start = end + 1;
        if (item.empty())
            continue;
        auto seat = parseSeatConstraint(item);
        if (!seat)
            return tagError("TenaceConstraints", seat.error().message);
        constraints[static_cast<std::size_t>(index(seat->seat))] = seat->constraint;
    }
    return constraints;
}

Result<LessonGame> readLessonGame(const PbnGame &game)
{
    LessonGame lesson;
    const auto title = game.tagValue("TenaceLesson");
    if (!title)
        return tagError("TenaceLesson", "missing: the game is not a lesson");
    lesson.title = trimmed(*title);
    const auto deal = game.deal();
    if (!deal)
        return tagError("Deal", "missing or malformed");
    if (auto ok = checkComplete(*deal); !ok)
        return tagError("Deal", ok.error().message);
    const auto recorded = recordedContract(game);
    if (!recorded.contract || recorded.contract->level < 1)
        return tagError("Contract", "missing (expected a contract such as 4S and a Declarer)");
    LessonSetup &s = lesson.setup;
    s.deal = *deal;
    s.contract = *recorded.contract;
    s.vulnerability = game.vulnerability().value_or(Vulnerability::None);
    auto student = studentTag(game, s.contract.declarer);
    if (!student)
        return student.error();
    s.student = *student;
    lesson.constraintsText = trimmed(game.tagValue("TenaceConstraints").value_or(""));
    auto constraints = parseLessonConstraints(lesson.constraintsText);
    if (!constraints)
        return constraints.error();
    s.constraints = *constraints;
    auto opening = openingCards(game, s.deal, s.contract);
    if (!opening)
        return opening.error();
    s.played = *opening;
    auto decision = cardList("TenaceDecision", game.tagValue("TenaceDecision").value_or(""));
    if (!decision)
        return decision.error();
    lesson.decision = *decision;
    auto right = cardTag(game, "TenaceRight");
    if (!right)
        return right.error();
    auto wrong = cardTag(game, "TenaceWrong");
    if (!wrong)
        return wrong.error();
    lesson.right = *right;
    lesson.wrong = *wrong;
    if (auto ok = checkDecision(lesson); !ok)
        return ok.error();
    if (auto made = Lesson::make(s); !made)
        return tagError("TenaceConstraints", made.error().message);
    std::string text;
    for (const std::string &paragraph : pbnCommentary(game)) {
        if (!text.empty())
            text.append("\n\n");
        text.append(paragraph);
    }
    lesson.text = text;
    return lesson;
}

} // namespace tenace::core
