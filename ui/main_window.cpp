#include "ui/main_window.h"

#include "core/dealer.h"
#include "core/par_explain.h"
#include "core/pbn_reader.h"
#include "ui/dd_table_widget.h"
#include "ui/solver_controller.h"
#include "ui/table_widget.h"

#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QToolBar>
#include <QVBoxLayout>

namespace tenace::ui {

namespace core = tenace::core;

namespace {

QString seatLabel(core::Seat seat)
{
    return QString::fromLatin1(core::seatName(seat).data(),
                               static_cast<qsizetype>(core::seatName(seat).size()));
}

QString vulText(core::Vulnerability v)
{
    switch (v) {
    case core::Vulnerability::None:
        return QObject::tr("None vul");
    case core::Vulnerability::NorthSouth:
        return QObject::tr("NS vul");
    case core::Vulnerability::EastWest:
        return QObject::tr("EW vul");
    default:
        return QObject::tr("All vul");
    }
}

} // namespace

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    setWindowTitle(tr("Tenace"));
    m_solver = new SolverController(this);
    buildUi();
    resize(1180, 780);
    updateActions();
}

MainWindow::~MainWindow() = default;

void MainWindow::buildUi()
{
    m_table = new TableWidget(this);
    setCentralWidget(m_table);

    // Side panel: board, contract, DD table, par.
    auto *panel = new QWidget;
    auto *layout = new QVBoxLayout(panel);
    layout->setContentsMargins(10, 10, 10, 10);
    layout->setSpacing(12);

    auto *boardBox = new QGroupBox(tr("Board"));
    auto *boardForm = new QFormLayout(boardBox);
    m_boardLabel = new QLabel(tr("No deal"));
    m_boardLabel->setWordWrap(true);
    m_boardLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    boardForm->addRow(m_boardLabel);
    m_boardCombo = new QComboBox;
    m_boardCombo->setVisible(false);
    boardForm->addRow(m_boardCombo);
    layout->addWidget(boardBox);

    auto *contractBox = new QGroupBox(tr("Contract"));
    auto *contractForm = new QFormLayout(contractBox);
    m_strainCombo = new QComboBox;
    m_strainCombo->addItem(tr("NT  No trump"), index(core::Strain::NoTrump));
    m_strainCombo->addItem(tr("\u2660  Spades"), index(core::Strain::Spades));
    m_strainCombo->addItem(tr("\u2665  Hearts"), index(core::Strain::Hearts));
    m_strainCombo->addItem(tr("\u2666  Diamonds"), index(core::Strain::Diamonds));
    m_strainCombo->addItem(tr("\u2663  Clubs"), index(core::Strain::Clubs));
    m_declarerCombo = new QComboBox;
    for (const core::Seat s : core::allSeats)
        m_declarerCombo->addItem(seatLabel(s), index(s));
    contractForm->addRow(tr("Strain"), m_strainCombo);
    contractForm->addRow(tr("Declarer"), m_declarerCombo);
    layout->addWidget(contractBox);

    auto *ddBox = new QGroupBox(tr("Double-dummy tricks"));
    auto *ddLayout = new QVBoxLayout(ddBox);
    m_ddTable = new DdTableWidget;
    m_ddTable->setMinimumHeight(150);
    ddLayout->addWidget(m_ddTable);
    layout->addWidget(ddBox);

    auto *parBox = new QGroupBox(tr("Par"));
    auto *parLayout = new QVBoxLayout(parBox);
    m_parLabel = new QLabel(tr("\u2013"));
    m_parLabel->setWordWrap(true);
    m_parLabel->setTextFormat(Qt::RichText);
    m_parLabel->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_parLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    parLayout->addWidget(m_parLabel);
    layout->addWidget(parBox);
    layout->addStretch(1);

    auto *dock = new QDockWidget(tr("Analysis"), this);
    dock->setObjectName(QStringLiteral("analysisDock"));
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    dock->setWidget(panel);
    panel->setMinimumWidth(290);
    addDockWidget(Qt::RightDockWidgetArea, dock);

    // Actions.
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open =
        file->addAction(tr("&Open\u2026"), QKeySequence::Open, this, &MainWindow::openDialog);
    QAction *random = file->addAction(tr("&New random deal"), QKeySequence::New, this,
                                      [this] { newRandomDeal(); });
    file->addAction(tr("Deal from &seed\u2026"), this, [this] {
        bool ok = false;
        const QString text = QInputDialog::getText(this, tr("Deal from seed"),
                                                   tr("Seed (shown in the board panel):"),
                                                   QLineEdit::Normal, QString(), &ok);
        const quint64 seed = text.trimmed().toULongLong(&ok);
        if (ok)
            newRandomDeal(seed);
        else if (!text.isEmpty())
            statusBar()->showMessage(tr("Not a seed: %1").arg(text), 5000);
    });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::quit);

    QMenu *play = menuBar()->addMenu(tr("&Play"));
    m_undoAction =
        play->addAction(tr("&Undo card"), QKeySequence::Undo, this, [this] { m_table->undo(); });
    m_redoAction =
        play->addAction(tr("&Redo card"), QKeySequence::Redo, this, [this] { m_table->redo(); });
    m_startAction = play->addAction(tr("Back to &start"), QKeySequence(Qt::CTRL | Qt::Key_Home),
                                    this, [this] { m_table->backToStart(); });
    QAction *end = play->addAction(tr("Go to &end"), QKeySequence(Qt::CTRL | Qt::Key_End), this,
                                   [this] { m_table->toEnd(); });
    play->addSeparator();
    QAction *best =
        play->addAction(tr("Play &best card"), QKeySequence(Qt::CTRL | Qt::Key_B), this, [this] {
            if (!m_table->playBestCard())
                statusBar()->showMessage(tr("Wait for the analysis of this position"), 3000);
        });
    m_endAction = end;
    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *rotate = view->addAction(tr("&Rotate table"), QKeySequence(Qt::CTRL | Qt::Key_R), this,
                                      [this] { m_table->rotate(); });
    QAction *annotations = view->addAction(tr("Show &double-dummy values"));
    annotations->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    annotations->setCheckable(true);
    annotations->setChecked(true);
    connect(annotations, &QAction::toggled, m_table, &TableWidget::setAnnotationsVisible);
    view->addAction(dock->toggleViewAction());

    QToolBar *tools = addToolBar(tr("Main"));
    tools->setObjectName(QStringLiteral("mainToolbar"));
    tools->setMovable(false);
    tools->setToolButtonStyle(Qt::ToolButtonTextOnly);
    tools->addAction(open);
    tools->addAction(random);
    tools->addSeparator();
    tools->addAction(m_startAction);
    tools->addAction(m_undoAction);
    tools->addAction(m_redoAction);
    tools->addAction(end);
    tools->addAction(best);
    tools->addSeparator();
    tools->addAction(rotate);
    tools->addAction(annotations);

    m_statusLabel = new QLabel;
    statusBar()->addPermanentWidget(m_statusLabel);

    // Wiring.
    connect(m_table, &TableWidget::positionChanged, this, &MainWindow::onPositionChanged);
    connect(m_solver, &SolverController::busyChanged, this, &MainWindow::onBusyChanged);
    connect(m_solver, &SolverController::cardsReady, this,
            [this](quint64 generation, const core::SolveResult &result) {
                if (generation != m_cardsGeneration)
                    return;
                m_table->setCardScores(m_requested, result);
                statusBar()->showMessage(tr("Cards analysed in %1 ms \u00b7 %L2 nodes")
                                             .arg(m_cardsClock.elapsed())
                                             .arg(result.nodes));
            });
    connect(m_solver, &SolverController::tableReady, this,
            [this](quint64 generation, const core::DdTable &table) {
                if (generation != m_tableGeneration)
                    return;
                m_ddResult = table;
                m_ddTable->setTable(table);
                updatePar();
            });
    connect(m_solver, &SolverController::solveFailed, this, [this](const QString &message) {
        statusBar()->showMessage(tr("Solver: %1").arg(message), 8000);
    });
    connect(
        m_ddTable, &DdTableWidget::contractChosen, this,
        [this](core::Strain strain, core::Seat declarer) { chooseContract(strain, declarer, 0); });
    auto comboChanged = [this] {
        chooseContract(core::strainAt(m_strainCombo->currentData().toInt()),
                       core::seatAt(m_declarerCombo->currentData().toInt()), 0);
    };
    connect(m_strainCombo, &QComboBox::activated, this, comboChanged);
    connect(m_declarerCombo, &QComboBox::activated, this, comboChanged);
    connect(m_boardCombo, &QComboBox::activated, this, [this](int i) { showBoard(i); });
}

void MainWindow::openDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open deals"), QString(),
                                                      tr("PBN files (*.pbn);;All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

bool MainWindow::openFile(const QString &path)
{
    std::vector<Board> boards;
    const auto read = core::readPbnFile(QFile::encodeName(path).toStdString());
    if (read.ok()) {
        int number = 0;
        for (const core::PbnGame &game : read->document.games) {
            ++number;
            const std::optional<core::Deal> deal = game.deal();
            if (!deal || !core::checkComplete(*deal).ok())
                continue;
            Board b;
            b.deal = *deal;
            b.dealer = game.dealer().value_or(core::Seat::North);
            b.vulnerability = game.vulnerability().value_or(core::Vulnerability::None);
            if (const auto contract = game.contract(); contract && !contract->passedOut) {
                b.strain = contract->strain;
                b.level = contract->level;
            }
            if (const auto declarer = game.declarer(); declarer && declarer->seat)
                b.declarer = *declarer->seat;
            const QString board =
                QString::fromStdString(game.tagValue("Board").value_or(std::string {}));
            b.title = board.isEmpty() ? tr("Game %1").arg(number) : tr("Board %1").arg(board);
            boards.push_back(std::move(b));
        }
    }
    if (boards.empty()) {
        // Fallback: a bare scan for [Deal "..."] tags.
        QFile f(path);
        if (f.open(QIODevice::ReadOnly)) {
            static const QRegularExpression dealTag(QStringLiteral(R"re(\[Deal\s+"([^"]*)"\])re"));
            auto it = dealTag.globalMatch(QString::fromUtf8(f.readAll()));
            while (it.hasNext()) {
                const auto deal = core::parsePbnDeal(it.next().captured(1).toStdString());
                if (!deal.ok() || !core::checkComplete(*deal).ok())
                    continue;
                Board b;
                b.deal = *deal;
                b.title = tr("Deal %1").arg(boards.size() + 1);
                boards.push_back(std::move(b));
            }
        }
    }
    if (boards.empty()) {
        statusBar()->showMessage(
            read.ok()
                ? tr("%1: no complete deal found").arg(path)
                : tr("Cannot open %1: %2").arg(path, QString::fromStdString(read.error().message)),
            10000);
        return false;
    }
    m_boards = std::move(boards);
    {
        const QSignalBlocker blocker(m_boardCombo);
        m_boardCombo->clear();
        for (const Board &b : m_boards)
            m_boardCombo->addItem(b.title);
        m_boardCombo->setVisible(m_boards.size() > 1);
    }
    setWindowTitle(tr("%1 \u2014 Tenace").arg(QFileInfo(path).fileName()));
    statusBar()->showMessage(
        tr("Opened %1: %n board(s)", nullptr, static_cast<int>(m_boards.size()))
            .arg(QFileInfo(path).fileName()),
        5000);
    showBoard(0);
    return true;
}

void MainWindow::newRandomDeal(std::optional<quint64> seed)
{
    const quint64 s = seed.value_or(core::Dealer::randomSeed());
    core::Dealer dealer(s);
    Board b;
    b.deal = dealer.deal();
    b.title = tr("Random deal \u00b7 seed %1").arg(s);
    m_boards = {b};
    {
        const QSignalBlocker blocker(m_boardCombo);
        m_boardCombo->clear();
        m_boardCombo->setVisible(false);
    }
    setWindowTitle(tr("Random deal \u2014 Tenace"));
    showBoard(0);
}

void MainWindow::showBoard(int i)
{
    if (i < 0 || i >= static_cast<int>(m_boards.size()))
        return;
    m_current = i;
    const Board &b = m_boards[static_cast<std::size_t>(i)];
    {
        const QSignalBlocker blocker(m_boardCombo);
        m_boardCombo->setCurrentIndex(i);
    }
    m_boardLabel->setText(
        tr("<b>%1</b><br>Dealer %2 \u00b7 %3")
            .arg(b.title.toHtmlEscaped(), seatLabel(b.dealer), vulText(b.vulnerability)));
    m_ddResult.reset();
    m_ddTable->setTable(std::nullopt);
    m_parLabel->setText(tr("<i>computing\u2026</i>"));
    m_tableGeneration = m_solver->requestTable(b.deal);
    m_table->setBoard(b.deal, b.dealer, b.vulnerability, b.title);
    chooseContract(b.strain, b.declarer, b.level);
}

void MainWindow::chooseContract(core::Strain strain, core::Seat declarer, int level)
{
    {
        const QSignalBlocker b1(m_strainCombo);
        const QSignalBlocker b2(m_declarerCombo);
        m_strainCombo->setCurrentIndex(m_strainCombo->findData(index(strain)));
        m_declarerCombo->setCurrentIndex(m_declarerCombo->findData(index(declarer)));
    }
    m_ddTable->setCurrent(strain, declarer);
    m_table->setContract(strain, declarer, level);
}

void MainWindow::onPositionChanged()
{
    updateActions();
    const auto &state = m_table->state();
    if (!state || state->isFinished())
        return;
    m_requested = state->position();
    m_cardsGeneration = m_solver->requestCards(m_requested);
    m_cardsClock.start();
}

void MainWindow::onBusyChanged(bool busy)
{
    m_table->setBusy(busy);
    m_statusLabel->setText(busy ? tr("Analysing\u2026") : tr("Ready"));
    if (!busy)
        emit analysisIdle();
}

void MainWindow::updateActions()
{
    m_undoAction->setEnabled(m_table->canUndo());
    m_redoAction->setEnabled(m_table->canRedo());
    m_startAction->setEnabled(m_table->canUndo());
    m_endAction->setEnabled(m_table->canRedo());
}

void MainWindow::updatePar()
{
    if (!m_ddResult || m_current < 0) {
        m_parLabel->setText(QStringLiteral("\u2013"));
        return;
    }
    const Board &b = m_boards[static_cast<std::size_t>(m_current)];
    const auto par = core::explainPar(*m_ddResult, b.vulnerability, b.dealer);
    if (!par.ok()) {
        m_parLabel->setText(QString::fromStdString(par.error().message).toHtmlEscaped());
        return;
    }
    QString html = QStringLiteral("<p><b>%1</b></p>")
                       .arg(QString::fromStdString(par->headline).toHtmlEscaped());
    for (const std::string &reason : par->reasons)
        html += QStringLiteral("<p style='margin-top:4px'>%1</p>")
                    .arg(QString::fromStdString(reason).toHtmlEscaped());
    m_parLabel->setText(html);
}

} // namespace tenace::ui
