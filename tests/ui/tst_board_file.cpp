// Files of boards (offscreen): every fixture opens with as many boards as the file has deals;
// saving an unchanged PBN file writes its bytes back; editing one board and saving changes that
// board only; new, duplicated and deleted boards; LIN is saved as PBN under a new name; a file
// with problems lists them with line and column; the unsaved-changes prompt, answered by the
// test, guards opening another file and closing the window.

#include "core/formats/pbn_reader.h"
#include "core/solver/solver.h"
#include "ui/board_export.h"
#include "ui/board_file.h"
#include "ui/board_list_model.h"
#include "ui/board_session.h"
#include "ui/main_window.h"

#include <QApplication>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QListWidget>
#include <QMessageBox>
#include <QMimeData>
#include <QPrinter>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUrl>

using namespace tenace;

namespace {

QString dataPath(const QString &name)
{
    return QStringLiteral(TENACE_TEST_DATA "/") + name;
}

QByteArray bytesOf(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Answers the next modal message box with `button` once it appears.
void answerNextMessageBox(QMessageBox::StandardButton button, bool *asked)
{
    QTimer::singleShot(0, qApp, [button, asked] {
        for (int i = 0; i < 200; ++i) {
            if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
                *asked = true;
                box->button(button)->click();
                return;
            }
            QTest::qWait(10);
        }
    });
}

} // namespace

class TestBoardFile : public QObject
{
    Q_OBJECT
private slots:
    void fixturesOpen_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString &dir : {QStringLiteral("pbn"), QStringLiteral("lin")}) {
            for (const QString &name :
                 QDir(dataPath(QStringLiteral("fixtures/") + dir)).entryList(QDir::Files))
                QTest::newRow(qPrintable(name))
                    << dataPath(QStringLiteral("fixtures/%1/%2").arg(dir, name));
        }
    }
    void fixturesOpen()
    {
        QFETCH(QString, file);
        ui::BoardFile boards;
        QVERIFY(boards.open(file));
        // Counted independently: Deal tags of PBN, md| records of LIN.
        const QString text = QString::fromUtf8(bytesOf(file));
        const bool lin = file.endsWith(QStringLiteral(".lin"));
        const int deals = lin
            ? static_cast<int>(text.count(QStringLiteral("md|")))
            : static_cast<int>(text.count(QRegularExpression(QStringLiteral("^\\[Deal \""),
                                                             QRegularExpression::MultilineOption)));
        QCOMPARE(boards.count() + boards.skippedGames(), deals);
        QVERIFY(boards.count() > 0);
        QVERIFY(!boards.isModified());
        QCOMPARE(boards.canSaveInPlace(), !lin);
        if (!lin) {
            // Unchanged: the same bytes.
            QCOMPARE(QByteArray::fromStdString(boards.pbnBytes()), bytesOf(file));
            QTemporaryDir dir;
            const QString copy = dir.filePath(QStringLiteral("copy.pbn"));
            QVERIFY(boards.save(copy));
            QCOMPARE(bytesOf(copy), bytesOf(file));
        }
    }

    // Looking at boards changes nothing: no prompt for a file only viewed.
    void viewingIsNotEditing()
    {
        for (const char *name :
             {"fixtures/pbn/endplay-example2.pbn", "fixtures/pbn/bridgebots-sample.pbn",
              "fixtures/lin/bridgebots-usbf_sf_14502.lin"}) {
            ui::MainWindow window;
            QVERIFY(window.openFile(dataPath(QString::fromLatin1(name))));
            for (int i = 0; i < std::min(window.boardFile().count(), 60); ++i) {
                window.showBoard(i);
                QVERIFY2(!window.boardFile().isModified(),
                         qPrintable(QStringLiteral("%1: board %2").arg(name).arg(i + 1)));
            }
            QVERIFY(!window.isWindowModified());
        }
    }

    void editOneBoard()
    {
        const QString source = dataPath(QStringLiteral("fixtures/pbn/endplay-example2.pbn"));
        ui::BoardFile boards;
        QVERIFY(boards.open(source));
        const int edited = 5;
        ui::Board b = boards.board(edited);
        b.contract.level = b.contract.level == 7 ? 6 : b.contract.level + 1;
        b.contract.doubling = core::Doubling::Redoubled;
        boards.setBoard(edited, b);
        QVERIFY(boards.isModified());
        QVERIFY(boards.isChanged(edited));
        QVERIFY(!boards.isChanged(edited + 1));
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("edited.pbn"));
        QVERIFY(boards.save(out));
        QVERIFY(!boards.isModified());
        QCOMPARE(boards.path(), out);

        const auto before = core::readPbn(bytesOf(source).toStdString());
        const auto after = core::readPbn(bytesOf(out).toStdString());
        QCOMPARE(after.document.games.size(), before.document.games.size());
        // Only the edited board's game differs; its contract is the new one.
        int differing = 0;
        int boardIndex = -1;
        for (std::size_t g = 0; g < before.document.games.size(); ++g) {
            const core::PbnGame &old = before.document.games[g];
            const core::PbnGame &now = after.document.games[g];
            if (old.hasTags() && old.deal())
                ++boardIndex;
            if (old.source() == now.source())
                continue;
            ++differing;
            QCOMPARE(boardIndex, edited);
            QCOMPARE(now.contract()->level, b.contract.level);
            QCOMPARE(now.contract()->doubling, core::Doubling::Redoubled);
            QVERIFY(now.deal() == old.deal());
        }
        QCOMPARE(differing, 1);
        ui::BoardFile reopened;
        QVERIFY(reopened.open(out));
        QVERIFY(reopened.board(edited).contract == b.contract);
    }

    void addDuplicateDelete()
    {
        ui::BoardFile boards;
        QVERIFY(boards.open(dataPath(QStringLiteral("fixtures/pbn/bridgebots-sample.pbn"))));
        const int n = boards.count();
        ui::Board copy = boards.board(0);
        QCOMPARE(boards.insertBoard(copy, 0), 1);
        boards.removeBoard(2);
        ui::Board fresh;
        fresh.deal = core::parsePbnDeal(
                         "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
                         .value();
        fresh.title = QStringLiteral("Board 9");
        boards.insertBoard(fresh);
        QCOMPARE(boards.count(), n + 1);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("changed.pbn"));
        QVERIFY(boards.save(out));
        ui::BoardFile reopened;
        QVERIFY(reopened.open(out));
        QCOMPARE(reopened.count(), n + 1);
        QVERIFY(reopened.board(1).deal == copy.deal);
        QVERIFY(reopened.board(n).deal == fresh.deal);
    }

    void saveWithResults()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("results.pbn"));
        QVERIFY(QFile::copy(dataPath(QStringLiteral("fixtures/pbn/bridgebots-sample.pbn")), path));
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        ui::MainWindow window;
        QVERIFY(window.openFile(path));
        window.setAddResultsOnSave(true);
        QSignalSpy saved(&window, &ui::MainWindow::fileSaved);
        QVERIFY(window.save());
        QVERIFY(window.isSaving()); // solving: the GUI thread does not wait
        QTRY_VERIFY_WITH_TIMEOUT(!window.isSaving(), 600000);
        QCOMPARE(saved.count(), 1);
        QCOMPARE(saved.at(0).at(0).toString(), path);
        const auto read = core::readPbn(bytesOf(path).toStdString());
        int tables = 0;
        for (const core::PbnGame &game : read.document.games) {
            if (!game.deal())
                continue;
            const auto dd = game.doubleDummyTricks();
            QVERIFY(dd);
            QVERIFY(*dd == core::solveTable(*game.deal()).value().table);
            ++tables;
        }
        QCOMPARE(tables, window.boardFile().count());
    }

    void linSavedAsPbn()
    {
        ui::BoardFile boards;
        QVERIFY(boards.open(dataPath(QStringLiteral("fixtures/lin/endplay-example1.lin"))));
        QVERIFY(!boards.canSaveInPlace());
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("session.pbn"));
        const int n = boards.count();
        QVERIFY(boards.save(out));
        QVERIFY(boards.canSaveInPlace());
        QCOMPARE(boards.count(), n);
        QVERIFY(bytesOf(out).startsWith("% PBN 2.1"));
    }

    void problemsListed()
    {
        ui::MainWindow window;
        QVERIFY(window.openFile(dataPath(QStringLiteral("cli/bad.pbn"))) ||
                window.problemList()->count() > 0);
        QVERIFY(window.problemList()->count() >= 2);
        const QString first = window.problemList()->item(0)->text();
        QVERIFY2(first.contains(QRegularExpression(QStringLiteral("line \\d+, column \\d+"))),
                 qPrintable(first));
    }

    void unsavedChangesPrompt()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("club.pbn"));
        QVERIFY(QFile::copy(dataPath(QStringLiteral("fixtures/pbn/bridgebots-sample.pbn")), path));
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        const QByteArray original = bytesOf(path);
        ui::MainWindow window;
        window.show();
        QVERIFY(window.openFile(path));
        QCOMPARE(window.boardListModel()->rowCount(), window.boardFile().count());

        // Change the contract of the board shown: the board is marked, the window modified.
        core::Contract contract = window.session()->contract();
        contract.level = contract.level == 7 ? 1 : contract.level + 1;
        window.session()->setContract(contract);
        QVERIFY(window.boardFile().isModified());
        QVERIFY(window.isWindowModified());
        QCOMPARE(window.boardListModel()->index(0, ui::BoardListModel::Changed).data().toString(),
                 QStringLiteral("\u25cf"));

        // Opening another file: Cancel keeps everything.
        bool asked = false;
        answerNextMessageBox(QMessageBox::Cancel, &asked);
        QVERIFY(!window.openFile(dataPath(QStringLiteral("fixtures/pbn/endplay-example1.pbn"))));
        QVERIFY(asked);
        QCOMPARE(window.boardFile().path(), path);
        QVERIFY(window.boardFile().isModified());

        // Closing: Save writes the change, and the window closes.
        asked = false;
        answerNextMessageBox(QMessageBox::Save, &asked);
        QVERIFY(window.close());
        QVERIFY(asked);
        const QByteArray saved = bytesOf(path);
        QVERIFY(saved != original);
        ui::BoardFile reopened;
        QVERIFY(reopened.open(path));
        QCOMPARE(reopened.board(0).contract.level, contract.level);

        // Discard: the next file opens and nothing is written.
        ui::MainWindow second;
        QVERIFY(second.openFile(path));
        contract.level = contract.level == 7 ? 1 : contract.level + 1;
        second.session()->setContract(contract);
        asked = false;
        answerNextMessageBox(QMessageBox::Discard, &asked);
        QVERIFY(second.openFile(dataPath(QStringLiteral("fixtures/pbn/endplay-example1.pbn"))));
        QVERIFY(asked);
        QCOMPARE(bytesOf(path), saved);
    }

    // A file dropped on the window opens.
    void dropOpensFile()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QString path = dataPath(QStringLiteral("fixtures/pbn/bridgebots-sample.pbn"));
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(path)});
        QDragEnterEvent enter(QPoint(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, {});
        QApplication::sendEvent(&window, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, {});
        QApplication::sendEvent(&window, &drop);
        QCOMPARE(window.boardFile().path(), path);
        QCOMPARE(window.boardFile().count(), 3);
    }

    void exportPictures()
    {
        ui::MainWindow window;
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.newRandomDeal(12);
        QTRY_VERIFY_WITH_TIMEOUT(window.isAnalysisComplete(), 300000);
        const ui::HandoutPage page = window.handoutPage();
        QVERIFY(page.dd.has_value());
        QVERIFY(!page.par.isEmpty());
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("board.png"));
        const QString svg = dir.filePath(QStringLiteral("board.svg"));
        QVERIFY(window.exportPicture(png));
        QVERIFY(window.exportPicture(svg));
        const QImage image(png);
        QCOMPARE(image.width(), 1400);
        // Not blank: the felt, the cards and the DD grid give many colours.
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 7)
            for (int x = 0; x < image.width(); x += 7)
                colours.insert(image.pixel(x, y));
        QVERIFY(colours.size() > 20);
        const QByteArray svgText = bytesOf(svg);
        QVERIFY(svgText.contains("<svg"));
        QVERIFY(svgText.size() > 5000);
        image.save(QStringLiteral("handout.png"));
        // Printing, to PDF: one page per board.
        QPrinter printer(QPrinter::HighResolution);
        printer.setOutputFormat(QPrinter::PdfFormat);
        const QString pdf = dir.filePath(QStringLiteral("boards.pdf"));
        printer.setOutputFileName(pdf);
        ui::printHandouts(printer, {page, page});
        const QByteArray pdfBytes = bytesOf(pdf);
        QVERIFY(pdfBytes.startsWith("%PDF"));
        QCOMPARE(pdfBytes.count("/Type /Page\n") + pdfBytes.count("/Type /Page\r") +
                     pdfBytes.count("/Type /Page>") + pdfBytes.count("/Type /Page "),
                 2);
        // A hand record: four boards on one page.
        const QString record = dir.filePath(QStringLiteral("record.pdf"));
        printer.setOutputFileName(record);
        ui::printHandouts(printer, {page, page, page, page}, 4);
        const QByteArray recordBytes = bytesOf(record);
        QCOMPARE(recordBytes.count("/Type /Page\n") + recordBytes.count("/Type /Page\r") +
                     recordBytes.count("/Type /Page>") + recordBytes.count("/Type /Page "),
                 1);
    }
};

QTEST_MAIN(TestBoardFile)
#include "tst_board_file.moc"
