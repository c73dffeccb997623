#include "ui/simulation_dialog.h"

#include "ui/bridge_text.h"
#include "ui/solver_controller.h"

#include "core/model/dealer.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QFileDialog>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QSaveFile>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QValueAxis>

#include <sstream>

namespace tenace::ui {

using namespace tenace::core;

namespace {

QSpinBox *rangeSpin(int low, int high, int value)
{
    auto *spin = new QSpinBox;
    spin->setRange(low, high);
    spin->setValue(value);
    spin->setAlignment(Qt::AlignRight);
    return spin;
}

QTableWidgetItem *cell(const QString &text)
{
    auto *item = new QTableWidgetItem(text);
    item->setTextAlignment(Qt::AlignCenter);
    return item;
}

QTableWidget *resultTable(int rows, int columns)
{
    auto *table = new QTableWidget(rows, columns);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionMode(QAbstractItemView::NoSelection);
    table->setFocusPolicy(Qt::NoFocus);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table->verticalHeader()->setDefaultSectionSize(22);
    table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    return table;
}

} // namespace

SimulationDialog::SimulationDialog(const Deal &deal, SolverController *solver, QWidget *parent)
    : QDialog(parent), m_deal(deal), m_solver(solver)
{
    setWindowTitle(tr("Simulation"));
    buildUi();
    connect(m_solver, &SolverController::requestProgress, this,
            [this](RequestKind kind, quint64 generation, int done, int) {
                if (kind == RequestKind::Simulation && m_running && generation == m_generation)
                    m_progress->setValue(done);
            });
    connect(m_solver, &SolverController::requestFinished, this,
            [this](RequestKind kind, quint64 generation, const QVariant &value) {
                if (kind == RequestKind::Simulation && m_running && generation == m_generation)
                    finishRun(value.value<SimulationResult>(), {});
                else
                    onAnswer(kind);
            });
    connect(m_solver, &SolverController::requestFailed, this,
            [this](RequestKind kind, quint64 generation, const QString &message) {
                if (kind == RequestKind::Simulation && m_running && generation == m_generation)
                    finishRun(std::nullopt, tr("Not run: %1").arg(message));
                else
                    onAnswer(kind);
            });
    connect(m_solver, &SolverController::requestCancelled, this,
            [this](RequestKind kind, quint64) { onAnswer(kind); });
    updateRunState();
    showResult();
}

SimulationDialog::~SimulationDialog()
{
    cancel();
}

void SimulationDialog::buildUi()
{
    auto *layout = new QVBoxLayout(this);

    auto *handsBox = new QGroupBox(tr("Hands"));
    auto *grid = new QGridLayout(handsBox);
    grid->addWidget(new QLabel(tr("Keep")), 0, 0);
    grid->addWidget(new QLabel(tr("HCP")), 0, 2, 1, 2, Qt::AlignCenter);
    for (Suit suit : allSuits) {
        auto *label = new QLabel(suitSymbol(suit));
        label->setAlignment(Qt::AlignCenter);
        QPalette palette = label->palette();
        palette.setColor(QPalette::WindowText, suitTextColor(suit));
        label->setPalette(palette);
        grid->addWidget(label, 0, 4 + 2 * index(suit), 1, 2, Qt::AlignCenter);
    }
    for (Seat seat : allSeats) {
        const std::size_t s = static_cast<std::size_t>(index(seat));
        const int row = 1 + index(seat);
        const bool full = m_deal[seat].count() == 13;
        m_keep[s] = new QCheckBox(seatText(seat));
        m_keep[s]->setEnabled(full);
        m_keep[s]->setChecked(full && (seat == Seat::North || seat == Seat::South));
        m_keep[s]->setToolTip(full ? handText(m_deal[seat]) : tr("Not a full hand"));
        grid->addWidget(m_keep[s], row, 0);
        auto *hand = new QLabel(full ? handText(m_deal[seat]) : QString());
        hand->setMinimumWidth(
            hand->fontMetrics().horizontalAdvance(QStringLiteral("AKQJ.AKQ.AKQ.AKQ")));
        grid->addWidget(hand, row, 1);
        m_hcpLow[s] = rangeSpin(0, 37, 0);
        m_hcpHigh[s] = rangeSpin(0, 37, 37);
        grid->addWidget(m_hcpLow[s], row, 2);
        grid->addWidget(m_hcpHigh[s], row, 3);
        for (Suit suit : allSuits) {
            const std::size_t u = static_cast<std::size_t>(index(suit));
            m_lengthLow[s][u] = rangeSpin(0, 13, 0);
            m_lengthHigh[s][u] = rangeSpin(0, 13, 13);
            grid->addWidget(m_lengthLow[s][u], row, 4 + 2 * index(suit));
            grid->addWidget(m_lengthHigh[s][u], row, 5 + 2 * index(suit));
        }
        connect(m_keep[s], &QCheckBox::toggled, this, &SimulationDialog::updateRunState);
    }
    auto *rangesNote =
        new QLabel(tr("Ranges (minimum, maximum) apply to the hands dealt at random."));
    rangesNote->setEnabled(false);
    grid->addWidget(rangesNote, 5, 0, 1, 12);
    layout->addWidget(handsBox);

    auto *runRow = new QHBoxLayout;
    runRow->addWidget(new QLabel(tr("Deals")));
    m_dealsSpin = rangeSpin(1, 100000, 100);
    m_dealsSpin->setAccelerated(true);
    runRow->addWidget(m_dealsSpin);
    runRow->addWidget(new QLabel(tr("Seed")));
    m_seedEdit = new QLineEdit(QString::number(Dealer::randomSeed() % 1000000));
    m_seedEdit->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9]{1,19}")), this));
    m_seedEdit->setMaximumWidth(150);
    m_seedEdit->setToolTip(tr("The same seed and hands give the same deals"));
    runRow->addWidget(m_seedEdit);
    m_runButton = new QPushButton(tr("&Run"));
    m_runButton->setDefault(true);
    connect(m_runButton, &QPushButton::clicked, this, &SimulationDialog::start);
    runRow->addWidget(m_runButton);
    m_cancelButton = new QPushButton(tr("&Cancel"));
    connect(m_cancelButton, &QPushButton::clicked, this, &SimulationDialog::cancel);
    runRow->addWidget(m_cancelButton);
    m_progress = new QProgressBar;
    runRow->addWidget(m_progress, 1);
    layout->addLayout(runRow);
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("simulationStatus"));
    m_status->setWordWrap(true);
    layout->addWidget(m_status);

    auto *chartRow = new QHBoxLayout;
    chartRow->addWidget(new QLabel(tr("Tricks in")));
    m_strainCombo = new QComboBox;
    for (Strain strain : allStrains)
        m_strainCombo->addItem(strainText(strain));
    m_strainCombo->setCurrentIndex(index(Strain::NoTrump));
    chartRow->addWidget(m_strainCombo);
    chartRow->addWidget(new QLabel(tr("by")));
    m_declarerCombo = new QComboBox;
    for (Seat seat : allSeats)
        m_declarerCombo->addItem(seatText(seat));
    m_declarerCombo->setCurrentIndex(index(Seat::South));
    chartRow->addWidget(m_declarerCombo);
    chartRow->addStretch(1);
    m_saveButton = new QPushButton(tr("&Save deals as PBN\u2026"));
    connect(m_saveButton, &QPushButton::clicked, this, &SimulationDialog::saveDialog);
    chartRow->addWidget(m_saveButton);
    layout->addLayout(chartRow);
    connect(m_strainCombo, &QComboBox::currentIndexChanged, this, &SimulationDialog::showResult);
    connect(m_declarerCombo, &QComboBox::currentIndexChanged, this, &SimulationDialog::showResult);

    m_chart = new QChart;
    m_chart->legend()->hide();
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_bars = new QBarSet(tr("Deals"));
    QStringList categories;
    for (int t = 0; t <= 13; ++t) {
        *m_bars << 0;
        categories << QString::number(t);
    }
    m_bars->setColor(palette().color(QPalette::Highlight));
    auto *series = new QBarSeries;
    series->append(m_bars);
    series->setBarWidth(0.8);
    m_chart->addSeries(series);
    auto *x = new QBarCategoryAxis;
    x->append(categories);
    x->setTitleText(tr("Tricks taken by declarer"));
    m_axisY = new QValueAxis;
    m_axisY->setLabelFormat(QStringLiteral("%d"));
    m_axisY->setTitleText(tr("Deals"));
    m_chart->addAxis(x, Qt::AlignBottom);
    m_chart->addAxis(m_axisY, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(m_axisY);
    const QColor text = palette().color(QPalette::Text);
    m_chart->setBackgroundBrush(palette().color(QPalette::Base));
    m_chart->setTitleBrush(text);
    for (QAbstractAxis *axis :
         {static_cast<QAbstractAxis *>(x), static_cast<QAbstractAxis *>(m_axisY)}) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
    }
    m_chartView = new QChartView(m_chart);
    m_chartView->setRenderHint(QPainter::Antialiasing);
    m_chartView->setMinimumSize(420, 240);
    layout->addWidget(m_chartView, 1);

    auto *tables = new QHBoxLayout;
    m_means = resultTable(5, 4);
    m_means->setObjectName(QStringLiteral("simulationMeans"));
    QStringList seats, strains, levels;
    for (Seat seat : allSeats)
        seats << seatLetterText(seat);
    for (Strain strain : allStrains)
        strains << strainText(strain);
    for (int level = 1; level <= 7; ++level)
        levels << QString::number(level);
    m_means->setHorizontalHeaderLabels(seats);
    m_means->setVerticalHeaderLabels(strains);
    m_means->setToolTip(tr("Mean tricks for each strain and declarer"));
    m_makes = resultTable(5, 7);
    m_makes->setObjectName(QStringLiteral("simulationMakes"));
    m_makes->setHorizontalHeaderLabels(levels);
    m_makes->setVerticalHeaderLabels(strains);
    auto *meanBox = new QVBoxLayout;
    meanBox->addWidget(new QLabel(tr("<b>Mean tricks</b>")));
    meanBox->addWidget(m_means);
    auto *makeBox = new QVBoxLayout;
    auto *makeTitle = new QLabel;
    makeTitle->setObjectName(QStringLiteral("makeTitle"));
    makeBox->addWidget(makeTitle);
    makeBox->addWidget(m_makes);
    tables->addLayout(meanBox, 4);
    tables->addLayout(makeBox, 7);
    layout->addLayout(tables);
}

SimulationSpec SimulationDialog::spec() const
{
    SimulationSpec spec;
    for (Seat seat : allSeats) {
        const std::size_t s = static_cast<std::size_t>(index(seat));
        if (m_keep[s]->isChecked())
            spec.fixed[seat] = m_deal[seat];
        HandConstraint &c = spec.constraints[s];
        c.minHcp = m_hcpLow[s]->value();
        c.maxHcp = m_hcpHigh[s]->value();
        for (std::size_t u = 0; u < 4; ++u) {
            c.minLength[u] = m_lengthLow[s][u]->value();
            c.maxLength[u] = m_lengthHigh[s][u]->value();
        }
    }
    spec.deals = m_dealsSpin->value();
    spec.seed = m_seedEdit->text().toULongLong();
    spec.table.threads = 0;
    return spec;
}

void SimulationDialog::setDeals(int deals)
{
    m_dealsSpin->setValue(deals);
}

void SimulationDialog::setSeed(quint64 seed)
{
    m_seedEdit->setText(QString::number(seed));
}

void SimulationDialog::setKept(Seat seat, bool keep)
{
    m_keep[static_cast<std::size_t>(index(seat))]->setChecked(keep);
}

void SimulationDialog::setHcpRange(Seat seat, int low, int high)
{
    m_hcpLow[static_cast<std::size_t>(index(seat))]->setValue(low);
    m_hcpHigh[static_cast<std::size_t>(index(seat))]->setValue(high);
}

void SimulationDialog::setChartSelection(Strain strain, Seat declarer)
{
    m_strainCombo->setCurrentIndex(index(strain));
    m_declarerCombo->setCurrentIndex(index(declarer));
}

void SimulationDialog::start()
{
    if (isRunning() || !m_solver)
        return;
    m_runSpec = spec();
    m_progress->setRange(0, m_runSpec.deals);
    m_progress->setValue(0);
    m_statusText = tr("Dealing and solving %1 deals\u2026").arg(m_runSpec.deals);
    m_status->setText(m_statusText);
    m_generation = m_solver->requestSimulation(m_runSpec);
    m_running = true;
    updateRunState();
}

void SimulationDialog::cancel()
{
    if (m_running && m_solver &&
        m_solver->requestGeneration(RequestKind::Simulation) == m_generation)
        m_solver->cancelRequest(RequestKind::Simulation);
}

bool SimulationDialog::isRunning() const
{
    return m_running;
}

void SimulationDialog::onAnswer(RequestKind kind)
{
    // Our cancel, or a newer run's answer (stale ones never arrive): ours was cancelled.
    if (kind == RequestKind::Simulation && m_running)
        finishRun(std::nullopt, tr("Cancelled."));
}

QString SimulationDialog::statusText() const
{
    return m_statusText;
}

std::array<int, 14> SimulationDialog::chartCounts() const
{
    return m_chartCounts;
}

void SimulationDialog::finishRun(std::optional<SimulationResult> result, const QString &status)
{
    m_running = false;
    m_result = std::move(result);
    if (m_result) {
        m_progress->setValue(m_progress->maximum());
        m_statusText = tr("%1 deals solved (seed %2, %L3 nodes).")
                           .arg(m_result->tables.size())
                           .arg(m_runSpec.seed)
                           .arg(m_result->nodes);
    } else {
        m_statusText = status;
    }
    m_status->setText(m_statusText);
    showResult();
    updateRunState();
    emit simulationFinished();
}

void SimulationDialog::showResult()
{
    const Strain strain = strainAt(m_strainCombo->currentIndex());
    const Seat declarer = seatAt(m_declarerCombo->currentIndex());
    if (auto *title = findChild<QLabel *>(QStringLiteral("makeTitle")))
        title->setText(
            tr("<b>Chance of making, by level</b> (declarer %1, percent)").arg(seatText(declarer)));
    const TrickDistribution *d = m_result ? &m_result->distribution : nullptr;
    for (Strain s : allStrains) {
        for (Seat seat : allSeats)
            m_means->setItem(index(s), index(seat),
                             cell(d ? QString::number(d->mean(s, seat), 'f', 2) : QString()));
        for (int level = 1; level <= 7; ++level)
            m_makes->setItem(
                index(s), level - 1,
                cell(d ? QString::number(100.0 * d->makeProbability(s, declarer, level), 'f', 0)
                       : QString()));
    }
    m_chartCounts = {};
    if (d) {
        for (std::size_t t = 0; t < 14; ++t)
            m_chartCounts[t] = d->counts[static_cast<std::size_t>(index(strain))]
                                        [static_cast<std::size_t>(index(declarer))][t];
    }
    showChart();
}

void SimulationDialog::showChart()
{
    const Strain strain = strainAt(m_strainCombo->currentIndex());
    const Seat declarer = seatAt(m_declarerCombo->currentIndex());
    int highest = 0;
    for (int t = 0; t <= 13; ++t) {
        m_bars->replace(t, m_chartCounts[static_cast<std::size_t>(t)]);
        highest = std::max(highest, m_chartCounts[static_cast<std::size_t>(t)]);
    }
    // Whole-number ticks, at most about eight of them: steps of 1, 2, 5, 10, 20, 50...
    int step = 1;
    for (int candidate : {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000}) {
        step = candidate;
        if (highest <= 8 * step)
            break;
    }
    const int top = std::max((highest + step - 1) / step, 1) * step;
    m_axisY->setRange(0, top);
    m_axisY->setTickCount(top / step + 1);
    if (m_result) {
        const TrickDistribution &d = m_result->distribution;
        // The highest level made at least half the time (else level 1).
        int level = 1;
        for (int l = 7; l > 1 && level == 1; --l) {
            if (d.makeProbability(strain, declarer, l) >= 0.5)
                level = l;
        }
        m_chart->setTitle(tr("%1 by %2: mean %3 tricks \u00b7 makes %4%5 in %6% of deals")
                              .arg(strainText(strain), seatText(declarer))
                              .arg(d.mean(strain, declarer), 0, 'f', 2)
                              .arg(level)
                              .arg(strainText(strain))
                              .arg(100.0 * d.makeProbability(strain, declarer, level), 0, 'f', 0));
    } else {
        m_chart->setTitle(tr("%1 by %2").arg(strainText(strain), seatText(declarer)));
    }
}

void SimulationDialog::updateRunState()
{
    const bool running = isRunning();
    m_runButton->setEnabled(!running);
    m_cancelButton->setEnabled(running);
    m_saveButton->setEnabled(!running && m_result.has_value());
    for (Seat seat : allSeats) {
        const std::size_t s = static_cast<std::size_t>(index(seat));
        const bool random = !m_keep[s]->isChecked();
        m_keep[s]->setEnabled(!running && m_deal[seat].count() == 13);
        m_hcpLow[s]->setEnabled(!running && random);
        m_hcpHigh[s]->setEnabled(!running && random);
        for (std::size_t u = 0; u < 4; ++u) {
            m_lengthLow[s][u]->setEnabled(!running && random);
            m_lengthHigh[s][u]->setEnabled(!running && random);
        }
    }
    m_dealsSpin->setEnabled(!running);
    m_seedEdit->setEnabled(!running);
}

bool SimulationDialog::savePbn(const QString &path, QString *error) const
{
    if (!m_result) {
        if (error)
            *error = tr("There are no results to save.");
        return false;
    }
    std::ostringstream out;
    writeSimulationPbn(m_runSpec, *m_result, out);
    const std::string bytes = out.str();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(bytes.data(), static_cast<qint64>(bytes.size())) !=
            static_cast<qint64>(bytes.size()) ||
        !file.commit()) {
        if (error)
            *error = tr("Could not write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

void SimulationDialog::saveDialog()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save deals as PBN"), QStringLiteral("simulation.pbn"), tr("PBN files (*.pbn)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!savePbn(path, &error))
        QMessageBox::warning(this, tr("Save deals"), error);
}

void SimulationDialog::closeEvent(QCloseEvent *event)
{
    cancel();
    QDialog::closeEvent(event);
}

} // namespace tenace::ui
