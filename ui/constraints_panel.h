#pragma once

// The single-dummy constraints of a board: what the auction says of each seat's hand, used when
// that seat's cards are dealt at random. One row per seat: a preset picker (core's presets for
// common auction meanings) and the constraint text in the simulation's syntax
// ("hcp=15-17,balanced"), checked with core's parser as it is typed. A bad text is shown in red
// with the parser's message and never applied; a good one is applied after a short pause, at
// once on Enter or when a preset is picked. The rows of the seats the viewer sees say so: their
// constraints are kept but not used from that view. GUI thread only.

#include "core/model/card.h"

#include <QString>
#include <QTimer>
#include <QWidget>

#include <array>

class QComboBox;
class QLabel;
class QLineEdit;

namespace tenace::ui {

struct Board;

// The constraints an auction reliably implies, by seat index: the opening bid's usual meaning
// (1NT 15-17, five-card majors, weak twos, three-level preempts), hands that passed before the
// opening, and a direct 1♠ or 2♥ overcall or takeout double of a major. An alerted call means
// what its note says: nothing, except the range an explained 1NT gives ("12-14"). Empty for the
// rest.
std::array<QString, 4> constraintsFromAuction(const Board &board);

class ConstraintsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ConstraintsPanel(QWidget *parent = nullptr);

    // Shows `texts` (by seat index) as the applied constraints; emits nothing.
    void setConstraints(const std::array<QString, 4> &texts);
    // The texts applied (a row being edited with a bad text keeps its last good one).
    const std::array<QString, 4> &constraints() const { return m_applied; }
    // The seats whose cards the viewer does not see (bit i: seat i); `viewer` names it. Zero:
    // no single-dummy view now.
    void setUnseenSeats(unsigned mask, tenace::core::Seat viewer);
    // Why no layout can be dealt (the sampler's message, naming the seat and constraint);
    // empty clears it.
    void setProblem(const QString &message);
    QString problem() const;

    QLineEdit *editor(tenace::core::Seat seat) const;
    QComboBox *presetBox(tenace::core::Seat seat) const;
    // The parser's message for the row's text; empty when it reads.
    QString errorText(tenace::core::Seat seat) const;

signals:
    // The applied constraints changed (by seat index).
    void constraintsEdited(const std::array<QString, 4> &texts);

private:
    struct Row
    {
        QLabel *seat = nullptr;
        QComboBox *preset = nullptr;
        QLineEdit *edit = nullptr;
        QLabel *error = nullptr;
    };
    // Checks row `i`'s text; true when it reads (the error shown or cleared accordingly).
    bool check(int i);
    void applyEdits();
    void pickPreset(int i, int item);
    void showPreset(int i);

    std::array<Row, 4> m_rows;
    std::array<QString, 4> m_applied;
    QLabel *m_view = nullptr;
    QLabel *m_problem = nullptr;
    QTimer m_pause;
};

} // namespace tenace::ui
