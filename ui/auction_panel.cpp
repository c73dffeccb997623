#include "ui/auction_panel.h"

#include "ui/bridge_text.h"

#include "core/formats/pbn_commentary.h"

#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>

namespace tenace::ui {

namespace core = tenace::core;

namespace {

QString callText(const core::PbnCall &call)
{
    switch (call.kind) {
    case core::PbnCallKind::Pass:
        return AuctionPanel::tr("Pass");
    case core::PbnCallKind::Double:
        return AuctionPanel::tr("Dbl");
    case core::PbnCallKind::Redouble:
        return AuctionPanel::tr("Rdbl");
    case core::PbnCallKind::AllPass:
        return AuctionPanel::tr("All Pass");
    case core::PbnCallKind::Skipped:
        return QStringLiteral("\u2013");
    case core::PbnCallKind::Placeholder:
        return QString();
    case core::PbnCallKind::Bid:
        break;
    }
    return QString::number(call.level) + strainText(call.strain);
}

// "!", "?", "!!", "??", "!?", "?!" for NAGs 1-6 (the PBN auction suffixes).
QString suffixText(const std::vector<int> &nags)
{
    static const char *suffixes[] = {"!", "?", "!!", "??", "!?", "?!"};
    QString text;
    for (const int nag : nags) {
        if (nag >= 1 && nag <= 6)
            text += QLatin1String(suffixes[nag - 1]);
    }
    return text;
}

QString noteText(const std::vector<core::PbnNote> &notes, int index)
{
    for (const core::PbnNote &note : notes) {
        if (note.index == index)
            return QString::fromStdString(core::pbnDisplayText(note.text));
    }
    return {};
}

// A pass without a note or a suffix (a comment after it is commentary, shown in the notes).
bool isPlainPass(const core::PbnCall &call)
{
    return call.kind == core::PbnCallKind::Pass && !call.annotations.note &&
        call.annotations.nags.empty();
}

// How many calls at the end are passes to fold into "All Pass": the three after the last bid
// (or every pass of a passed-out auction), only when none of them carries a note.
std::size_t foldedPasses(const std::vector<core::PbnCall> &calls)
{
    std::size_t n = 0;
    while (n < calls.size() && isPlainPass(calls[calls.size() - 1 - n]))
        ++n;
    const bool passedOut = n == calls.size() && n >= 4;
    return (n >= 3 && n < calls.size()) || passedOut ? n : 0;
}

} // namespace

int auctionColumn(core::Seat seat)
{
    return (index(seat) + 1) % 4; // West, North, East, South
}

AuctionGrid auctionGrid(const core::PbnAuction &auction, const std::vector<core::PbnNote> &notes)
{
    AuctionGrid grid;
    const std::size_t folded = foldedPasses(auction.calls);
    const std::size_t shown = auction.calls.size() - folded;
    core::Seat seat = auction.first;
    auto place = [&grid](core::Seat at, std::optional<AuctionCell> cell) {
        const int column = auctionColumn(at);
        // A row runs from West to South: West starts a new one.
        const bool rowStarted = !grid.rows.empty() &&
            std::any_of(grid.rows.back().begin(), grid.rows.back().end(),
                        [](const auto &c) { return c.has_value(); });
        if (!rowStarted || column == 0)
            grid.rows.emplace_back();
        grid.rows.back()[static_cast<std::size_t>(column)] = std::move(cell);
    };
    std::vector<int> used;
    for (std::size_t i = 0; i < shown; ++i, seat = core::next(seat)) {
        const core::PbnCall &call = auction.calls[i];
        AuctionCell cell;
        cell.seat = seat;
        cell.text = callText(call) + suffixText(call.annotations.nags);
        cell.note = call.annotations.note;
        QStringList explanation;
        if (cell.note) {
            explanation << noteText(notes, *cell.note);
            if (std::find(used.begin(), used.end(), *cell.note) == used.end())
                used.push_back(*cell.note);
        }
        for (const std::string &comment : call.annotations.comments)
            explanation << QString::fromStdString(
                core::pbnDisplayText(comment.substr(1, comment.size() - 1 - (comment[0] == '{'))));
        explanation.removeAll(QString());
        cell.explanation = explanation.join(QLatin1Char('\n'));
        place(seat, std::move(cell));
        if (call.kind == core::PbnCallKind::AllPass)
            break;
    }
    if (folded > 0) {
        AuctionCell allPass;
        allPass.seat = seat;
        allPass.text = AuctionPanel::tr("All Pass");
        place(seat, std::move(allPass));
    }
    std::sort(used.begin(), used.end());
    for (const int n : used)
        grid.notes.push_back({n, noteText(notes, n).toStdString()});
    return grid;
}

AuctionPanel::AuctionPanel(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->setSpacing(6);
    m_empty = new QLabel(tr("No auction recorded."));
    m_empty->setObjectName(QStringLiteral("auctionEmpty"));
    m_empty->setEnabled(false); // greyed: quiet
    layout->addWidget(m_empty);
    m_gridWidget = new QWidget;
    m_gridLayout = new QGridLayout(m_gridWidget);
    m_gridLayout->setContentsMargins(0, 0, 0, 0);
    m_gridLayout->setHorizontalSpacing(4);
    m_gridLayout->setVerticalSpacing(2);
    layout->addWidget(m_gridWidget);
    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("auctionSummary"));
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    m_notes = new QLabel;
    m_notes->setObjectName(QStringLiteral("auctionNotes"));
    m_notes->setWordWrap(true);
    m_notes->setTextFormat(Qt::RichText);
    layout->addWidget(m_notes);
    layout->addStretch(1);
    rebuild();
}

void AuctionPanel::setBoard(const Board &board)
{
    m_board = board;
    m_contract = board.contract;
    m_origin = board.contractOrigin;
    rebuild();
}

void AuctionPanel::setContract(const core::Contract &contract, ContractOrigin origin)
{
    if (contract == m_contract && origin == m_origin)
        return;
    m_contract = contract;
    m_origin = origin;
    rebuild();
}

void AuctionPanel::setFourColour(bool on)
{
    m_fourColour = on;
    rebuild();
}

QString AuctionPanel::summary() const
{
    return m_summary->text();
}

QLabel *AuctionPanel::cellLabel(int row, int column) const
{
    if (row < 0 || row >= static_cast<int>(m_cells.size()))
        return nullptr;
    return m_cells[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)];
}

QString AuctionPanel::notesText() const
{
    return m_notes->text();
}

QString AuctionPanel::cellHtml(const AuctionCell &cell) const
{
    QString html = cell.text.toHtmlEscaped();
    for (const core::Suit suit : core::allSuits) {
        const QString symbol = suitSymbol(suit);
        html.replace(symbol,
                     QStringLiteral("<span style=\"color:%1\">%2</span>")
                         .arg(suitTextColor(suit, m_fourColour).name(), symbol));
    }
    if (cell.note)
        html += QStringLiteral("<sup>%1</sup>").arg(*cell.note);
    return html;
}

void AuctionPanel::rebuild()
{
    while (QLayoutItem *item = m_gridLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_cells.clear();
    const bool hasAuction = m_board.auction.has_value() && !m_board.auction->calls.empty();
    m_grid = hasAuction ? auctionGrid(*m_board.auction, m_board.auctionNotes) : AuctionGrid {};
    m_empty->setVisible(!hasAuction);
    m_gridWidget->setVisible(hasAuction);

    // Header: seat names, the dealer marked, vulnerable seats in red.
    for (const core::Seat seat : core::allSeats) {
        QString text = seatText(seat);
        if (seat == m_board.dealer)
            text += QStringLiteral(" (D)");
        auto *header = new QLabel(text);
        header->setAlignment(Qt::AlignCenter);
        // Four columns share the dock's width: the names never widen the window.
        header->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        header->setMinimumWidth(0);
        const bool vulnerable = core::isVulnerable(m_board.vulnerability, core::sideOf(seat));
        header->setStyleSheet(vulnerable
                                  ? QStringLiteral("QLabel { background: #c8102e; color: white; "
                                                   "border-radius: 3px; padding: 1px 4px; }")
                                  : QStringLiteral("QLabel { background: palette(midlight); "
                                                   "border-radius: 3px; padding: 1px 4px; }"));
        header->setToolTip(vulnerable ? tr("%1, vulnerable").arg(seatText(seat))
                                      : tr("%1, not vulnerable").arg(seatText(seat)));
        m_gridLayout->addWidget(header, 0, auctionColumn(seat));
    }
    for (int r = 0; r < static_cast<int>(m_grid.rows.size()); ++r) {
        std::vector<QLabel *> row(4, nullptr);
        for (int c = 0; c < 4; ++c) {
            const auto &cell =
                m_grid.rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
            if (!cell || cell->text.isEmpty())
                continue;
            auto *label = new QLabel(cellHtml(*cell));
            label->setTextFormat(Qt::RichText);
            label->setAlignment(Qt::AlignCenter);
            label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
            if (cell->alerted()) {
                label->setStyleSheet(QStringLiteral(
                    "QLabel { background: #fff1b8; color: #1c1f24; border-radius: 3px; }"));
                label->setToolTip(cell->explanation.isEmpty() ? tr("Alerted") : cell->explanation);
            } else if (!cell->explanation.isEmpty()) {
                label->setToolTip(cell->explanation);
            }
            m_gridLayout->addWidget(label, r + 1, c);
            row[static_cast<std::size_t>(c)] = label;
        }
        m_cells.push_back(std::move(row));
    }
    for (int c = 0; c < 4; ++c)
        m_gridLayout->setColumnStretch(c, 1);

    // A contract chosen by hand is not this auction: grey the bidding.
    m_gridWidget->setEnabled(m_origin != ContractOrigin::ByHand);
    QString summary;
    switch (m_origin) {
    case ContractOrigin::Recorded:
        summary = m_board.passedOut ? tr("Passed out") : contractText(m_contract);
        break;
    case ContractOrigin::ByHand:
        summary = tr("Contract set by hand: %1").arg(contractText(m_contract));
        break;
    case ContractOrigin::None:
        summary = m_board.passedOut ? tr("Passed out: no contract to play. The analysis uses "
                                         "the par contract; click the DD table to pick another.")
                                    : tr("No contract recorded. The analysis uses the par "
                                         "contract; click the DD table to pick another.");
        break;
    }
    m_summary->setText(summary);

    QStringList notes;
    for (const core::PbnNote &note : m_grid.notes) {
        const QString text = QString::fromStdString(note.text);
        notes << QStringLiteral("<b>%1</b>&nbsp;%2")
                     .arg(note.index)
                     .arg(text.isEmpty() ? tr("(alerted, no explanation)") : text.toHtmlEscaped());
    }
    m_notes->setText(notes.join(QStringLiteral("<br>")));
    m_notes->setVisible(!notes.isEmpty());
}

} // namespace tenace::ui
