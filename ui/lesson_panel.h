#pragma once

// The Lessons dock: the course (its lessons in order, those completed ticked, the current one
// selected), the lesson's title and text, the "Fixed layout" choice, what the lesson is waiting
// for, and the summary once the lesson is over. Shows what MainWindow tells it; GUI thread only.

#include <QSet>
#include <QStringList>
#include <QWidget>

class QCheckBox;
class QLabel;
class QListWidget;
class QTextBrowser;

namespace tenace::ui {

class LessonPanel : public QWidget
{
    Q_OBJECT
public:
    explicit LessonPanel(QWidget *parent = nullptr);

    // The course's lesson titles, in order; a lesson that could not be read has its problem
    // instead (listed, not selectable).
    void setCourse(const QStringList &titles, const QStringList &problems);
    void setCompleted(const QSet<int> &completed);
    void setCurrent(int index); // -1: a lesson on a board of a file
    void setLesson(const QString &title, const QString &text);
    void setStatus(const QString &text);
    void setSummaryHtml(const QString &html); // empty: none yet
    QString summaryText() const;
    QString statusText() const;

    QListWidget *courseList() const { return m_course; }
    QCheckBox *fixedLayoutBox() const { return m_fixed; }

signals:
    void lessonChosen(int index);
    void fixedLayoutChanged(bool fixed);

private:
    QListWidget *m_course = nullptr;
    QLabel *m_title = nullptr;
    QTextBrowser *m_text = nullptr;
    QCheckBox *m_fixed = nullptr;
    QLabel *m_status = nullptr;
    QTextBrowser *m_summary = nullptr;
    QStringList m_titles;
    QSet<int> m_completed;
    int m_current = -1;
    void refreshList();
};

} // namespace tenace::ui
