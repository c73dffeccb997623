#pragma once

// The board's notes as a reader reads them: the board header (title, event, site, date, the
// players and any description, annotator or student the file names) and the commentary of the
// file, in file order, beside the table. A lesson file reads like a lesson. Shows only what it is
// given; GUI thread only.

#include "ui/board_session.h"

#include <QWidget>

class QTextBrowser;

namespace tenace::ui {

class NotesPanel : public QWidget
{
    Q_OBJECT
public:
    explicit NotesPanel(QWidget *parent = nullptr);

    void setBoard(const Board &board);
    // The board has commentary: the panel is worth raising.
    bool hasCommentary() const { return m_hasCommentary; }
    QString plainText() const;
    QTextBrowser *browser() const { return m_browser; }

private:
    QTextBrowser *m_browser = nullptr;
    bool m_hasCommentary = false;
};

// The panel's HTML for `board` (pure function of its argument).
QString notesHtml(const Board &board);

} // namespace tenace::ui
