#include "ui/constraints_panel.h"

#include "ui/board_session.h"
#include "ui/bridge_text.h"

#include "core/analysis/hand_constraint.h"

#include <QComboBox>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <optional>

namespace tenace::ui {

namespace core = tenace::core;

namespace {

QString presetText(const char *id)
{
    for (const core::ConstraintPreset &preset : core::constraintPresets()) {
        if (preset.id == id)
            return QString::fromStdString(preset.text);
    }
    return {};
}

// The usual meaning of an opening bid; empty when it has none that is reliable.
QString openingMeaning(const core::PbnCall &call)
{
    using core::Strain;
    if (call.level == 1 && call.strain == Strain::NoTrump)
        return presetText("1nt-15-17");
    if (call.level == 1 && call.strain == Strain::Spades)
        return presetText("1s-5");
    if (call.level == 1 && call.strain == Strain::Hearts)
        return presetText("1h-5");
    if (call.level == 2) {
        switch (call.strain) {
        case Strain::Spades:
            return presetText("weak2-s");
        case Strain::Hearts:
            return presetText("weak2-h");
        case Strain::Diamonds:
            return presetText("weak2-d");
        default:
            return {};
        }
    }
    if (call.level == 3) {
        switch (call.strain) {
        case Strain::Spades:
            return presetText("pre3-s");
        case Strain::Hearts:
            return presetText("pre3-h");
        case Strain::Diamonds:
            return presetText("pre3-d");
        case Strain::Clubs:
            return presetText("pre3-c");
        default:
            return {};
        }
    }
    return {};
}

// The meaning of the call right after the opening, by the opener's left-hand opponent.
QString directMeaning(const core::PbnCall &opening, const core::PbnCall &call)
{
    using core::Strain;
    const bool majorOpening = opening.level == 1 &&
        (opening.strain == Strain::Hearts || opening.strain == Strain::Spades);
    if (call.kind == core::PbnCallKind::Double && majorOpening)
        return presetText(opening.strain == Strain::Hearts ? "double-1h" : "double-1s");
    if (call.kind != core::PbnCallKind::Bid || opening.level != 1)
        return {};
    if (call.level == 1 && call.strain == Strain::Spades && opening.strain != Strain::NoTrump)
        return presetText("overcall-1s");
    if (call.level == 2 && call.strain == Strain::Hearts && opening.strain == Strain::Spades)
        return presetText("overcall-2h");
    return {};
}

// The explanation of an alerted call (its note); nullopt when it has none.
std::optional<QString> explanation(const Board &board, const core::PbnCall &call)
{
    if (!call.annotations.note)
        return std::nullopt;
    for (const core::PbnNote &note : board.auctionNotes) {
        if (note.index == *call.annotations.note)
            return QString::fromStdString(note.text);
    }
    return QString();
}

// An explained 1NT whose note gives its range ("12-14", "15 - 17"): that range, balanced.
QString explainedNoTrump(const QString &note)
{
    static const QRegularExpression range(
        QStringLiteral("\\b(\\d{1,2})\\s*[-\u2013]\\s*(\\d{1,2})\\b"));
    const QRegularExpressionMatch match = range.match(note);
    const int lo = match.captured(1).toInt(), hi = match.captured(2).toInt();
    if (!match.hasMatch() || lo < 8 || hi > 22 || lo > hi)
        return {};
    return QStringLiteral("hcp=%1-%2,balanced").arg(lo).arg(hi);
}

} // namespace

std::array<QString, 4> constraintsFromAuction(const Board &board)
{
    std::array<QString, 4> texts;
    if (!board.auction)
        return texts;
    core::Seat seat = board.auction->first;
    std::optional<core::PbnCall> opening;
    for (const core::PbnCall &call : board.auction->calls) {
        const auto at = static_cast<std::size_t>(index(seat));
        if (call.kind == core::PbnCallKind::AllPass || call.kind == core::PbnCallKind::Skipped)
            break;
        if (call.kind == core::PbnCallKind::Placeholder) {
        } else if (opening) {
            // An alerted call means what its explanation says.
            if (!explanation(board, call))
                texts[at] = directMeaning(*opening, call);
            break;
        } else if (call.kind == core::PbnCallKind::Pass) {
            texts[at] = presetText("pass");
        } else if (call.kind == core::PbnCallKind::Bid && !call.insufficient) {
            opening = call;
            const std::optional<QString> note = explanation(board, call);
            if (!note)
                texts[at] = openingMeaning(call);
            else if (call.level == 1 && call.strain == core::Strain::NoTrump)
                texts[at] = explainedNoTrump(*note);
        } else {
            break;
        }
        seat = core::next(seat, 1);
    }
    return texts;
}

ConstraintsPanel::ConstraintsPanel(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(3);
    m_view = new QLabel;
    m_view->setObjectName(QStringLiteral("constraintsView"));
    m_view->setWordWrap(true);
    layout->addWidget(m_view);
    auto *grid = new QGridLayout;
    grid->setHorizontalSpacing(6);
    grid->setVerticalSpacing(2);
    grid->setColumnStretch(2, 1);
    for (int i = 0; i < 4; ++i) {
        const auto seat = static_cast<core::Seat>(i);
        Row &row = m_rows[static_cast<std::size_t>(i)];
        row.seat = new QLabel(seatText(seat));
        row.preset = new QComboBox;
        row.preset->setObjectName(QStringLiteral("preset%1").arg(seatLetterText(seat)));
        row.preset->addItem(tr("Any hand"), QString());
        for (const core::ConstraintPreset &preset : core::constraintPresets())
            row.preset->addItem(QString::fromStdString(preset.name),
                                QString::fromStdString(preset.text));
        row.preset->addItem(tr("Custom"), QString());
        row.preset->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        row.preset->setMinimumContentsLength(13);
        row.preset->setToolTip(tr("Start from a common meaning of %1's calls").arg(seatText(seat)));
        row.edit = new QLineEdit;
        row.edit->setObjectName(QStringLiteral("constraint%1").arg(seatLetterText(seat)));
        row.edit->setPlaceholderText(tr("any hand (e.g. hcp=12-14,S=5-)"));
        row.edit->setClearButtonEnabled(true);
        row.error = new QLabel;
        row.error->setWordWrap(true);
        row.error->setStyleSheet(QStringLiteral("QLabel { color: #c0392b; }"));
        row.error->hide();
        grid->addWidget(row.seat, 2 * i, 0);
        grid->addWidget(row.preset, 2 * i, 1);
        grid->addWidget(row.edit, 2 * i, 2);
        grid->addWidget(row.error, 2 * i + 1, 1, 1, 2);
        connect(row.edit, &QLineEdit::textEdited, this, [this, i] {
            check(i);
            showPreset(i);
            m_pause.start();
        });
        connect(row.edit, &QLineEdit::returnPressed, this, &ConstraintsPanel::applyEdits);
        connect(row.edit, &QLineEdit::editingFinished, this, &ConstraintsPanel::applyEdits);
        connect(row.preset, &QComboBox::activated, this,
                [this, i](int item) { pickPreset(i, item); });
    }
    layout->addLayout(grid);
    m_problem = new QLabel;
    m_problem->setObjectName(QStringLiteral("constraintsProblem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("QLabel { color: #c0392b; font-weight: 600; }"));
    m_problem->hide();
    layout->addWidget(m_problem);
    layout->addStretch(1);
    m_pause.setSingleShot(true);
    m_pause.setInterval(600);
    connect(&m_pause, &QTimer::timeout, this, &ConstraintsPanel::applyEdits);
    setUnseenSeats(0, core::Seat::South);
}

void ConstraintsPanel::setConstraints(const std::array<QString, 4> &texts)
{
    m_pause.stop();
    m_applied = texts;
    for (int i = 0; i < 4; ++i) {
        Row &row = m_rows[static_cast<std::size_t>(i)];
        if (row.edit->text().trimmed() != texts[static_cast<std::size_t>(i)])
            row.edit->setText(texts[static_cast<std::size_t>(i)]);
        check(i);
        showPreset(i);
    }
}

void ConstraintsPanel::setUnseenSeats(unsigned mask, core::Seat viewer)
{
    QStringList unseen;
    for (int i = 0; i < 4; ++i) {
        const auto seat = static_cast<core::Seat>(i);
        const bool hidden = (mask >> i) & 1;
        Row &row = m_rows[static_cast<std::size_t>(i)];
        QFont font = row.seat->font();
        font.setBold(hidden);
        row.seat->setFont(font);
        row.seat->setToolTip(hidden ? tr("%1 does not see this hand: its cards are dealt at "
                                         "random within the constraint")
                                          .arg(seatText(viewer))
                                    : tr("Not used now: the hand is in view"));
        if (hidden)
            unseen << seatText(seat);
    }
    if (mask == 0)
        m_view->setText(tr("What the auction says of each hand. Used by View \u25b8 Single dummy "
                           "and the opening-lead table for the hands dealt at random."));
    else
        m_view->setText(tr("Seen from %1: %2 dealt at random within these constraints.")
                            .arg(seatText(viewer), unseen.join(QStringLiteral(", "))));
}

void ConstraintsPanel::setProblem(const QString &message)
{
    m_problem->setText(message.isEmpty() ? QString() : tr("No layout: %1").arg(message));
    m_problem->setVisible(!message.isEmpty());
}

QString ConstraintsPanel::problem() const
{
    return m_problem->text();
}

QLineEdit *ConstraintsPanel::editor(core::Seat seat) const
{
    return m_rows[static_cast<std::size_t>(index(seat))].edit;
}

QComboBox *ConstraintsPanel::presetBox(core::Seat seat) const
{
    return m_rows[static_cast<std::size_t>(index(seat))].preset;
}

QString ConstraintsPanel::errorText(core::Seat seat) const
{
    return m_rows[static_cast<std::size_t>(index(seat))].error->text();
}

bool ConstraintsPanel::check(int i)
{
    Row &row = m_rows[static_cast<std::size_t>(i)];
    const auto seat = static_cast<core::Seat>(i);
    // Through the seat form, so that the message names the seat as tenace-cli's does.
    const std::string text =
        std::string(1, core::seatLetter(seat)) + ':' + row.edit->text().trimmed().toStdString();
    const auto parsed = core::parseSeatConstraint(text);
    if (row.edit->text().trimmed().isEmpty() || parsed) {
        row.error->clear();
        row.error->hide();
        row.edit->setStyleSheet(QString());
        row.edit->setToolTip(parsed ? QString::fromStdString(parsed->constraint.describe())
                                    : tr("any hand"));
        return true;
    }
    row.error->setText(QString::fromStdString(parsed.error().message));
    row.error->show();
    row.edit->setStyleSheet(QStringLiteral("QLineEdit { border: 1px solid #c0392b; }"));
    row.edit->setToolTip(QString());
    return false;
}

void ConstraintsPanel::applyEdits()
{
    m_pause.stop();
    std::array<QString, 4> texts = m_applied;
    for (int i = 0; i < 4; ++i) {
        if (check(i))
            texts[static_cast<std::size_t>(i)] =
                m_rows[static_cast<std::size_t>(i)].edit->text().trimmed();
    }
    if (texts == m_applied)
        return;
    m_applied = texts;
    emit constraintsEdited(texts);
}

void ConstraintsPanel::pickPreset(int i, int item)
{
    Row &row = m_rows[static_cast<std::size_t>(i)];
    if (item == row.preset->count() - 1) // Custom: the text stays as it is
        return;
    row.edit->setText(row.preset->itemData(item).toString());
    applyEdits();
    showPreset(i);
}

void ConstraintsPanel::showPreset(int i)
{
    Row &row = m_rows[static_cast<std::size_t>(i)];
    const QString text = row.edit->text().trimmed();
    int item = text.isEmpty() ? 0 : row.preset->findData(text);
    if (item <= 0 && !text.isEmpty())
        item = row.preset->count() - 1;
    const QSignalBlocker blocker(row.preset);
    row.preset->setCurrentIndex(item);
}

} // namespace tenace::ui
