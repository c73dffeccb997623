// TableWidget: the single-dummy values under the cards of the hand to play, by PIMC or, for
// declarer's side, by αμ (see table_widget.h).

#include "ui/table_widget.h"

#include "ui/board_session.h"
#include "ui/bridge_text.h"

#include <algorithm>
#include <cmath>

namespace tenace::ui {

namespace core = tenace::core;

void TableWidget::setSingleDummyMode(bool on)
{
    if (m_sdMode == on)
        return;
    m_sdMode = on;
    m_sd.reset();
    m_am.reset();
    update();
}

void TableWidget::setSingleDummyValues(const core::Position &position,
                                       const core::SingleDummyResult &result)
{
    const core::PlayState *state = m_session->state();
    if (!m_sdMode || !state || state->isFinished() || !(position == state->position()) ||
        result.cards.empty())
        return;
    m_sd = result;
    m_sdDeclarer = core::sideOf(result.viewer) == m_session->declarerSide();
    update();
}

void TableWidget::setAlphaMuValues(const core::Position &position,
                                   const core::AlphaMuResult &result)
{
    const core::PlayState *state = m_session->state();
    if (!m_sdMode || !state || state->isFinished() || !(position == state->position()) ||
        result.cards.empty() || result.depth < 1)
        return;
    m_am = result;
    update();
}

void TableWidget::clearSingleDummyValues()
{
    if (!m_sd && !m_am)
        return;
    m_sd.reset();
    m_am.reset();
    update();
}

std::vector<core::CardValue> TableWidget::singleDummyCards() const
{
    if (!m_am)
        return m_sd ? m_sd->cards : std::vector<core::CardValue> {};
    std::vector<core::CardValue> cards;
    cards.reserve(m_am->cards.size());
    for (const core::AlphaMuCard &am : m_am->cards) {
        core::CardValue value;
        if (m_sd) {
            const auto it =
                std::find_if(m_sd->cards.begin(), m_sd->cards.end(),
                             [&am](const core::CardValue &v) { return v.card == am.card; });
            if (it != m_sd->cards.end())
                value = *it;
        }
        value.card = am.card;
        value.make = am.make;
        value.makeSe = am.makeSe;
        value.guess = false; // αμ plays declarer's later guesses without seeing the cards
        cards.push_back(value);
    }
    return cards;
}

unsigned TableWidget::unseenSeats() const
{
    const core::PlayState *state = m_session->state();
    if (!state || state->isFinished())
        return 0;
    const core::Seat declarer = m_session->contract().declarer;
    const core::Seat dummy = core::partner(declarer);
    const core::Seat viewer = state->toMove() == dummy ? declarer : state->toMove();
    unsigned seen = 1u << index(viewer);
    if (!state->history().empty() || !m_session->board().trick.empty())
        seen |= 1u << index(dummy);
    return 0xfu & ~seen;
}

void TableWidget::setGreyUnseen(bool on)
{
    if (m_greyUnseen == on)
        return;
    m_greyUnseen = on;
    update();
}

unsigned TableWidget::greyedSeats() const
{
    return m_sdMode && m_greyUnseen ? unseenSeats() & ~m_hidden : 0u;
}

std::optional<core::CardValue> TableWidget::singleDummyValue(core::Card card) const
{
    const std::vector<core::CardValue> cards = singleDummyCards();
    const auto it = std::find_if(cards.begin(), cards.end(),
                                 [card](const core::CardValue &v) { return v.card == card; });
    if (it == cards.end())
        return std::nullopt;
    return *it;
}

double TableWidget::sideChance(const core::CardValue &value) const
{
    return m_sdDeclarer ? value.make : 1.0 - value.make;
}

std::optional<core::Card> TableWidget::singleDummyBestCard() const
{
    const std::vector<core::CardValue> cards = singleDummyCards();
    if (cards.empty())
        return std::nullopt;
    const core::CardValue &best = cards.front();
    // Cards equal to the best on every layout (touching cards) do not count as rivals.
    const auto next = std::find_if(cards.begin() + 1, cards.end(),
                                   [](const core::CardValue &v) { return v.equal < 1.0 - 1e-9; });
    if (next == cards.end())
        return best.card;
    const auto atStake = [](const core::CardValue &v) { return v.make > 0.0 && v.make < 1.0; };
    const double makeGap = std::abs(best.make - next->make);
    const double makeSe = std::max(best.makeSe, next->makeSe);
    if ((atStake(best) || atStake(*next)) && makeGap > 1e-9)
        return makeGap > 2 * makeSe ? std::optional(best.card) : std::nullopt;
    if (m_am && !m_sd) // no mean tricks yet
        return std::nullopt;
    const double trickGap = std::abs(best.tricks - next->tricks);
    const double trickSe = std::max(best.tricksSe, next->tricksSe);
    return trickGap > 2 * trickSe ? std::optional(best.card) : std::nullopt;
}

QString TableWidget::singleDummyText(core::Card card) const
{
    const std::optional<core::CardValue> value = singleDummyValue(card);
    if (!value)
        return {};
    QString text;
    if (byTricks()) {
        const double side = m_sdDeclarer ? value->tricks : totalTricks() - value->tricks;
        text = QString::number(side, 'f', 1);
    } else {
        text = QString::number(std::lround(100 * sideChance(*value))) + QLatin1Char('%');
    }
    if (value->guess)
        text += QLatin1Char('?');
    return text;
}

bool TableWidget::byTricks() const
{
    // The contract's fate does not separate the cards: their mean tricks do (PIMC's).
    const std::vector<core::CardValue> cards = singleDummyCards();
    return m_sd && !cards.empty() && std::all_of(cards.begin(), cards.end(), [&](const auto &v) {
               return std::abs(v.make - cards.front().make) < 1e-9;
           });
}

int TableWidget::totalTricks() const
{
    const core::PlayState *state = m_session->state();
    if (!state)
        return 13;
    const auto cards = state->position().remaining.cardCount() + state->history().size() +
        m_session->board().trick.size();
    return static_cast<int>(cards / 4);
}

QString TableWidget::singleDummyToolTip(core::Card card) const
{
    const std::optional<core::CardValue> value = singleDummyValue(card);
    if (!value)
        return tr("Single dummy: analysing this position\u2026");
    const QString side = sideText(m_session->declarerSide());
    if (m_am) {
        QString text = tr("<b>%1</b> single dummy by \u03b1\u03bc: the contract makes %2% \u00b1 "
                          "%3 of %4 layouts when declarer's later guesses, like this card, do "
                          "not see the cards (%5)")
                           .arg(cardText(card))
                           .arg(100 * value->make, 0, 'f', 0)
                           .arg(100 * value->makeSe, 0, 'f', 1)
                           .arg(m_am->worlds)
                           .arg(alphaMuPlan());
        if (m_sd)
            text += tr("<br>Single dummy, %1 takes %2 \u00b1 %3 tricks on average (%4 layouts)")
                        .arg(side)
                        .arg(value->tricks, 0, 'f', 2)
                        .arg(value->tricksSe, 0, 'f', 2)
                        .arg(m_sd->layouts);
        return text;
    }
    QString text =
        tr("<b>%1</b> single dummy, from %2's view: %3 %4% \u00b1 %5, declarer's side (%6) "
           "takes %7 \u00b1 %8 tricks on average (%9 layouts)")
            .arg(cardText(card), seatText(m_sd->viewer),
                 m_sdDeclarer ? tr("makes") : tr("defeats the contract"))
            .arg(100 * sideChance(*value), 0, 'f', 0)
            .arg(100 * value->makeSe, 0, 'f', 1)
            .arg(side)
            .arg(value->tricks, 0, 'f', 2)
            .arg(value->tricksSe, 0, 'f', 2)
            .arg(m_sd->layouts);
    if (singleDummyBestCard() == card)
        text += tr(" \u2014 the best card beyond the uncertainty");
    if (value->guess)
        text += tr("<br>A guess: the layouts disagree on the next card; single dummy assumes "
                   "every later guess is right.");
    return text;
}

QString TableWidget::alphaMuPlan() const
{
    if (!m_am)
        return {};
    if (m_am->complete)
        return tr("plans to the end of play");
    return m_am->depth == 1 ? tr("plans 1 move ahead")
                            : tr("plans %1 moves ahead").arg(m_am->depth);
}

QString TableWidget::singleDummyStatus() const
{
    if (m_am)
        return tr("Single dummy: \u03b1\u03bc, %1 layouts \u00b7 %2")
            .arg(m_am->worlds)
            .arg(alphaMuPlan());
    if (!m_sd)
        return {};
    double se = 0;
    for (const core::CardValue &v : m_sd->cards)
        se = std::max(se, byTricks() ? v.tricksSe : v.makeSe);
    if (byTricks()) // the contract is not at stake: the uncertainty of the mean tricks
        return tr("Single dummy: %1 layouts \u00b7 \u00b1%2 tricks")
            .arg(m_sd->layouts)
            .arg(se, 0, 'f', 2);
    return tr("Single dummy: %1 layouts \u00b7 \u00b1%2%")
        .arg(m_sd->layouts)
        .arg(100 * se, 0, 'f', se < 0.1 ? 1 : 0);
}

} // namespace tenace::ui
