#include "ui/main_window.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

#include <cstdio>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Tenace"));
    QApplication::setOrganizationName(QStringLiteral("Tenace"));
    QApplication::setApplicationVersion(QStringLiteral(TENACE_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Double-dummy bridge analyzer"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"),
                                 QApplication::translate("main", "PBN or LIN file to open"));
    QCommandLineOption quitAfter(
        QStringLiteral("quit-after"),
        QApplication::translate("main", "Quit after <ms> milliseconds (for tests)."),
        QStringLiteral("ms"));
    parser.addOption(quitAfter);
    QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QApplication::translate("main",
                                "Save the window as PNG to <file> once the first analysis is in "
                                "(or after 15 s), then quit."),
        QStringLiteral("file"));
    parser.addOption(screenshot);
    parser.process(app);

    tenace::ui::MainWindow window;
    if (!parser.positionalArguments().isEmpty())
        window.openFile(parser.positionalArguments().constFirst());
    window.show();
    if (parser.isSet(screenshot)) {
        const QString path = parser.value(screenshot);
        auto shoot = [&window, path] {
            const bool saved = window.grab().save(path, "PNG");
            if (!saved)
                std::fprintf(stderr, "tenace: cannot save %s\n", qPrintable(path));
            QApplication::exit(saved ? 0 : 1);
        };
        QObject::connect(&window, &tenace::ui::MainWindow::analysisIdle, &window,
                         [shoot] { QTimer::singleShot(100, shoot); });
        QTimer::singleShot(15000, &window, shoot);
    }
    if (parser.isSet(quitAfter))
        QTimer::singleShot(parser.value(quitAfter).toInt(), &app, &QApplication::quit);
    return app.exec();
}
