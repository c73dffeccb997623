#include "ui/suit_combination_dialog.h"

#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSplitter>
#include <QTableWidget>
#include <QThread>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace tenace::ui {

namespace {

QString percent(double p)
{
    return QString::number(p * 100, 'f', 2) + QLatin1Char('%');
}

QTableWidget *makeTable(const QStringList &headers, QWidget *parent)
{
    auto *table = new QTableWidget(0, static_cast<int>(headers.size()), parent);
    table->setHorizontalHeaderLabels(headers);
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->horizontalHeader()->setStretchLastSection(true);
    return table;
}

// The outline as tree items, at most `budget` of them (a long line ends with "...").
void addOutline(const std::vector<core::SuitLineNode> &nodes, QTreeWidgetItem *parent,
                QTreeWidget *tree, int &budget)
{
    for (const core::SuitLineNode &node : nodes) {
        auto *item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(tree);
        if (--budget < 0) {
            item->setText(0, QStringLiteral("\u2026"));
            return;
        }
        item->setText(0, QString::fromStdString(node.text));
        addOutline(node.children, item, tree, budget);
    }
}

} // namespace

void SuitCombinationWorker::solve(quint64 generation, const core::SuitHoldings &holdings,
                                  const core::CancelToken &token)
{
    if (token.isCancelled())
        return;
    const auto analysis = core::analyseSuit(holdings, {}, &token);
    if (!analysis)
        emit failed(generation, QString::fromStdString(analysis.error().message));
    else if (analysis->status == core::SolveStatus::Solved)
        emit solved(generation, *analysis);
}

SuitCombinationDialog::SuitCombinationDialog(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Suit combination"));
    m_north = new QLineEdit(this);
    m_north->setObjectName(QStringLiteral("northHolding"));
    m_north->setPlaceholderText(tr("e.g. AKJ54 (x: a small card, -: void)"));
    m_south = new QLineEdit(this);
    m_south->setObjectName(QStringLiteral("southHolding"));
    m_south->setPlaceholderText(tr("e.g. 9876"));
    m_error = new QLabel(this);
    m_error->setStyleSheet(QStringLiteral("color: #b00020"));
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_results = makeTable({tr("Tricks"), tr("Chance"), tr("Line")}, this);
    m_tree = new QTreeWidget(this);
    m_tree->setHeaderLabels({tr("Line (declarer's plays; a branch per defender's card)")});
    m_splits = makeTable({tr("West-East"), tr("Chance")}, this);

    auto *form = new QFormLayout;
    form->addRow(tr("&North (dummy):"), m_north);
    form->addRow(tr("&South (declarer):"), m_south);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_results);
    auto *lower = new QSplitter(Qt::Horizontal, splitter);
    lower->addWidget(m_tree);
    lower->addWidget(m_splits);
    lower->setStretchFactor(0, 3);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_status);
    resize(760, 620);

    m_debounce = new QTimer(this);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(200);
    connect(m_debounce, &QTimer::timeout, this, &SuitCombinationDialog::requestSolve);
    for (QLineEdit *edit : {m_north, m_south})
        connect(edit, &QLineEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_results, &QTableWidget::currentCellChanged, this, [this](int row) { showLine(row); });

    m_thread = new QThread(this);
    auto *worker = new SuitCombinationWorker;
    worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, worker, &QObject::deleteLater);
    connect(this, &SuitCombinationDialog::solveRequested, worker, &SuitCombinationWorker::solve);
    connect(worker, &SuitCombinationWorker::solved, this, &SuitCombinationDialog::showAnalysis);
    connect(worker, &SuitCombinationWorker::failed, this, &SuitCombinationDialog::showFailure);
    m_thread->start();
}

SuitCombinationDialog::~SuitCombinationDialog()
{
    m_token.cancel();
    m_thread->quit();
    m_thread->wait();
}

void SuitCombinationDialog::requestSolve()
{
    m_debounce->stop();
    m_token.cancel();
    m_token = core::CancelToken();
    ++m_generation;
    const auto holdings =
        core::parseSuitHoldings(m_north->text().toStdString(), m_south->text().toStdString());
    if (!holdings) {
        m_error->setText(QString::fromStdString(holdings.error().message));
        m_status->clear();
        return;
    }
    if (holdings->north == 0 && holdings->south == 0) {
        m_error->clear();
        m_status->setText(tr("Type the two holdings."));
        return;
    }
    m_error->clear();
    m_status->setText(tr("Solving North %1, South %2\u2026")
                          .arg(QString::fromStdString(core::suitHoldingText(holdings->north)),
                               QString::fromStdString(core::suitHoldingText(holdings->south))));
    emit solveRequested(m_generation, *holdings, m_token);
}

void SuitCombinationDialog::showAnalysis(quint64 generation, const core::SuitAnalysis &analysis)
{
    if (generation != m_generation)
        return;
    m_analysis = analysis;
    const core::SuitHoldings &h = analysis.holdings;
    m_results->setRowCount(static_cast<int>(analysis.targets.size()) + 1);
    const auto setRow = [this, &h](int row, const QString &tricks, const QString &chance,
                                   const std::vector<core::SuitPlay> &line) {
        m_results->setItem(row, 0, new QTableWidgetItem(tricks));
        m_results->setItem(row, 1, new QTableWidgetItem(chance));
        m_results->setItem(row, 2,
                           new QTableWidgetItem(QString::fromStdString(compactSuitLine(h, line))));
    };
    int row = 0;
    for (const core::SuitTarget &t : analysis.targets)
        setRow(row++, QString::number(t.tricks), percent(t.probability), t.line);
    setRow(row, tr("Average"), QString::number(analysis.averageTricks, 'f', 4),
           analysis.averageLine);
    m_results->resizeColumnsToContents();
    const int n = static_cast<int>(analysis.defenders.size());
    m_splits->setRowCount(n + 1);
    for (int west = 0; west <= n; ++west) {
        m_splits->setItem(west, 0,
                          new QTableWidgetItem(QStringLiteral("%1-%2").arg(west).arg(n - west)));
        m_splits->setItem(
            west, 1,
            new QTableWidgetItem(percent(analysis.splits[static_cast<std::size_t>(west)])));
    }
    m_status->setText(tr("North %1, South %2: the defenders hold %n card(s). They see every card "
                         "and know the line.",
                         nullptr, n)
                          .arg(QString::fromStdString(core::suitHoldingText(h.north)),
                               QString::fromStdString(core::suitHoldingText(h.south))));
    m_results->setCurrentCell(
        analysis.targets.empty() ? 0 : static_cast<int>(analysis.targets.size()) - 1, 0);
    showLine(m_results->currentRow());
    emit resultShown();
}

void SuitCombinationDialog::showFailure(quint64 generation, const QString &message)
{
    if (generation != m_generation)
        return;
    m_error->setText(message);
    m_status->clear();
}

void SuitCombinationDialog::showLine(int row)
{
    m_tree->clear();
    const auto targets = static_cast<int>(m_analysis.targets.size());
    if (row < 0 || row > targets)
        return;
    const auto &line = row < targets ? m_analysis.targets[static_cast<std::size_t>(row)].line
                                     : m_analysis.averageLine;
    int budget = 5000;
    addOutline(core::suitLineOutline(line), nullptr, m_tree, budget);
    m_tree->expandToDepth(1);
}

} // namespace tenace::ui
