// Teaching (offscreen): the PBN Hidden tag hides hands (their cards are not drawn); teaching mode
// hides the defenders, hides the DD values, plays the defence double-dummy and judges each card
// of declarer's side against the solver's scores; "show all hands" reveals them. Nothing on screen
// gives the hidden hands away (evaluation, DD table, par, play analysis, unplayed cards); the
// verdict stays under the table until the next one.

#include "ui/analysis_panel.h"
#include "ui/board_session.h"
#include "ui/bridge_text.h"
#include "ui/evaluation_panel.h"
#include "ui/main_window.h"
#include "ui/table_widget.h"

#include <QAbstractItemView>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextEdit>

using namespace tenace;

namespace {

constexpr int solveTimeout = 300000; // generous: CI machines are shared

unsigned bit(core::Seat seat)
{
    return 1u << core::index(seat);
}

// Every text a visible widget shows: labels, item views' cells, headers' and tooltips, text
// edits, the window title and the status bar.
QStringList visibleTexts(QWidget &window)
{
    QStringList texts {window.windowTitle()};
    for (QWidget *w : window.findChildren<QWidget *>()) {
        if (!w->isVisible())
            continue;
        texts << w->toolTip();
        if (auto *label = qobject_cast<QLabel *>(w))
            texts << label->text();
        if (auto *edit = qobject_cast<QTextEdit *>(w))
            texts << edit->toPlainText();
        if (auto *view = qobject_cast<QAbstractItemView *>(w); view && view->model()) {
            const QAbstractItemModel *m = view->model();
            for (int r = 0; r < m->rowCount(); ++r)
                for (int c = 0; c < m->columnCount(); ++c)
                    for (const int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole)})
                        texts << m->index(r, c).data(role).toString();
        }
    }
    if (auto *main = qobject_cast<QMainWindow *>(&window))
        texts << main->statusBar()->currentMessage();
    return texts;
}

QString shapeText(const core::Hand &hand)
{
    QStringList lengths;
    for (const core::Suit s : core::allSuits)
        lengths << QString::number(hand.length(s));
    return lengths.join(QLatin1Char('-'));
}

// West (void in spades, 0-4-6-3) and East (4-3-3-3, as North) defend 4♠ by South.
const char *lessonPbn = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n"
                        "[Deal \"N:AKQ2.KJ5.T98.A43 6543.T98.A65.JT9 JT987.AQ2.7.KQ52 "
                        ".7643.KQJ432.876\"]\n[Declarer \"S\"]\n[Contract \"4S\"]\n"
                        "[Result \"10\"]\n[Play \"W\"]\nDK D5 DA D7\nS3 SA H4 S7\n*\n";

} // namespace

class TestTeaching : public QObject
{
    Q_OBJECT
private slots:
    void hiddenTag()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("lesson.pbn"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n"
                   "[Deal \"N:AKQ2.KJ5.T98.A43 6543.T98.A65.JT9 JT987.AQ2.7.KQ52 "
                   ".7643.KQJ432.876\"]\n[Declarer \"S\"]\n[Contract \"4S\"]\n[Hidden \"EW\"]\n");
        file.close();
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openFile(path));
        ui::TableWidget *table = window.tableWidget();
        QCOMPARE(table->hiddenSeats(), bit(core::Seat::East) | bit(core::Seat::West));
        // East's and West's cards are not on the table; North's are.
        QVERIFY(table->cardRect(core::parseCard("DA").value()).isEmpty()); // East
        QVERIFY(table->cardRect(core::parseCard("DK").value()).isEmpty()); // West
        QVERIFY(!table->cardRect(core::parseCard("SA").value()).isEmpty()); // North
        window.revealHands();
        QCOMPARE(table->hiddenSeats(), 0u);
        QVERIFY(!table->cardRect(core::parseCard("DA").value()).isEmpty());
        window.grab().save(QStringLiteral("teaching_revealed.png"));
    }

    void teachingMode()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.newRandomDeal(31);
        ui::BoardSession *session = window.session();
        // A random deal takes its par contract once the table is known: wait for it first.
        QTRY_VERIFY_WITH_TIMEOUT(window.isAnalysisComplete(), solveTimeout);
        session->setContract(
            {3, core::Strain::NoTrump, core::Doubling::Undoubled, core::Seat::South});
        ui::TableWidget *table = window.tableWidget();
        window.setTeachingMode(true);
        QCOMPARE(table->hiddenSeats(), bit(core::Seat::East) | bit(core::Seat::West));
        QVERIFY(!table->annotationsVisible());
        // West leads: the program plays it, then North (dummy) is the student's.
        QTRY_COMPARE_WITH_TIMEOUT(session->cardsPlayed(), 1, solveTimeout);
        QCOMPARE(session->state()->toMove(), core::Seat::North);
        QTRY_VERIFY_WITH_TIMEOUT(table->hasAnnotations(), solveTimeout);
        // Play North's worst card and check the verdict against the scores.
        const core::Hand legal = session->state()->legalCards();
        core::Card worst = legal.cards().front();
        int best = -1;
        for (const core::Card c : legal.cards()) {
            const int v = table->annotation(c).value();
            best = std::max(best, v);
            if (v < table->annotation(worst).value())
                worst = c;
        }
        const int cost = best - table->annotation(worst).value();
        window.grab().save(QStringLiteral("teaching_mode.png"));
        QVERIFY(session->play(worst));
        const QString verdict = window.lastFeedback();
        if (cost == 0) {
            QVERIFY2(verdict.contains(QStringLiteral("optimal")), qPrintable(verdict));
        } else {
            QVERIFY2(verdict.contains(cost == 1 ? QStringLiteral("cost a trick")
                                                : QStringLiteral("cost %1 tricks").arg(cost)),
                     qPrintable(verdict));
            QVERIFY2(verdict.contains(QStringLiteral("Best:")), qPrintable(verdict));
        }
        // East (a defender) is played by the program.
        QTRY_COMPARE_WITH_TIMEOUT(session->cardsPlayed(), 3, solveTimeout);
        window.setTeachingMode(false);
        QCOMPARE(table->hiddenSeats(), 0u);
        QVERIFY(table->annotationsVisible());
    }
    // Teaching mode: nothing on screen reveals the defenders' hands until they are shown.
    void teachingLeaksNothing()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("lesson.pbn"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(lessonPbn);
        file.close();
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openFile(path));
        ui::BoardSession *session = window.session();
        QTRY_VERIFY_WITH_TIMEOUT(window.isAnalysisComplete(), solveTimeout);
        for (QDockWidget *dock : window.findChildren<QDockWidget *>())
            dock->show();
        window.setTeachingMode(true);
        QCOMPARE(window.tableWidget()->hiddenSeats(),
                 bit(core::Seat::East) | bit(core::Seat::West));
        // West's lead is played by the program; the student is on North's (dummy's) turn.
        QTRY_COMPARE_WITH_TIMEOUT(session->cardsPlayed(), 1, solveTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(window.tableWidget()->hasAnnotations(), solveTimeout);
        QVERIFY(session->play(window.tableWidget()->bestCard().value()));
        QVERIFY(!window.lastFeedback().isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(session->cardsPlayed(), 2, solveTimeout); // ... East's turn
        QTRY_VERIFY_WITH_TIMEOUT(session->cardsPlayed() >= 2 && !window.solver()->isBusy(),
                                 solveTimeout);
        window.grab().save(QStringLiteral("teaching_leaks_nothing.png"));

        const core::Deal &deal = session->board().deal;
        std::vector<core::Card> secret; // the defenders' cards not played yet
        for (const core::Seat seat : {core::Seat::East, core::Seat::West})
            for (const core::Card c : session->state()->position().remaining[seat].cards())
                secret.push_back(c);
        auto leaks = [&] {
            QStringList found;
            const QString all = visibleTexts(window).join(QLatin1Char('\n'));
            for (const core::Card c : secret)
                if (all.contains(ui::cardText(c)))
                    found << ui::cardText(c);
            // (A shape that a visible hand also has proves nothing: East is 4-3-3-3 as North.)
            const QStringList visibleShapes {shapeText(deal[core::Seat::North]),
                                             shapeText(deal[core::Seat::South])};
            for (const core::Seat seat : {core::Seat::East, core::Seat::West})
                if (!visibleShapes.contains(shapeText(deal[seat])) &&
                    all.contains(shapeText(deal[seat])))
                    found << shapeText(deal[seat]);
            if (all.contains(QStringLiteral("Par:")))
                found << QStringLiteral("par");
            // The evaluation rows of the defenders, their side's strength, the DD rows.
            const QTableWidget *hands = window.evaluationPanel()->handsTable();
            for (const core::Seat seat : {core::Seat::East, core::Seat::West})
                for (int c = 0; c < hands->columnCount(); ++c)
                    if (hands->item(core::index(seat), c) &&
                        !hands->item(core::index(seat), c)->text().isEmpty())
                        found << QStringLiteral("evaluation of seat %1").arg(core::index(seat));
            for (const core::Strain strain : core::allStrains) {
                if (!window.evaluationPanel()
                         ->sideText(core::Side::EastWest, ui::EvaluationPanel::Row::Strength,
                                    strain)
                         .isEmpty())
                    found << QStringLiteral("EW strength");
                if (!window.evaluationPanel()
                         ->sideText(core::Side::NorthSouth, ui::EvaluationPanel::Row::DoubleDummy,
                                    strain)
                         .isEmpty())
                    found << QStringLiteral("DD row");
            }
            if (window.analysisPanel()->ddView()->isVisible())
                found << QStringLiteral("DD table");
            if (window.tableWidget()->annotationsVisible())
                found << QStringLiteral("card values");
            found.removeDuplicates();
            return found;
        };
        const QStringList during = leaks();
        QVERIFY2(during.isEmpty(), qPrintable(during.join(QStringLiteral(", "))));
        // The verdict stays on screen, under the table.
        QVERIFY(window.feedbackBanner()->isVisible());
        QCOMPARE(window.feedbackBanner()->text(), window.lastFeedback());

        window.revealHands();
        QTRY_VERIFY_WITH_TIMEOUT(!window.solver()->isBusy(), solveTimeout);
        const QStringList after = leaks();
        for (const char *shown : {"DD table", "card values", "evaluation of seat 1", "par"})
            QVERIFY2(after.contains(QLatin1String(shown)), shown);

        window.setTeachingMode(false);
        QVERIFY(!window.feedbackBanner()->isVisible());
    }

    // The file's Hidden tag: the hidden hands' evaluation is blank too.
    void hiddenTagEvaluation()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("hidden.pbn"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray(lessonPbn) + "[Hidden \"W\"]\n");
        file.close();
        ui::MainWindow window;
        QVERIFY(window.openFile(path));
        const QTableWidget *hands = window.evaluationPanel()->handsTable();
        QVERIFY(hands->item(core::index(core::Seat::West), 1)->text().isEmpty());
        QVERIFY(!hands->item(core::index(core::Seat::East), 1)->text().isEmpty());
        QVERIFY(window.evaluationPanel()
                    ->sideText(core::Side::EastWest, ui::EvaluationPanel::Row::Strength,
                               core::Strain::NoTrump)
                    .isEmpty());
        window.revealHands();
        QVERIFY(!hands->item(core::index(core::Seat::West), 1)->text().isEmpty());
    }
};

QTEST_MAIN(TestTeaching)
#include "tst_teaching.moc"
