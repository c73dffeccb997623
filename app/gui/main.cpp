// The Tenace analyzer: builds the main window and wires the command line to it.

#include "ui/app_icon.h"
#include "ui/main_window.h"
#include "ui/table_widget.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

#include <cstdio>
#include <memory>

namespace {

struct Options
{
    QString screenshot;
    int autoplay = 0;
    QSize size;
};

// --screenshot: once everything on screen is solved (after --autoplay cards, if any), save the
// window and quit; after 20 s save whatever is there.
void scheduleScreenshot(tenace::ui::MainWindow &window, const Options &options)
{
    auto played = std::make_shared<int>(0);
    auto shoot = [&window, path = options.screenshot] {
        const bool saved = window.grab().save(path, "PNG");
        if (!saved)
            std::fprintf(stderr, "tenace: cannot save %s\n", qPrintable(path));
        QApplication::exit(saved ? 0 : 1);
    };
    QObject::connect(&window, &tenace::ui::MainWindow::analysisIdle, &window,
                     [&window, shoot, played, autoplay = options.autoplay] {
                         if (*played < autoplay && window.playBestCard()) {
                             ++*played;
                             return;
                         }
                         QTimer::singleShot(100, &window, shoot);
                     });
    QTimer::singleShot(20000, &window, shoot);
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Tenace"));
    QApplication::setOrganizationName(QStringLiteral("Tenace"));
    QApplication::setApplicationVersion(QStringLiteral(TENACE_VERSION));
    QApplication::setWindowIcon(tenace::ui::appIcon());

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Double-dummy bridge analyzer"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"),
                                 QApplication::translate("main", "PBN file to open"));
    const QCommandLineOption quitAfter(
        QStringLiteral("quit-after"),
        QApplication::translate("main", "Quit after <ms> milliseconds (for tests)."),
        QStringLiteral("ms"));
    const QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QApplication::translate("main",
                                "Save the window as PNG to <file> once the analysis is "
                                "in, then quit."),
        QStringLiteral("file"));
    const QCommandLineOption autoplay(
        QStringLiteral("autoplay"),
        QApplication::translate("main", "With --screenshot: first play <n> best cards."),
        QStringLiteral("n"));
    const QCommandLineOption seed(
        QStringLiteral("seed"),
        QApplication::translate("main", "Start with the random deal for <seed>."),
        QStringLiteral("seed"));
    const QCommandLineOption size(QStringLiteral("size"),
                                  QApplication::translate("main", "Window size, e.g. 1280x800."),
                                  QStringLiteral("WxH"));
    const QCommandLineOption edit(QStringLiteral("edit"),
                                  QApplication::translate("main", "Start in the deal editor."));
    const QCommandLineOption board(
        QStringLiteral("board"),
        QApplication::translate("main", "Show board <n> of the file (1 is the first)."),
        QStringLiteral("n"));
    const QCommandLineOption teaching(
        QStringLiteral("teaching"),
        QApplication::translate("main", "Start in teaching mode (the defenders' hands hidden)."));
    parser.addOptions({quitAfter, screenshot, autoplay, seed, size, edit, board, teaching});
    parser.process(app);

    tenace::ui::MainWindow window;
    if (parser.isSet(size)) {
        const QStringList wh = parser.value(size).split(QLatin1Char('x'));
        if (wh.size() == 2)
            window.resize(wh[0].toInt(), wh[1].toInt());
    }
    if (!parser.positionalArguments().isEmpty())
        window.openFile(parser.positionalArguments().constFirst());
    else if (parser.isSet(seed))
        window.newRandomDeal(parser.value(seed).toULongLong());
    else
        window.newRandomDeal();
    if (parser.isSet(board))
        window.showBoard(parser.value(board).toInt() - 1);
    if (parser.isSet(teaching))
        window.setTeachingMode(true);
    if (parser.isSet(edit))
        window.setEditMode(true);
    window.show();
    window.tableWidget()->setFocus();
    if (parser.isSet(screenshot))
        scheduleScreenshot(window, {parser.value(screenshot), parser.value(autoplay).toInt(), {}});
    if (parser.isSet(quitAfter))
        QTimer::singleShot(parser.value(quitAfter).toInt(), &app, &QApplication::quit);
    return app.exec();
}
