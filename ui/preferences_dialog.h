#pragma once

// The Preferences dialog: solver threads and memory, what the card numbers mean, card size,
// deck colours and theme. It edits a Preferences value; the caller applies and saves it. GUI
// thread only.

#include "ui/preferences.h"

#include <QDialog>

class QComboBox;
class QSpinBox;

namespace tenace::ui {

class PreferencesDialog : public QDialog
{
    Q_OBJECT
public:
    explicit PreferencesDialog(const Preferences &preferences, QWidget *parent = nullptr);

    Preferences preferences() const;
    void setPreferences(const Preferences &preferences);

    QSpinBox *threadsBox() const { return m_threads; }
    QComboBox *annotationBox() const { return m_annotation; }

private:
    QSpinBox *m_threads = nullptr;
    QSpinBox *m_memory = nullptr;
    QComboBox *m_annotation = nullptr;
    QSpinBox *m_cardScale = nullptr;
    QComboBox *m_deck = nullptr;
    QComboBox *m_theme = nullptr;
};

} // namespace tenace::ui
