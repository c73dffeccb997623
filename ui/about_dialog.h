#pragma once

// The About dialog: version, licence, the methods Tenace is built on and their authors, and the
// Qt version in use. GUI thread only.

#include <QDialog>

namespace tenace::ui {

class AboutDialog : public QDialog
{
    Q_OBJECT
public:
    explicit AboutDialog(QWidget *parent = nullptr);

    // The dialog's text (rich text), for tests.
    static QString text();
};

} // namespace tenace::ui
