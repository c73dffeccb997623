// The main window starts, shows and closes cleanly.

#include "ui/main_window.h"

#include <QTest>

class TestMainWindow : public QObject
{
    Q_OBJECT
private slots:
    void startsAndCloses()
    {
        tenace::ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(!window.windowTitle().isEmpty());
        QVERIFY(window.close());
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
