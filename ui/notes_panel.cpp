#include "ui/notes_panel.h"

#include "ui/bridge_text.h"

#include <QTextBrowser>
#include <QVBoxLayout>

namespace tenace::ui {

namespace core = tenace::core;

namespace {

QString paragraphs(const QString &text)
{
    QStringList out;
    for (const QString &paragraph : text.split(QStringLiteral("\n\n"), Qt::SkipEmptyParts))
        out << QStringLiteral("<p>%1</p>").arg(paragraph.toHtmlEscaped());
    return out.join(QString());
}

} // namespace

QString notesHtml(const Board &board)
{
    QString html =
        QStringLiteral("<h3 style=\"margin-bottom:4px\">%1</h3>").arg(board.title.toHtmlEscaped());
    QStringList rows;
    for (const auto &[label, value] : board.details)
        rows << QStringLiteral("<tr><td style=\"color:#777;padding-right:8px\">%1</td>"
                               "<td>%2</td></tr>")
                    .arg(label.toHtmlEscaped(), value.toHtmlEscaped());
    for (const core::Seat seat : core::allSeats) {
        const QString &name = board.players[static_cast<std::size_t>(index(seat))];
        if (!name.isEmpty())
            rows << QStringLiteral("<tr><td style=\"padding-right:8px\">%1</td><td>%2</td></tr>")
                        .arg(seatText(seat).toHtmlEscaped(), name.toHtmlEscaped());
    }
    if (!rows.isEmpty())
        html += QStringLiteral("<table cellspacing=\"0\">%1</table>").arg(rows.join(QString()));
    if (board.commentary.isEmpty()) {
        html += QStringLiteral("<p style=\"color:#777\">%1</p>")
                    .arg(NotesPanel::tr("No commentary in the file for this board."));
    } else {
        for (const QString &comment : board.commentary)
            html += paragraphs(comment);
    }
    return html;
}

NotesPanel::NotesPanel(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_browser = new QTextBrowser;
    m_browser->setObjectName(QStringLiteral("notesBrowser"));
    m_browser->setOpenExternalLinks(true);
    m_browser->setFrameShape(QFrame::NoFrame);
    layout->addWidget(m_browser);
}

void NotesPanel::setBoard(const Board &board)
{
    m_hasCommentary = !board.commentary.isEmpty();
    m_browser->setHtml(notesHtml(board));
}

QString NotesPanel::plainText() const
{
    return m_browser->toPlainText();
}

} // namespace tenace::ui
