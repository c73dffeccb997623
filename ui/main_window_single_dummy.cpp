// MainWindow: single dummy on the table (View > Single dummy) and the opening-lead table. Every
// position change starts a new single-dummy request of the solver controller (cancelling the
// previous one); values of any other generation are dropped. Nothing is requested in teaching
// mode, where the values would tell where the hidden cards are. When declarer's side is to play,
// an αμ request (40 layouts, 2 s) runs beside PIMC: PIMC's quick estimate shows first, then αμ's
// make chances replace it as each depth completes. The board's constraints (what
// the auction says of each hand) shape the layouts; they are edited in their own dock.

#include "ui/main_window.h"

#include "ui/bridge_text.h"
#include "ui/constraints_panel.h"
#include "ui/lead_table_model.h"
#include "ui/table_widget.h"

#include "core/analysis/hand_constraint.h"

#include <QAction>
#include <QCloseEvent>
#include <QDockWidget>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <chrono>

namespace tenace::ui {

namespace core = tenace::core;

namespace {

constexpr int leadLayouts = 1000;
constexpr int playLayouts = 400;
constexpr int alphaMuWorlds = 40;
constexpr std::chrono::milliseconds alphaMuBudget {2000};

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
    auto *constraintsButton = new QPushButton(tr("Constraints\u2026"));
    constraintsButton->setObjectName(QStringLiteral("leadConstraintsButton"));
    constraintsButton->setToolTip(tr("What the auction says of the hidden hands"));
    constraintsButton->setFocusPolicy(Qt::NoFocus);
    auto *box = new QWidget;
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(4, 4, 4, 4);
    auto *top = new QHBoxLayout;
    top->addWidget(m_leadStatus, 1);
    top->addWidget(constraintsButton, 0, Qt::AlignTop);
    layout->addLayout(top);
    layout->addWidget(view, 1);
    m_leadDock = new QDockWidget(tr("Opening leads"), this);
    m_leadDock->setObjectName(QStringLiteral("leadDock"));
    m_leadDock->setWidget(box);
    m_leadDock->setAttribute(Qt::WA_ShowWithoutActivating);
    m_leadDock->installEventFilter(this);
    addDockWidget(Qt::BottomDockWidgetArea, m_leadDock);
    m_leadDock->hide();
    connect(m_leadDock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible && !m_sdGeneration && !m_openingLeadDock)
            requestSingleDummy();
    });

    m_constraints = new ConstraintsPanel;
    m_constraintsDock = new QDockWidget(tr("Single-dummy constraints"), this);
    m_constraintsDock->setObjectName(QStringLiteral("constraintsDock"));
    m_constraintsDock->setWidget(m_constraints);
    addDockWidget(Qt::BottomDockWidgetArea, m_constraintsDock);
    splitDockWidget(m_leadDock, m_constraintsDock, Qt::Horizontal);
    m_constraintsDock->hide();
    // Side by side, the lead table keeps the larger share.
    auto share = [this](bool visible) {
        if (visible && m_leadDock->isVisible() && m_constraintsDock->isVisible() &&
            !m_leadDock->isFloating() && !m_constraintsDock->isFloating())
            resizeDocks({m_leadDock, m_constraintsDock}, {width() * 11 / 20, width() * 9 / 20},
                        Qt::Horizontal);
    };
    connect(m_leadDock, &QDockWidget::visibilityChanged, this, share);
    connect(m_constraintsDock, &QDockWidget::visibilityChanged, this, share);
    connect(constraintsButton, &QPushButton::clicked, this, [this] {
        m_constraintsDock->show();
        m_constraintsDock->raise();
    });
    connect(m_constraints, &ConstraintsPanel::constraintsEdited, m_session,
            &BoardSession::setConstraints);
    connect(m_session, &BoardSession::constraintsChanged, this, &MainWindow::onConstraintsChanged);
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    // Closed by the user (its close button or the menu): it stays closed on this board.
    if (watched == m_leadDock && event->type() == QEvent::Close)
        m_leadDockClosedFor = m_session->board().deal;
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::showBoardConstraints()
{
    if (!m_session->board().constraints) {
        m_prefilling = true;
        m_session->setConstraints(constraintsFromAuction(m_session->board()));
        m_prefilling = false;
    }
    m_constraints->setConstraints(
        m_session->board().constraints.value_or(std::array<QString, 4> {}));
}

void MainWindow::onConstraintsChanged()
{
    const Board &board = m_session->board();
    const std::array<QString, 4> texts = board.constraints.value_or(std::array<QString, 4> {});
    // Kept with the board of the list, so that they come back with it.
    if (m_current >= 0 && m_current < m_file.count() && m_file.board(m_current).deal == board.deal)
        m_file.setConstraints(m_current, texts);
    // Edited in the panel, it shows them already (with any row still being typed).
    if (m_constraints->constraints() != texts)
        m_constraints->setConstraints(texts);
    if (m_prefilling)
        return;
    m_table->clearSingleDummyValues(); // they were for the old constraints
    requestSingleDummy();
}

void MainWindow::openLeadDockAtLead()
{
    if (!isSingleDummyMode() || m_teaching || m_lessonMode || m_leadDock->isVisible() ||
        !m_leadDock->toggleViewAction()->isEnabled() ||
        m_leadDockClosedFor == m_session->board().deal)
        return;
    m_openingLeadDock = true;
    m_leadDock->show();
    m_openingLeadDock = false;
}

void MainWindow::onSingleDummyFailed(const QString &message)
{
    m_constraints->setProblem(message);
    QString text = message;
    if (!text.isEmpty())
        text[0] = text[0].toUpper();
    if (m_sdAtLead)
        m_leadStatus->setText(text);
    m_sdStatus = tr("Single dummy: no layout fits the constraints");
    updateSolverStatus();
}

void MainWindow::setSingleDummyMode(bool on)
{
    if (m_singleDummyAction && m_singleDummyAction->isChecked() != on) {
        m_singleDummyAction->setChecked(on); // comes back here through toggled
        return;
    }
    QSettings().setValue(QStringLiteral("view/singleDummy"), on);
    m_table->setSingleDummyMode(on && !m_teaching && !m_lessonMode);
    requestSingleDummy();
}

bool MainWindow::isSingleDummyMode() const
{
    return m_singleDummyAction && m_singleDummyAction->isChecked();
}

void MainWindow::requestSingleDummy()
{
    m_sdGeneration = 0; // whatever is still running is stale from here
    m_amGeneration = 0;
    m_solver->cancelRequest(RequestKind::SingleDummy);
    m_solver->cancelRequest(RequestKind::AlphaMu);
    m_sdStatus.clear();
    m_constraints->setProblem({});
    const Board &board = m_session->board();
    const core::PlayState *state = m_session->state();
    const bool atLead = state && state->history().empty();
    if (atLead && m_leadModel->rowCount() > 0)
        m_leadModel->clear();
    // Past the lead, the table keeps the values of the leads (if they came) with their text.
    if (!atLead && m_leadModel->rowCount() == 0)
        m_leadStatus->setText(tr("Opening leads are valued at trick one."));
    const bool wanted = isSingleDummyMode() || (atLead && m_leadDock->isVisible());
    // Single dummy counts the play from the opening lead by declarer's left-hand opponent.
    const bool fromLead =
        board.trick.empty() && (!board.leader || *board.leader == board.contract.openingLeader());
    if (state) {
        const core::Seat dummy = core::partner(board.contract.declarer);
        m_constraints->setUnseenSeats(m_table->unseenSeats(),
                                      state->toMove() == dummy ? board.contract.declarer
                                                               : state->toMove());
    }
    if (atLead && fromLead && !state->isFinished())
        openLeadDockAtLead();
    if (!wanted || m_teaching || m_lessonMode || !state || state->isFinished() || !fromLead) {
        m_leadStatus->setText(atLead ? QString() : tr("Opening leads are valued at trick one."));
        updateSolverStatus();
        return;
    }
    core::SingleDummySpec spec;
    spec.start = board.deal;
    spec.contract = board.contract;
    spec.vulnerability = board.vulnerability;
    spec.played = state->history();
    const std::array<QString, 4> texts = board.constraints.value_or(std::array<QString, 4> {});
    for (std::size_t i = 0; i < texts.size(); ++i) {
        // The editor applies only texts that read; a bad one means no constraint.
        if (auto parsed = core::parseHandConstraint(texts[i].toStdString()))
            spec.constraints[i] = *parsed;
    }
    spec.layouts = atLead ? leadLayouts : playLayouts;
    spec.untilSettled = !atLead;
    spec.guesses = !atLead;
    spec.pool.threads = m_solver->tableThreads();
    // batch 0: the first estimate after two layouts per thread, then one every 1/40 of them.
    m_sdPosition = state->position();
    m_sdAtLead = atLead;
    m_sdGeneration = m_solver->requestSingleDummy(spec);
    // Declarer's side to play, on the table: αμ too, with PIMC's constraints and seed.
    const core::Seat toMove = state->toMove();
    if (!atLead && isSingleDummyMode() &&
        core::sideOf(toMove) == core::sideOf(board.contract.declarer)) {
        core::AlphaMuSpec am;
        am.base = spec;
        am.base.layouts = alphaMuWorlds;
        am.base.untilSettled = false;
        am.budget = alphaMuBudget;
        m_amGeneration = m_solver->requestAlphaMu(am);
    }
    if (atLead)
        m_leadStatus->setText(tr("Valuing %1's leads\u2026").arg(seatText(state->toMove())));
}

void MainWindow::onSingleDummyProgress(quint64 generation, const core::SingleDummyResult &result)
{
    if (generation != m_sdGeneration || m_teaching || m_lessonMode)
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

void MainWindow::onAlphaMuProgress(quint64 generation, const core::AlphaMuResult &result)
{
    if (generation != m_amGeneration || m_teaching || m_lessonMode || !isSingleDummyMode())
        return;
    const core::PlayState *state = m_session->state();
    if (!state || !(state->position() == m_sdPosition))
        return;
    m_table->setAlphaMuValues(m_sdPosition, result);
    m_sdStatus = m_table->singleDummyStatus();
    updateSolverStatus();
}

} // namespace tenace::ui
