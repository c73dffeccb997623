// MainWindow: single dummy on the table (View > Single dummy) and the opening-lead table. Every
// position change starts a new single-dummy request of the solver controller (cancelling the
// previous one); values of any other generation are dropped. Nothing is requested in teaching
// mode, where the values would tell where the hidden cards are.

#include "ui/main_window.h"

#include "ui/bridge_text.h"
#include "ui/lead_table_model.h"
#include "ui/table_widget.h"

#include <QAction>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QSettings>
#include <QStatusBar>
#include <QTableView>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>

namespace tenace::ui {

namespace core = tenace::core;

namespace {

constexpr int leadLayouts = 1000;
constexpr int playLayouts = 400;

} // namespace

void MainWindow::buildSingleDummyDock()
{
    m_leadModel = new LeadTableModel(this);
    auto *view = new QTableView;
    view->setObjectName(QStringLiteral("leadTable"));
    view->setModel(m_leadModel);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(22);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->horizontalHeader()->setStretchLastSection(true);
    m_leadStatus = new QLabel;
    m_leadStatus->setObjectName(QStringLiteral("leadStatus"));
    m_leadStatus->setWordWrap(true);
    auto *box = new QWidget;
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_leadStatus);
    layout->addWidget(view, 1);
    m_leadDock = new QDockWidget(tr("Opening leads"), this);
    m_leadDock->setObjectName(QStringLiteral("leadDock"));
    m_leadDock->setWidget(box);
    addDockWidget(Qt::BottomDockWidgetArea, m_leadDock);
    m_leadDock->hide();
    connect(m_leadDock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible && !m_sdGeneration)
            requestSingleDummy();
    });
}

void MainWindow::setSingleDummyMode(bool on)
{
    if (m_singleDummyAction && m_singleDummyAction->isChecked() != on) {
        m_singleDummyAction->setChecked(on); // comes back here through toggled
        return;
    }
    QSettings().setValue(QStringLiteral("view/singleDummy"), on);
    m_table->setSingleDummyMode(on && !m_teaching);
    const core::PlayState *state = m_session->state();
    if (on && state && state->history().empty() && !m_teaching)
        m_leadDock->show();
    requestSingleDummy();
}

bool MainWindow::isSingleDummyMode() const
{
    return m_singleDummyAction && m_singleDummyAction->isChecked();
}

void MainWindow::requestSingleDummy()
{
    m_sdGeneration = 0; // whatever is still running is stale from here
    m_solver->cancelRequest(RequestKind::SingleDummy);
    m_sdStatus.clear();
    const Board &board = m_session->board();
    const core::PlayState *state = m_session->state();
    const bool atLead = state && state->history().empty();
    if (atLead && m_leadModel->rowCount() > 0)
        m_leadModel->clear();
    const bool wanted = isSingleDummyMode() || (atLead && m_leadDock->isVisible());
    // Single dummy counts the play from the opening lead by declarer's left-hand opponent.
    const bool fromLead =
        board.trick.empty() && (!board.leader || *board.leader == board.contract.openingLeader());
    if (!wanted || m_teaching || !state || state->isFinished() || !fromLead) {
        m_leadStatus->setText(atLead ? QString() : tr("Opening leads are valued at trick one."));
        updateSolverStatus();
        return;
    }
    core::SingleDummySpec spec;
    spec.start = board.deal;
    spec.contract = board.contract;
    spec.vulnerability = board.vulnerability;
    spec.played = state->history();
    spec.layouts = atLead ? leadLayouts : playLayouts;
    spec.untilSettled = !atLead;
    spec.guesses = !atLead;
    spec.pool.threads = m_solver->tableThreads();
    const int threads =
        spec.pool.threads > 0 ? spec.pool.threads : std::max(1, QThread::idealThreadCount());
    spec.batch = 2 * threads; // the first estimate comes fast, then refines
    m_sdPosition = state->position();
    m_sdAtLead = atLead;
    m_sdGeneration = m_solver->requestSingleDummy(spec);
    if (atLead)
        m_leadStatus->setText(tr("Valuing %1's leads\u2026").arg(seatText(state->toMove())));
}

void MainWindow::onSingleDummyProgress(quint64 generation, const core::SingleDummyResult &result)
{
    if (generation != m_sdGeneration || m_teaching)
        return;
    const core::PlayState *state = m_session->state();
    if (!state || !(state->position() == m_sdPosition))
        return;
    if (isSingleDummyMode())
        m_table->setSingleDummyValues(m_sdPosition, result);
    if (m_sdAtLead) {
        m_leadModel->setResult(result, m_session->board().deal.cardCount() / 4);
        m_leadStatus->setText(tr("%1's leads against %2, from %3 layouts consistent with the "
                                 "leader's hand (\u00b1 one standard error)")
                                  .arg(seatText(result.viewer))
                                  .arg(QString::fromStdString(m_session->contract().toString()))
                                  .arg(result.layouts));
    }
    m_sdStatus = m_table->singleDummyStatus();
    if (m_sdStatus.isEmpty())
        m_sdStatus = tr("Single dummy: %1 layouts").arg(result.layouts);
    updateSolverStatus();
}

} // namespace tenace::ui
