#pragma once

#include <QMainWindow>

namespace tenace::ui {

// The analyzer's main window. Lives on the GUI thread.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    // Opens `path` (PBN); reports problems in the status bar.
    bool openFile(const QString &path);
};

} // namespace tenace::ui
