#include "ui/lesson_panel.h"

#include <QCheckBox>
#include <QLabel>
#include <QListWidget>
#include <QSignalBlocker>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace tenace::ui {

LessonPanel::LessonPanel(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    m_course = new QListWidget(this);
    m_course->setObjectName(QStringLiteral("lessonCourse"));
    m_course->setMaximumHeight(160);
    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("lessonTitle"));
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_text = new QTextBrowser(this);
    m_text->setObjectName(QStringLiteral("lessonText"));
    m_fixed = new QCheckBox(tr("Fixed layout"), this);
    m_fixed->setToolTip(tr("Keep the defenders' cards as they are: from the next card on they "
                           "are never rearranged to punish a wrong line"));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("lessonStatus"));
    m_status->setWordWrap(true);
    m_summary = new QTextBrowser(this);
    m_summary->setObjectName(QStringLiteral("lessonSummary"));
    m_summary->setVisible(false);
    layout->addWidget(new QLabel(tr("Declarer play course"), this));
    layout->addWidget(m_course);
    layout->addWidget(m_title);
    layout->addWidget(m_text, 2);
    layout->addWidget(m_fixed);
    layout->addWidget(m_status);
    layout->addWidget(m_summary, 1);
    connect(m_course, &QListWidget::itemActivated, this,
            [this](QListWidgetItem *item) { emit lessonChosen(m_course->row(item)); });
    connect(m_fixed, &QCheckBox::toggled, this, &LessonPanel::fixedLayoutChanged);
}

void LessonPanel::setCourse(const QStringList &titles, const QStringList &problems)
{
    m_titles = titles;
    refreshList();
    for (int i = 0; i < problems.size() && i < m_course->count(); ++i) {
        if (problems[i].isEmpty())
            continue;
        QListWidgetItem *item = m_course->item(i);
        item->setFlags(item->flags() & ~(Qt::ItemIsEnabled | Qt::ItemIsSelectable));
        item->setToolTip(problems[i]);
    }
}

void LessonPanel::setCompleted(const QSet<int> &completed)
{
    m_completed = completed;
    refreshList();
}

void LessonPanel::setCurrent(int index)
{
    m_current = index;
    const QSignalBlocker blocker(m_course);
    m_course->setCurrentRow(index);
}

void LessonPanel::refreshList()
{
    for (int i = 0; i < m_titles.size(); ++i) {
        const QString text =
            QStringLiteral("%1%2. %3")
                .arg(m_completed.contains(i) ? QStringLiteral("\u2713 ") : QStringLiteral("   "))
                .arg(i + 1)
                .arg(m_titles[i]);
        if (i < m_course->count())
            m_course->item(i)->setText(text);
        else
            m_course->addItem(text);
    }
    while (m_course->count() > m_titles.size())
        delete m_course->takeItem(m_course->count() - 1);
}

void LessonPanel::setLesson(const QString &title, const QString &text)
{
    m_title->setText(title);
    m_text->setPlainText(text);
}

void LessonPanel::setStatus(const QString &text)
{
    m_status->setText(text);
}

void LessonPanel::setSummaryHtml(const QString &html)
{
    m_summary->setHtml(html);
    m_summary->setVisible(!html.isEmpty());
}

QString LessonPanel::summaryText() const
{
    return m_summary->isVisible() ? m_summary->toPlainText() : QString();
}

QString LessonPanel::statusText() const
{
    return m_status->text();
}

} // namespace tenace::ui
