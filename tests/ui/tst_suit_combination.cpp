// Tools > Suit combination: typed holdings solved off the GUI thread into the tables and the tree;
// errors inline; a newer request wins over an older one.

#include "ui/suit_combination_dialog.h"

#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QTreeWidget>

using namespace tenace::ui;

class TestSuitCombinationDialog : public QObject
{
    Q_OBJECT
private slots:
    void typedHoldingsAreSolved()
    {
        SuitCombinationDialog dialog;
        dialog.show();
        QSignalSpy shown(&dialog, &SuitCombinationDialog::resultShown);
        QTest::keyClicks(dialog.northEdit(), QStringLiteral("AQ"));
        QTest::keyClicks(dialog.southEdit(), QStringLiteral("xx"));
        QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 1, 10000);
        // Two targets and the average; AQ opposite two small: one trick always, the finesse for
        // two.
        QTableWidget *results = dialog.resultTable();
        QCOMPARE(results->rowCount(), 3);
        QCOMPARE(results->item(0, 1)->text(), QStringLiteral("100.00%"));
        QCOMPARE(results->item(1, 1)->text(), QStringLiteral("50.00%"));
        QVERIFY(results->item(1, 2)->text().contains(QLatin1String("leads")));
        QVERIFY(dialog.lineTree()->topLevelItemCount() > 0);
        QVERIFY(dialog.lineTree()->topLevelItem(0)->childCount() > 0); // West's cards
        QCOMPARE(dialog.splitTable()->rowCount(), 10); // 0-9 to 9-0
        QVERIFY(dialog.errorLabel()->text().isEmpty());
        if (const QByteArray shot = qgetenv("TENACE_SCREENSHOT"); !shot.isEmpty())
            dialog.grab().save(QString::fromLocal8Bit(shot));
    }

    void errorsAreInline()
    {
        SuitCombinationDialog dialog;
        dialog.show();
        QTest::keyClicks(dialog.northEdit(), QStringLiteral("AQ"));
        QTest::keyClicks(dialog.southEdit(), QStringLiteral("QJ"));
        QTRY_VERIFY(dialog.errorLabel()->text().contains(QLatin1String("Q in both")));
        dialog.southEdit()->clear();
        QTest::keyClicks(dialog.southEdit(), QStringLiteral("Z"));
        QTRY_VERIFY(dialog.errorLabel()->text().contains(QLatin1String("unknown rank 'Z'")));
    }

    void newerRequestWins()
    {
        SuitCombinationDialog dialog;
        QSignalSpy shown(&dialog, &SuitCombinationDialog::resultShown);
        dialog.northEdit()->setText(QStringLiteral("AQ10"));
        dialog.southEdit()->setText(QStringLiteral("xxx"));
        dialog.requestSolve();
        dialog.northEdit()->setText(QStringLiteral("AKJxx"));
        dialog.southEdit()->setText(QStringLiteral("xxxx"));
        dialog.requestSolve();
        QTRY_VERIFY_WITH_TIMEOUT(shown.count() >= 1, 10000);
        QTest::qWait(300);
        // Only the newer request reached the tables: five targets and the average.
        QCOMPARE(dialog.resultTable()->rowCount(), 6);
    }
};

QTEST_MAIN(TestSuitCombinationDialog)
#include "tst_suit_combination.moc"
