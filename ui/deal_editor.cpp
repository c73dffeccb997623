#include "ui/deal_editor.h"

#include "ui/board_loader.h"
#include "ui/bridge_text.h"
#include "ui/card_palette.h"
#include "ui/deal_check.h"

#include "core/formats/lin_reader.h"
#include "core/model/dealer.h"

#include <QApplication>
#include <QButtonGroup>
#include <QClipboard>
#include <QComboBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace tenace::ui {

namespace core = tenace::core;

DealEditor::DealEditor(QWidget *parent) : QWidget(parent)
{
    buildUi();
    refresh();
}

void DealEditor::buildUi()
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(16, 12, 16, 12);
    layout->setSpacing(10);
    auto *title = new QLabel(tr("<h2>Set up a deal</h2>Choose a hand, then click cards (or drag "
                                "across them) to give them to it, type the hands, or paste a "
                                "PBN deal. Hands with fewer than 13 cards each make an end "
                                "position."));
    title->setWordWrap(true);
    layout->addWidget(title);

    // Hand selector, hand texts and card counts.
    auto *handsBox = new QGroupBox(tr("Hands"));
    auto *grid = new QGridLayout(handsBox);
    m_seatGroup = new QButtonGroup(this);
    for (const core::Seat s : core::allSeats) {
        const int row = index(s);
        auto *radio = new QRadioButton(seatText(s));
        radio->setToolTip(tr("Palette clicks go to %1").arg(seatText(s)));
        radio->setStyleSheet(QStringLiteral("QRadioButton { color: %1; font-weight: bold; }")
                                 .arg(seatColor(s).darker(120).name()));
        m_seatGroup->addButton(radio, row);
        auto *edit = new QLineEdit;
        edit->setPlaceholderText(tr("AKQ.JT9.876.5432  (\u2660.\u2665.\u2666.\u2663)"));
        edit->setClearButtonEnabled(true);
        edit->setObjectName(QStringLiteral("hand%1").arg(seatLetterText(s)));
        m_handEdits[static_cast<std::size_t>(row)] = edit;
        auto *count = new QLabel;
        count->setMinimumWidth(70);
        m_countLabels[static_cast<std::size_t>(row)] = count;
        grid->addWidget(radio, row, 0);
        grid->addWidget(edit, row, 1);
        grid->addWidget(count, row, 2);
        connect(edit, &QLineEdit::textEdited, this,
                [this, s](const QString &text) { setHandText(s, text); });
    }
    m_seatGroup->button(0)->setChecked(true);
    connect(m_seatGroup, &QButtonGroup::idClicked, this,
            [this](int id) { m_target = core::seatAt(id); });
    layout->addWidget(handsBox);

    m_palette = new CardPalette;
    m_palette->setMinimumHeight(150);
    connect(m_palette, &CardPalette::cardClicked, this, &DealEditor::onCardClicked);
    layout->addWidget(m_palette, 1);

    // PBN paste.
    auto *pbnRow = new QHBoxLayout;
    m_pbnEdit = new QLineEdit;
    m_pbnEdit->setPlaceholderText(tr("PBN deal, e.g. N:AKT62.A95.62.AK4 43.JT8.983.T9853 \u2026"));
    m_pbnEdit->setObjectName(QStringLiteral("pbnDeal"));
    auto *pasteButton = new QPushButton(tr("Paste board"));
    pasteButton->setToolTip(tr("Paste a PBN deal string or a whole PBN board from the clipboard"));
    pbnRow->addWidget(new QLabel(tr("PBN:")));
    pbnRow->addWidget(m_pbnEdit, 1);
    pbnRow->addWidget(pasteButton);
    layout->addLayout(pbnRow);
    connect(m_pbnEdit, &QLineEdit::returnPressed, this, [this] { pasteText(m_pbnEdit->text()); });
    connect(pasteButton, &QPushButton::clicked, this,
            [this] { pasteText(QApplication::clipboard()->text()); });

    // Dealer, vulnerability, leader.
    auto *setupRow = new QHBoxLayout;
    m_dealerCombo = new QComboBox;
    m_leaderCombo = new QComboBox;
    m_leaderCombo->addItem(tr("Declarer's left-hand opponent"), -1);
    for (const core::Seat s : core::allSeats) {
        m_dealerCombo->addItem(seatText(s), index(s));
        m_leaderCombo->addItem(seatText(s), index(s));
    }
    m_vulCombo = new QComboBox;
    for (int v = 0; v < 4; ++v)
        m_vulCombo->addItem(vulnerabilityText(static_cast<core::Vulnerability>(v)), v);
    setupRow->addWidget(new QLabel(tr("Dealer")));
    setupRow->addWidget(m_dealerCombo);
    setupRow->addSpacing(12);
    setupRow->addWidget(new QLabel(tr("Vulnerability")));
    setupRow->addWidget(m_vulCombo);
    setupRow->addSpacing(12);
    setupRow->addWidget(new QLabel(tr("On lead")));
    setupRow->addWidget(m_leaderCombo);
    setupRow->addSpacing(12);
    setupRow->addWidget(new QLabel(tr("Trick so far")));
    m_trickEdit = new QLineEdit;
    m_trickEdit->setObjectName(QStringLiteral("trick"));
    m_trickEdit->setPlaceholderText(tr("e.g. SK S2"));
    m_trickEdit->setToolTip(tr("For a position set up mid-trick: the cards already played to "
                               "this trick, the leader's first. They are not in the hands."));
    setupRow->addWidget(m_trickEdit, 1);
    layout->addLayout(setupRow);
    connect(m_trickEdit, &QLineEdit::textEdited, this, &DealEditor::setTrickText);
    connect(m_dealerCombo, &QComboBox::activated, this,
            [this](int i) { m_board.dealer = core::seatAt(i); });
    connect(m_vulCombo, &QComboBox::activated, this,
            [this](int i) { m_board.vulnerability = static_cast<core::Vulnerability>(i); });
    connect(m_leaderCombo, &QComboBox::activated, this, [this](int i) {
        m_board.leader = i == 0 ? std::nullopt : std::optional(core::seatAt(i - 1));
    });

    m_validation = new QLabel;
    m_validation->setWordWrap(true);
    m_validation->setObjectName(QStringLiteral("validation"));
    m_validation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_validation);

    // Commands.
    auto *buttons = new QHBoxLayout;
    m_fillButton = new QPushButton(tr("Fill the fourth hand"));
    auto *restButton = new QPushButton(tr("Deal the rest"));
    restButton->setToolTip(tr("Keep the cards placed and deal the others at random"));
    auto *clearButton = new QPushButton(tr("Clear"));
    auto *cancelButton = new QPushButton(tr("Cancel"));
    m_applyButton = new QPushButton(tr("Analyse this deal"));
    m_applyButton->setDefault(true);
    buttons->addWidget(m_fillButton);
    buttons->addWidget(restButton);
    buttons->addWidget(clearButton);
    buttons->addStretch(1);
    buttons->addWidget(cancelButton);
    buttons->addWidget(m_applyButton);
    layout->addLayout(buttons);
    connect(m_fillButton, &QPushButton::clicked, this, &DealEditor::fillFourth);
    connect(restButton, &QPushButton::clicked, this, &DealEditor::dealRest);
    connect(clearButton, &QPushButton::clicked, this, &DealEditor::clearDeal);
    connect(cancelButton, &QPushButton::clicked, this, &DealEditor::cancelled);
    connect(m_applyButton, &QPushButton::clicked, this, [this] {
        if (isPlayable())
            emit applied(m_board);
    });
}

void DealEditor::setBoard(const Board &board)
{
    m_board = board;
    m_handErrors = {};
    m_pasteError.clear();
    m_trickError.clear();
    refresh();
}

void DealEditor::setFourColour(bool on)
{
    m_palette->setFourColour(on);
}

void DealEditor::setTargetSeat(core::Seat seat)
{
    m_target = seat;
    m_seatGroup->button(index(seat))->setChecked(true);
}

bool DealEditor::setTrickText(const QString &text)
{
    const auto trick = parseTrickText(text);
    if (!trick.ok()) {
        m_trickError = tr("Trick: %1").arg(QString::fromStdString(trick.error().message));
        refresh(false);
        return false;
    }
    m_trickError.clear();
    m_board.trick = *trick;
    refresh(false);
    return true;
}

void DealEditor::onCardClicked(core::Card card)
{
    core::Deal &deal = m_board.deal;
    std::erase(m_board.trick, card);
    const bool had = deal[m_target].contains(card);
    for (const core::Seat s : core::allSeats)
        deal[s].remove(card);
    if (!had)
        deal[m_target].add(card);
    m_board.seed.reset();
    m_handErrors = {};
    refresh();
}

bool DealEditor::setHandText(core::Seat seat, const QString &text)
{
    const auto hand = parseHandText(text);
    const auto i = static_cast<std::size_t>(index(seat));
    if (!hand.ok()) {
        m_handErrors[i] =
            tr("%1: %2").arg(seatText(seat), QString::fromStdString(hand.error().message));
        refresh(false);
        return false;
    }
    m_handErrors[i].clear();
    m_board.deal[seat] = *hand;
    m_board.seed.reset();
    refresh(false);
    return true;
}

bool DealEditor::pasteText(const QString &input)
{
    const QString text = input.trimmed();
    m_pasteError.clear();
    if (text.contains(QLatin1Char('[')) || core::looksLikeLin(text.toStdString())) {
        const LoadedBoards loaded = boardsFromPbnText(text.toStdString());
        if (loaded.boards.empty()) {
            m_pasteError = loaded.problems.isEmpty()
                ? tr("The pasted PBN has no playable deal")
                : tr("Pasted PBN: %1").arg(loaded.problems.front());
            refresh(false);
            return false;
        }
        setBoard(loaded.boards.front());
        return true;
    }
    QString deal = text;
    deal.remove(QLatin1Char('"'));
    const auto parsed = core::parsePbnDeal(deal.toStdString());
    if (!parsed.ok()) {
        m_pasteError = tr("PBN deal: %1").arg(QString::fromStdString(parsed.error().message));
        refresh(false);
        return false;
    }
    m_board.deal = *parsed;
    m_board.deal.unknownSeats = 0;
    m_board.seed.reset();
    m_handErrors = {};
    refresh();
    return true;
}

bool DealEditor::fillFourth()
{
    const std::optional<core::Deal> filled = fillFourthHand(m_board.deal);
    if (!filled)
        return false;
    m_board.deal = *filled;
    m_handErrors = {};
    refresh();
    return true;
}

void DealEditor::dealRest()
{
    const quint64 seed = core::Dealer::randomSeed();
    core::Dealer dealer(seed);
    const auto dealt = dealer.dealRest(m_board.deal);
    if (!dealt.ok()) {
        m_pasteError = QString::fromStdString(dealt.error().message);
        refresh(false);
        return;
    }
    m_board.deal = *dealt;
    m_handErrors = {};
    refresh();
}

void DealEditor::clearDeal()
{
    m_board.deal = {};
    m_board.seed.reset();
    m_board.leader.reset();
    m_board.trick.clear();
    m_handErrors = {};
    m_pasteError.clear();
    m_trickError.clear();
    refresh();
}

bool DealEditor::isPlayable() const
{
    return checkBoard(m_board).playable() && m_trickError.isEmpty() &&
        std::all_of(m_handErrors.begin(), m_handErrors.end(),
                    [](const QString &e) { return e.isEmpty(); });
}

QString DealEditor::validationText() const
{
    return m_validation->text();
}

void DealEditor::refresh(bool updateTexts)
{
    const DealCheck check = checkBoard(m_board);
    for (const core::Seat s : core::allSeats) {
        const auto i = static_cast<std::size_t>(index(s));
        if (updateTexts)
            m_handEdits[i]->setText(m_board.deal[s].empty() ? QString()
                                                            : handText(m_board.deal[s]));
        const int n = m_board.deal[s].count();
        m_countLabels[i]->setText((n == 1 ? tr("1 card") : tr("%1 cards").arg(n)));
        m_countLabels[i]->setStyleSheet(n > 13 ? QStringLiteral("color: #c0392b") : QString());
    }
    core::Hand onTable;
    for (const core::Card c : m_board.trick)
        onTable.add(c);
    m_palette->setDeal(m_board.deal, onTable);
    if (updateTexts) {
        QStringList trick;
        for (const core::Card c : m_board.trick)
            trick << QString::fromStdString(c.toString());
        m_trickEdit->setText(trick.join(QLatin1Char(' ')));
    }
    {
        const QSignalBlocker b1(m_dealerCombo), b2(m_vulCombo), b3(m_leaderCombo);
        m_dealerCombo->setCurrentIndex(index(m_board.dealer));
        m_vulCombo->setCurrentIndex(static_cast<int>(m_board.vulnerability));
        m_leaderCombo->setCurrentIndex(m_board.leader ? index(*m_board.leader) + 1 : 0);
    }
    QStringList errors;
    for (const QString &e : m_handErrors)
        if (!e.isEmpty())
            errors << e;
    if (!m_pasteError.isEmpty())
        errors << m_pasteError;
    if (!m_trickError.isEmpty())
        errors << m_trickError;
    errors << check.errors;
    QString html;
    if (!check.info.isEmpty() && errors.isEmpty())
        html = QStringLiteral("<span style='color:#1e7a3c'>\u2714 %1</span>")
                   .arg(check.info.toHtmlEscaped());
    for (const QString &e : errors)
        html += QStringLiteral("<div style='color:#c0392b'>\u26a0 %1</div>").arg(e.toHtmlEscaped());
    m_validation->setText(html);
    m_fillButton->setEnabled(m_board.trick.empty() && fillFourthHand(m_board.deal).has_value());
    m_applyButton->setEnabled(isPlayable());
}

} // namespace tenace::ui
