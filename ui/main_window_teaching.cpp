// MainWindow's teaching mode: hidden hands and what must stay hidden with them, the defence
// played double-dummy, and the verdict on each card of declarer's side (from core's card
// judgement). It must never show a DD value, par or the play analysis while a hand is hidden,
// nor compute what a card cost itself (core/analysis/card_cost.h does).

#include "ui/main_window.h"

#include "ui/analysis_panel.h"
#include "ui/bridge_text.h"
#include "ui/evaluation_panel.h"
#include "ui/table_widget.h"
#include "ui/trick_list_model.h"

#include "core/analysis/card_cost.h"

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QSignalBlocker>

namespace tenace::ui {

namespace core = tenace::core;

void MainWindow::judgeLastCard()
{
    const core::PlayState *state = m_session->state();
    if (!m_lastCards || !state || state->history().empty())
        return;
    // Only a card played from the position that was scored: one more card, same line before it.
    const core::Position &before = m_lastCards->position;
    const core::Seat seat = before.toMove();
    // The trick's cards are not in `remaining`: one card played leaves one card fewer there.
    const int cardsBefore = before.remaining.cardCount();
    const int cardsNow = state->position().remaining.cardCount();
    if (cardsNow != cardsBefore - 1 || core::sideOf(seat) != m_session->declarerSide())
        return;
    const core::Card card = state->history().back();
    if (!before.remaining[seat].contains(card))
        return;
    const std::optional<core::CardJudgement> judgement = core::judgeCard(m_lastCards->result, card);
    if (!judgement)
        return;
    QString feedback;
    if (judgement->cost() == 0) {
        feedback = tr("%1 by %2: double-dummy optimal.").arg(cardText(card), seatText(seat));
    } else {
        QStringList bestCards;
        for (const core::Card c : judgement->bestCards)
            bestCards << cardText(c);
        const int cost = judgement->cost();
        feedback =
            (cost == 1
                 ? tr("%1 by %2 cost a trick.").arg(cardText(card), seatText(seat))
                 : tr("%1 by %2 cost %3 tricks.").arg(cardText(card), seatText(seat)).arg(cost)) +
            QLatin1Char(' ') + tr("Best: %1.").arg(bestCards.join(QStringLiteral(", ")));
    }
    m_feedback = feedback;
    setFeedback(feedback);
}

void MainWindow::setFeedback(const QString &text)
{
    m_feedbackBanner->setText(text);
    m_feedbackBanner->setVisible(!text.isEmpty());
}

void MainWindow::setTeachingMode(bool on)
{
    if (on && m_lessonMode)
        endLesson(QString());
    m_teaching = on;
    m_revealed = false;
    m_feedback.clear();
    if (m_teachingAction) {
        const QSignalBlocker blocker(m_teachingAction);
        m_teachingAction->setChecked(on);
    }
    updateHiddenHands();
    // Single-dummy values would tell where the defenders' cards are: none while teaching.
    m_table->setSingleDummyMode(!on && isSingleDummyMode());
    requestSingleDummy();
    setFeedback(on ? tr("Teaching: play declarer's and dummy's cards; the defence plays "
                        "double-dummy. Ctrl+Shift+H shows every hand.")
                   : QString());
    // Defender to play now: let the scores of this position drive the first card.
    if (on) {
        if (const core::PlayState *state = m_session->state(); state && !state->isFinished())
            m_solver->requestCards(state->position());
    }
}

void MainWindow::revealHands()
{
    m_revealed = true;
    updateHiddenHands();
}

void MainWindow::updateHiddenHands()
{
    const Board &board = m_session->board();
    unsigned mask = board.hidden | m_manualHidden;
    if (m_teaching || m_lessonMode) {
        const core::Seat declarer = board.contract.declarer;
        mask |= 1u << index(core::next(declarer, 1));
        mask |= 1u << index(core::next(declarer, 3));
    }
    const unsigned hidden = m_revealed ? 0u : mask;
    m_table->setHiddenSeats(hidden);
    // Teaching hides every DD value until the hands are shown: they tell where the cards are.
    const bool secret = (m_teaching || m_lessonMode) && !m_revealed;
    const bool showDd = m_showDdAction && m_showDdAction->isChecked() && !secret;
    m_table->setAnnotationsVisible(m_annotationsAction && m_annotationsAction->isChecked() &&
                                   !secret);
    m_panel->setTableShown(showDd);
    m_panel->setParShown(m_showParAction && m_showParAction->isChecked() && !secret);
    m_evaluation->setConcealed(hidden, !showDd);
    m_trickModel->setUnplayedShown(hidden == 0);
    // The play analysis names the cards of the recorded play, hidden hands' included.
    const bool analysisAllowed = hidden == 0 && !secret;
    QAction *analysisToggle = m_playAnalysisDock->toggleViewAction();
    if (!analysisAllowed)
        m_playAnalysisDock->hide();
    else if (!analysisToggle->isEnabled()) // shown again now that the hands are
        m_playAnalysisDock->setVisible(!board.recordedPlay.empty());
    analysisToggle->setEnabled(analysisAllowed);
    // The lead table values a hand's cards from its own view: not while it is hidden.
    if (!analysisAllowed)
        m_leadDock->hide();
    m_leadDock->toggleViewAction()->setEnabled(analysisAllowed);
    if (m_simulateAction)
        m_simulateAction->setEnabled(hidden == 0);
    m_evaluation->setSimulateEnabled(hidden == 0);
}

} // namespace tenace::ui
