#pragma once

// Edit mode: set up a deal, or an end position, by clicking cards of the 52-card palette into
// the chosen hand (drag across cells to sweep several), by typing each hand
// ("AKQ.JT9.876.5432"), or by pasting a PBN deal string or a whole PBN board. Three complete
// hands can be completed with the fourth automatically, or the rest dealt at random. Dealer,
// vulnerability and the player on lead are editable. The deal may be incomplete while edited;
// problems are listed inline, precisely, and "Apply" is enabled only for a playable deal.
// GUI thread only.

#include "ui/board_session.h"

#include <QWidget>

#include <array>

class QButtonGroup;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace tenace::ui {

class CardPalette;

class DealEditor : public QWidget
{
    Q_OBJECT
public:
    explicit DealEditor(QWidget *parent = nullptr);

    // Starts editing a copy of `board`.
    void setBoard(const Board &board);
    const Board &board() const { return m_board; }
    void setFourColour(bool on);

    // The hand that palette clicks go to.
    void setTargetSeat(tenace::core::Seat seat);
    // Replaces `seat`'s hand with the parsed text; false (with the message shown) when the text
    // is not a hand.
    bool setHandText(tenace::core::Seat seat, const QString &text);
    // A PBN deal string ("N:AKQ..."), or a PBN board with tags; false when it is neither.
    bool pasteText(const QString &text);
    // The cards already played to the current trick, from the leader ("SK S2"); for end
    // positions set up mid-trick. False (with the message shown) when it is not a list of cards.
    bool setTrickText(const QString &text);
    bool fillFourth();
    void dealRest();
    void clearDeal();

    QString validationText() const;
    bool isPlayable() const;
    CardPalette *palette() const { return m_palette; }
    QLineEdit *handEdit(tenace::core::Seat seat) const
    {
        return m_handEdits[static_cast<std::size_t>(index(seat))];
    }

signals:
    // "Apply": the board to analyse.
    void applied(const tenace::ui::Board &board);
    void cancelled();

private:
    void buildUi();
    void onCardClicked(tenace::core::Card card);
    void refresh(bool updateTexts = true);

    Board m_board;
    tenace::core::Seat m_target = tenace::core::Seat::North;
    std::array<QString, 4> m_handErrors;
    QString m_pasteError;
    CardPalette *m_palette = nullptr;
    QButtonGroup *m_seatGroup = nullptr;
    std::array<QLineEdit *, 4> m_handEdits {};
    std::array<QLabel *, 4> m_countLabels {};
    QLineEdit *m_pbnEdit = nullptr;
    QLineEdit *m_trickEdit = nullptr;
    QString m_trickError;
    QComboBox *m_dealerCombo = nullptr;
    QComboBox *m_vulCombo = nullptr;
    QComboBox *m_leaderCombo = nullptr;
    QLabel *m_validation = nullptr;
    QPushButton *m_fillButton = nullptr;
    QPushButton *m_applyButton = nullptr;
};

} // namespace tenace::ui
