// MainWindow's lesson mode: the student plays declarer and dummy with the defenders hidden, and
// the defenders' unseen cards are rearranged so that a wrong line fails (core/analysis/lesson.h).
// Every step of the lesson (the defenders' card, the decision after a student card) runs on the
// solver controller's Lesson lane; the window keeps the lesson's value, sends snapshots, drops
// stale results and never waits. The course is the Qt resource :/lessons/declarer-course.pbn;
// progress (lessons completed, the current one) is kept in QSettings.

#include "ui/main_window.h"

#include "ui/board_loader.h"
#include "ui/bridge_text.h"
#include "ui/lesson_panel.h"
#include "ui/table_widget.h"

#include "core/formats/pbn_reader.h"

#include <QAction>
#include <QCheckBox>
#include <QDockWidget>
#include <QFile>
#include <QSettings>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QTimer>

namespace tenace::ui {

namespace core = tenace::core;

namespace {

constexpr int defenderDelayMs = 400; // a defender's card shows at least this long after the last

QString percent(int part, int whole)
{
    return whole > 0 ? QStringLiteral("%1%").arg(qRound(100.0 * part / whole))
                     : QStringLiteral("-");
}

QSet<int> completedLessons()
{
    QSet<int> done;
    const QStringList list = QSettings().value(QStringLiteral("lessons/completed")).toStringList();
    for (const QString &s : list)
        done.insert(s.toInt());
    return done;
}

} // namespace

void MainWindow::buildLessonDock()
{
    m_lessonPanel = new LessonPanel(this);
    m_lessonDock = new QDockWidget(tr("Lessons"), this);
    m_lessonDock->setObjectName(QStringLiteral("lessonDock"));
    m_lessonDock->setWidget(m_lessonPanel);
    addDockWidget(Qt::RightDockWidgetArea, m_lessonDock);
    m_lessonDock->hide();
    QFile file(QStringLiteral(":/lessons/declarer-course.pbn"));
    if (file.open(QIODevice::ReadOnly)) {
        const auto read = core::readPbn(file.readAll().toStdString());
        for (const core::PbnGame &game : read.document.games)
            m_course.push_back(game);
    }
    QStringList titles, problems;
    for (const core::PbnGame &game : m_course) {
        auto lesson = core::readLessonGame(game);
        titles << (lesson ? QString::fromStdString(lesson->title) : tr("(unreadable lesson)"));
        problems << (lesson ? QString() : QString::fromStdString(lesson.error().message));
    }
    m_lessonPanel->setCourse(titles, problems);
    m_lessonPanel->setCompleted(completedLessons());
    m_lessonPanel->setCurrent(QSettings().value(QStringLiteral("lessons/current"), 0).toInt());
    connect(m_lessonPanel, &LessonPanel::lessonChosen, this, &MainWindow::startCourseLesson);
    connect(m_lessonPanel, &LessonPanel::fixedLayoutChanged, this, [this](bool fixed) {
        if (m_lesson) // from the next card on; a step under way takes it when it returns
            m_lesson->setFixedLayout(fixed);
    });
}

int MainWindow::courseSize() const
{
    return static_cast<int>(m_course.size());
}

void MainWindow::setLessonMode(bool on)
{
    if (on == m_lessonMode)
        return;
    if (on) {
        if (m_teaching)
            setTeachingMode(false);
        if (!startBoardLesson()) {
            const QSignalBlocker blocker(m_lessonAction);
            m_lessonAction->setChecked(false);
        }
        return;
    }
    endLesson(QString());
}

bool MainWindow::startCourseLesson(int index)
{
    if (index < 0 || index >= courseSize())
        return false;
    auto lesson = core::readLessonGame(m_course[static_cast<std::size_t>(index)]);
    auto board = boardFromGame(m_course[static_cast<std::size_t>(index)], index + 1);
    if (!lesson || !board) {
        statusBar()->showMessage(lesson ? tr("The lesson has no deal")
                                        : QString::fromStdString(lesson.error().message),
                                 8000);
        return false;
    }
    QSettings().setValue(QStringLiteral("lessons/current"), index);
    m_lessonIndex = index;
    m_lessonPanel->setCurrent(index);
    m_lessonPanel->setLesson(QString::fromStdString(lesson->title),
                             QString::fromStdString(lesson->text));
    return beginLesson(*board, lesson->setup);
}

bool MainWindow::startBoardLesson()
{
    const Board &board = m_session->board();
    if (!core::checkComplete(board.deal) || board.passedOut) {
        statusBar()->showMessage(tr("Lesson mode needs a full deal with a contract"), 8000);
        return false;
    }
    core::LessonSetup setup;
    setup.deal = board.deal;
    setup.contract = board.contract;
    setup.vulnerability = board.vulnerability;
    setup.student = board.contract.declarer;
    if (!board.recordedPlay.empty())
        setup.played = {board.recordedPlay.front()};
    m_lessonIndex = -1;
    m_lessonPanel->setCurrent(-1);
    m_lessonPanel->setLesson(board.title,
                             tr("Play the contract as declarer. The defenders' "
                                "cards may be rearranged to beat a careless line."));
    return beginLesson(board, setup);
}

bool MainWindow::beginLesson(const Board &board, const core::LessonSetup &setup)
{
    core::LessonOptions options;
    options.fixedLayout = m_lessonPanel->fixedLayoutBox()->isChecked();
    auto lesson = core::Lesson::make(setup, options);
    if (!lesson) {
        statusBar()->showMessage(QString::fromStdString(lesson.error().message), 8000);
        return false;
    }
    if (m_teaching)
        setTeachingMode(false);
    m_solver->cancelRequest(RequestKind::Lesson);
    m_lessonGeneration = 0;
    m_lessonMode = true;
    m_lesson = *lesson;
    m_lessonBoard = board;
    m_lessonBoard.recordedPlay.clear();
    m_lessonBoard.contract = setup.contract;
    {
        const QSignalBlocker blocker(m_lessonAction);
        m_lessonAction->setChecked(true);
    }
    m_lessonDock->show();
    m_lessonDock->raise();
    // Single-dummy values would hint at the answer: none during a lesson.
    m_table->setSingleDummyMode(false);
    m_lessonPanel->setSummaryHtml(QString());
    applyLessonLayout(false);
    syncLesson();
    return true;
}

// Puts the lesson's current layout and cards on the table (after a switch, the hidden hands
// change; nothing the student sees does).
void MainWindow::applyLessonLayout(bool keepPending)
{
    const bool applying = std::exchange(m_lessonApplying, true);
    // Cards the student played while the lesson was thinking stay on the table: they are the
    // student's own, legal in every layout.
    std::vector<core::Card> line = m_lesson->played();
    if (const core::PlayState *state = m_session->state(); keepPending && state &&
        state->history().size() > line.size() &&
        std::equal(line.begin(), line.end(), state->history().begin()))
        line = state->history();
    Board board = m_lessonBoard;
    board.deal = m_lesson->layout();
    if (m_session->setBoard(board).ok())
        m_session->loadLine(line, static_cast<int>(line.size()));
    m_lessonApplying = applying;
    updateHiddenHands();
}

void MainWindow::endLesson(const QString &why)
{
    m_lessonMode = false;
    m_lesson.reset();
    m_solver->cancelRequest(RequestKind::Lesson);
    m_lessonGeneration = 0;
    {
        const QSignalBlocker blocker(m_lessonAction);
        m_lessonAction->setChecked(false);
    }
    m_lessonPanel->setStatus(why);
    m_table->setSingleDummyMode(isSingleDummyMode() && !m_teaching);
    updateHiddenHands();
    requestSingleDummy();
}

// Brings the lesson level with the table: a card the student played on the table goes to the
// lesson; at the defenders' turn their card is asked for; at the end the summary shows.
void MainWindow::syncLesson()
{
    if (!m_lessonMode || !m_lesson || m_lessonApplying || m_lessonGeneration != 0)
        return;
    const core::PlayState *state = m_session->state();
    const std::vector<core::Card> &played = m_lesson->played();
    const std::vector<core::Card> history = state ? state->history() : std::vector<core::Card> {};
    const bool sameStart = m_session->board().deal == m_lesson->layout() &&
        history.size() >= played.size() &&
        std::equal(played.begin(), played.end(), history.begin());
    if (!sameStart) {
        endLesson(tr("Lesson stopped: the play on the table left the lesson."));
        return;
    }
    m_lessonClock.start();
    if (history.size() > played.size()) {
        const core::Card card = history[played.size()];
        if (!m_lesson->isStudentTurn()) {
            endLesson(tr("Lesson stopped: the defenders' cards are the program's."));
            return;
        }
        m_lessonPanel->setStatus(tr("Thinking about %1\u2026").arg(cardText(card)));
        m_lessonGeneration = m_solver->requestLesson({m_lesson, card});
        return;
    }
    if (m_lesson->isFinished()) {
        showLessonSummary();
        return;
    }
    if (m_lesson->isStudentTurn()) {
        m_lessonPanel->setStatus(
            tr("Your turn: play %1's card.").arg(seatText(m_lesson->toMove())));
        return;
    }
    m_lessonPanel->setStatus(tr("%1 is thinking\u2026").arg(seatText(m_lesson->toMove())));
    m_lessonGeneration = m_solver->requestLesson({m_lesson, std::nullopt});
}

void MainWindow::onLessonStep(quint64 generation, const LessonReport &report)
{
    if (!m_lessonMode || generation != m_lessonGeneration || !report.lesson)
        return;
    m_lessonGeneration = 0;
    if (report.defenderCard) {
        const int wait =
            std::max<int>(0, defenderDelayMs - static_cast<int>(m_lessonClock.elapsed()));
        const core::Lesson lesson = *report.lesson;
        const core::Card card = *report.defenderCard;
        m_lessonGeneration = std::numeric_limits<quint64>::max(); // the card is on its way
        QTimer::singleShot(wait, this, [this, lesson, card] {
            if (!m_lessonMode || m_lessonGeneration != std::numeric_limits<quint64>::max())
                return;
            m_lessonGeneration = 0;
            m_lesson = lesson;
            m_lesson->setFixedLayout(m_lessonPanel->fixedLayoutBox()->isChecked());
            const bool applying = std::exchange(m_lessonApplying, true);
            m_session->play(card);
            m_lessonApplying = applying;
            syncLesson();
        });
        return;
    }
    const bool switched = report.decision && report.decision->switched;
    m_lesson = *report.lesson;
    m_lesson->setFixedLayout(m_lessonPanel->fixedLayoutBox()->isChecked());
    if (switched)
        applyLessonLayout(true);
    syncLesson();
}

void MainWindow::showLessonSummary()
{
    const core::LessonSummary s = m_lesson->summary();
    const core::Contract &contract = m_lesson->setup().contract;
    QString html = QStringLiteral("<p><b>%1</b></p>")
                       .arg(s.made ? tr("Contract made: %1 tricks.").arg(s.declarerTricks)
                                   : tr("Contract down: %1 tricks of %2.")
                                         .arg(s.declarerTricks)
                                         .arg(contract.tricksNeeded()));
    if (s.decisive) {
        const core::LessonDecision &d = *s.decisive;
        html += QStringLiteral("<p>%1</p>")
                    .arg(tr("Your line stopped being safe at trick %1 with %2 (it made in %3 of "
                            "the layouts you could not rule out). The safest card was %4: %5.")
                             .arg(d.trick())
                             .arg(cardText(d.card), percent(d.makes, d.layouts), cardText(d.best),
                                  percent(d.bestMakes, d.layouts)));
    } else {
        html += QStringLiteral("<p>%1</p>").arg(tr("Your line was the safest at every card."));
    }
    if (s.switches > 0)
        html += QStringLiteral("<p>%1</p>")
                    .arg(tr("The defenders' cards were rearranged %n time(s) to match your line.",
                            nullptr, s.switches));
    html += QStringLiteral("<p>%1</p>").arg(tr("The layout played:"));
    for (const core::Seat seat : core::allSeats)
        html += QStringLiteral("%1: %2<br>")
                    .arg(seatText(seat),
                         QString::fromStdString(s.layout[seat].toPbn()).toHtmlEscaped());
    m_lessonPanel->setSummaryHtml(html);
    m_lessonPanel->setStatus(tr("Lesson over."));
    revealHands();
    if (s.made && m_lessonIndex >= 0) {
        QSet<int> done = completedLessons();
        done.insert(m_lessonIndex);
        QStringList list;
        for (const int i : done)
            list << QString::number(i);
        QSettings().setValue(QStringLiteral("lessons/completed"), list);
        m_lessonPanel->setCompleted(done);
    }
}

} // namespace tenace::ui
