#include "ui/analysis_panel.h"

#include "ui/bridge_text.h"
#include "ui/dd_table_model.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableView>
#include <QTextDocument>
#include <QVBoxLayout>

#include <bit>

namespace tenace::ui {

namespace core = tenace::core;

AnalysisPanel::AnalysisPanel(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 8);
    layout->setSpacing(10);

    auto *boardBox = new QGroupBox(tr("Board"));
    auto *boardLayout = new QVBoxLayout(boardBox);
    m_boardLabel = new QLabel(tr("No deal"));
    m_boardLabel->setWordWrap(true);
    boardLayout->addWidget(m_boardLabel);
    m_boardCombo = new QComboBox;
    m_boardCombo->setVisible(false);
    boardLayout->addWidget(m_boardCombo);
    auto *seedRow = new QHBoxLayout;
    m_seedEdit = new QLineEdit;
    m_seedEdit->setObjectName(QStringLiteral("seed"));
    m_seedEdit->setPlaceholderText(tr("seed"));
    m_seedEdit->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("\\d{1,20}")), this));
    m_seedEdit->setToolTip(tr("The seed of the random deal. Type a seed and press Enter to get "
                              "its deal back."));
    auto *dealButton = new QPushButton(tr("Deal"));
    dealButton->setToolTip(tr("Deal the board for this seed"));
    seedRow->addWidget(new QLabel(tr("Seed")));
    seedRow->addWidget(m_seedEdit, 1);
    seedRow->addWidget(dealButton);
    boardLayout->addLayout(seedRow);
    layout->addWidget(boardBox);
    auto enterSeed = [this] {
        bool ok = false;
        const quint64 seed = m_seedEdit->text().toULongLong(&ok);
        if (ok)
            emit seedEntered(seed);
    };
    connect(m_seedEdit, &QLineEdit::returnPressed, this, enterSeed);
    connect(dealButton, &QPushButton::clicked, this, enterSeed);
    connect(m_boardCombo, &QComboBox::activated, this, &AnalysisPanel::boardChosen);

    m_contractBox = new QGroupBox(tr("Contract"));
    auto *contractBox = m_contractBox;
    auto *contractRow = new QHBoxLayout(contractBox);
    m_levelSpin = new QSpinBox;
    m_levelSpin->setRange(1, 7);
    m_levelSpin->setToolTip(tr("Level (for the score)"));
    m_strainCombo = new QComboBox;
    for (const core::Strain s : {core::Strain::NoTrump, core::Strain::Spades, core::Strain::Hearts,
                                 core::Strain::Diamonds, core::Strain::Clubs})
        m_strainCombo->addItem(strainText(s), index(s));
    m_doublingCombo = new QComboBox;
    m_doublingCombo->addItem(QStringLiteral("\u2013"), 0);
    m_doublingCombo->addItem(QStringLiteral("\u00d7"), 1);
    m_doublingCombo->addItem(QStringLiteral("\u00d7\u00d7"), 2);
    m_doublingCombo->setToolTip(tr("Undoubled, doubled or redoubled (for the score)"));
    m_declarerCombo = new QComboBox;
    for (const core::Seat s : core::allSeats)
        m_declarerCombo->addItem(seatText(s), index(s));
    contractRow->addWidget(m_levelSpin);
    contractRow->addWidget(m_strainCombo);
    contractRow->addWidget(m_doublingCombo);
    contractRow->addWidget(new QLabel(tr("by")));
    contractRow->addWidget(m_declarerCombo, 1);
    layout->addWidget(contractBox);
    connect(m_levelSpin, &QSpinBox::valueChanged, this, &AnalysisPanel::emitContract);
    connect(m_strainCombo, &QComboBox::activated, this, &AnalysisPanel::emitContract);
    connect(m_doublingCombo, &QComboBox::activated, this, &AnalysisPanel::emitContract);
    connect(m_declarerCombo, &QComboBox::activated, this, &AnalysisPanel::emitContract);

    auto *ddBox = new QGroupBox(tr("Double-dummy tricks"));
    auto *ddLayout = new QVBoxLayout(ddBox);
    m_ddModel = new DdTableModel(this);
    m_ddView = new QTableView;
    m_ddView->setModel(m_ddModel);
    m_ddView->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_ddView->verticalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_ddView->horizontalHeader()->setHighlightSections(false);
    m_ddView->verticalHeader()->setHighlightSections(false);
    m_ddView->setSelectionMode(QAbstractItemView::NoSelection);
    m_ddView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_ddView->setFocusPolicy(Qt::NoFocus);
    m_ddView->setCursor(Qt::PointingHandCursor);
    m_ddView->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_ddView->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_ddView->setMinimumHeight(150);
    QFont headerFont = m_ddView->horizontalHeader()->font();
    headerFont.setPointSizeF(headerFont.pointSizeF() * 1.2);
    m_ddView->horizontalHeader()->setFont(headerFont);
    ddLayout->addWidget(m_ddView);
    m_ddStatus = new QLabel;
    m_ddStatus->setStyleSheet(QStringLiteral("color: gray"));
    m_ddStatus->setWordWrap(true);
    ddLayout->addWidget(m_ddStatus);
    layout->addWidget(ddBox);
    m_ddBox = ddBox;
    connect(m_ddView, &QTableView::clicked, this, [this](const QModelIndex &index) {
        core::Contract contract;
        contract.level = m_levelSpin->value();
        contract.doubling = static_cast<core::Doubling>(m_doublingCombo->currentIndex());
        contract.strain = DdTableModel::strainOfColumn(index.column());
        contract.declarer = DdTableModel::seatOfRow(index.row());
        emit contractEdited(contract);
    });

    auto *parBox = new QGroupBox(tr("Par"));
    auto *parLayout = new QVBoxLayout(parBox);
    m_parLabel = new QLabel(QStringLiteral("\u2013"));
    m_parLabel->setWordWrap(true);
    m_parLabel->setTextFormat(Qt::RichText);
    m_parLabel->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_parLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    parLayout->addWidget(m_parLabel);
    layout->addWidget(parBox);
    m_parBox = parBox;
    layout->addStretch(1);
}

void AnalysisPanel::setBoard(const Board &board, int boardCount)
{
    QString text = QStringLiteral("<b>%1</b><br>%2 \u00b7 %3")
                       .arg(board.title.isEmpty() ? tr("Deal") : board.title.toHtmlEscaped(),
                            tr("Dealer %1").arg(seatText(board.dealer)),
                            vulnerabilityText(board.vulnerability));
    m_boardLabel->setText(text);
    m_boardCombo->setVisible(boardCount > 1);
    m_seedEdit->setText(board.seed ? QString::number(*board.seed) : QString());
}

void AnalysisPanel::setContract(const core::Contract &contract, ContractOrigin origin)
{
    m_contractBox->setTitle(origin == ContractOrigin::None ? tr("Contract: none recorded (par)")
                                                           : tr("Contract"));
    m_contractBox->setToolTip(origin == ContractOrigin::None
                                  ? tr("The file records no contract for this board: the "
                                       "analysis plays the par contract. Pick another here or "
                                       "click a cell of the DD table.")
                                  : QString());
    const QSignalBlocker b1(m_levelSpin), b2(m_strainCombo), b3(m_declarerCombo),
        b4(m_doublingCombo);
    m_levelSpin->setValue(contract.level);
    m_strainCombo->setCurrentIndex(m_strainCombo->findData(index(contract.strain)));
    m_declarerCombo->setCurrentIndex(index(contract.declarer));
    m_doublingCombo->setCurrentIndex(static_cast<int>(contract.doubling));
    m_ddModel->setCurrent(contract.strain, contract.declarer);
}

void AnalysisPanel::emitContract()
{
    core::Contract contract;
    contract.level = m_levelSpin->value();
    contract.strain = core::strainAt(m_strainCombo->currentData().toInt());
    contract.declarer = core::seatAt(m_declarerCombo->currentIndex());
    contract.doubling = static_cast<core::Doubling>(m_doublingCombo->currentIndex());
    emit contractEdited(contract);
}

void AnalysisPanel::setTable(const core::DdTable &table, unsigned strains, bool solving)
{
    m_ddModel->setTable(table, strains);
    const int known = std::popcount(strains & 0x1fu);
    m_ddStatus->setText(solving && known < 5 ? tr("Solving\u2026 %1 of 5 strains").arg(known)
                                             : tr("Click a cell to play that contract."));
}

void AnalysisPanel::clearTable(const QString &reason, bool solving)
{
    m_ddModel->clear(solving);
    m_ddStatus->setText(reason);
    m_parLabel->setText(solving ? tr("<i>waiting for the DD table\u2026</i>")
                                : QStringLiteral("\u2013"));
}

void AnalysisPanel::setParHtml(const QString &html)
{
    m_parLabel->setText(html);
}

QString AnalysisPanel::parText() const
{
    QTextDocument doc;
    doc.setHtml(m_parLabel->text());
    return doc.toPlainText();
}

void AnalysisPanel::setTableShown(bool shown)
{
    m_ddBox->setVisible(shown);
}

void AnalysisPanel::setParShown(bool shown)
{
    m_parBox->setVisible(shown);
}

void AnalysisPanel::setFourColour(bool on)
{
    m_ddModel->setFourColour(on);
}

} // namespace tenace::ui
