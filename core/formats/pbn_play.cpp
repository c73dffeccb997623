#include "core/formats/pbn_play.h"

#include "core/model/play_state.h"

namespace tenace::core {

namespace {

Result<PbnPlayCard> parsePlayCard(const PbnMove &move)
{
    PbnPlayCard out;
    out.annotations = move.annotations;
    out.position = move.position;
    out.irregularity = move.irregularity;
    if (move.irregularity == 'I')
        return pbnError(move.position, ErrorCode::Syntax,
                        "irregularity ^I does not apply to a card");
    if (move.token == "+") {
        out.kind = PbnCardKind::Next;
    } else if (move.token.find_first_not_of('-') == std::string::npos) {
        out.kind = PbnCardKind::Unknown;
    } else if (auto card = parseCard(move.token)) {
        out.kind = PbnCardKind::Card;
        out.card = *card;
    } else {
        return pbnError(move.position, ErrorCode::Syntax,
                        "unknown card " + quotedText(move.token) + " (expected e.g. SK, H7 or -)");
    }
    return out;
}

std::size_t column(const PbnPlay &play, Seat seat)
{
    return static_cast<std::size_t>((index(seat) - index(play.first) + 4) % 4);
}

bool isIrregular(const std::array<PbnPlayCard, 4> &row)
{
    for (const auto &c : row) {
        if (c.irregularity)
            return true;
    }
    return false;
}

} // namespace

std::string PbnPlayCard::toPbn() const
{
    std::string prefix = irregularity ? std::string("^") + irregularity + " " : std::string();
    switch (kind) {
    case PbnCardKind::Card:
        return prefix + card.toString();
    case PbnCardKind::Next:
        return prefix + "+";
    case PbnCardKind::Unknown:
        break;
    }
    return prefix + "-";
}

PbnPlayCard &PbnPlay::at(int trick, Seat seat)
{
    return tricks[static_cast<std::size_t>(trick)][column(*this, seat)];
}

const PbnPlayCard &PbnPlay::at(int trick, Seat seat) const
{
    return tricks[static_cast<std::size_t>(trick)][column(*this, seat)];
}

Result<PbnPlay> parsePbnPlay(Seat first, const std::vector<PbnSectionToken> &tokens)
{
    auto moves = parsePbnMoves(tokens, 6);
    if (!moves)
        return moves.error();
    PbnPlay play;
    play.first = first;
    play.end = moves->end;
    play.leadingComments = std::move(moves->leadingComments);
    play.trailingComments = std::move(moves->trailingComments);
    for (std::size_t i = 0; i < moves->moves.size(); ++i) {
        auto card = parsePlayCard(moves->moves[i]);
        if (!card)
            return card.error();
        if (i % 4 == 0)
            play.tricks.emplace_back();
        play.tricks.back()[i % 4] = std::move(*card);
    }
    if (play.tricks.size() > 13)
        return pbnError(play.tricks[13][0].position, ErrorCode::Syntax,
                        "more than 13 tricks in the play");
    return play;
}

std::vector<std::string> formatPbnPlay(const PbnPlay &play)
{
    std::vector<std::string> lines(play.leadingComments);
    for (const auto &row : play.tricks) {
        std::string line;
        for (std::size_t i = 0; i < 4; ++i) {
            if (i)
                line += ' ';
            line += row[i].toPbn();
            line += formatPbnAnnotations(row[i].annotations, i == 3);
        }
        lines.push_back(std::move(line));
    }
    if (play.end != PbnSectionEnd::Open) {
        std::string endLine = play.end == PbnSectionEnd::Stopped ? "*" : "+";
        for (const auto &c : play.trailingComments)
            endLine += " " + c;
        lines.push_back(std::move(endLine));
    }
    return lines;
}

Result<std::vector<PbnPlayedCard>> pbnPlaySequence(const PbnPlay &play, Strain trump,
                                                   const Deal *deal)
{
    std::optional<PlayState> state;
    if (deal) {
        if (auto s = PlayState::create(*deal, trump, play.first))
            state = std::move(*s);
    }
    std::vector<PbnPlayedCard> out;
    Seat leader = play.first;
    for (int t = 0; t < static_cast<int>(play.tricks.size()); ++t) {
        if (isIrregular(play.tricks[static_cast<std::size_t>(t)]))
            return out;
        std::array<Card, 4> cards;
        for (int i = 0; i < 4; ++i) {
            const Seat seat = next(leader, i);
            const PbnPlayCard &pc = play.at(t, seat);
            if (pc.kind != PbnCardKind::Card)
                return out;
            if (state) {
                if (auto ok = state->play(pc.card); !ok)
                    return pbnError(pc.position, ErrorCode::IllegalPlay,
                                    "trick " + std::to_string(t + 1) + ": " + ok.error().message);
            }
            cards[static_cast<std::size_t>(i)] = pc.card;
            out.push_back({seat, pc.card, pc.position});
        }
        leader = trickWinner(leader, cards, trump);
    }
    return out;
}

PbnPlay pbnPlayFromSequence(Seat leader, const std::vector<Card> &cards, Strain trump)
{
    PbnPlay play;
    play.first = leader;
    std::array<Card, 4> trick;
    for (std::size_t i = 0; i < cards.size() && i < 52; ++i) {
        if (i % 4 == 0)
            play.tricks.emplace_back();
        const Seat seat = next(leader, static_cast<int>(i % 4));
        play.at(static_cast<int>(i / 4), seat) = PbnPlayCard::of(cards[i]);
        trick[i % 4] = cards[i];
        if (i % 4 == 3)
            leader = trickWinner(leader, trick, trump);
    }
    return play;
}

} // namespace tenace::core
