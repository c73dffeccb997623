#include "ui/bridge_text.h"

#include <QGuiApplication>
#include <QPalette>

#include <QCoreApplication>

namespace tenace::ui {

namespace core = tenace::core;

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("tenace::ui", text);
}

} // namespace

QString suitSymbol(core::Suit suit)
{
    static const QString symbols[] = {QStringLiteral("\u2660"), QStringLiteral("\u2665"),
                                      QStringLiteral("\u2666"), QStringLiteral("\u2663")};
    return symbols[index(suit)];
}

QString strainText(core::Strain strain)
{
    if (strain == core::Strain::NoTrump)
        return QStringLiteral("NT");
    return suitSymbol(core::suitAt(index(strain)));
}

QString rankText(core::Rank rank)
{
    if (rank == core::Rank::Ten)
        return QStringLiteral("10");
    return QString(QChar::fromLatin1(core::rankLetter(rank)));
}

QString cardText(core::Card card)
{
    return suitSymbol(card.suit) + rankText(card.rank);
}

QString seatText(core::Seat seat)
{
    switch (seat) {
    case core::Seat::North:
        return tr("North");
    case core::Seat::East:
        return tr("East");
    case core::Seat::South:
        return tr("South");
    default:
        return tr("West");
    }
}

QString seatLetterText(core::Seat seat)
{
    return QString(QChar::fromLatin1(core::seatLetter(seat)));
}

QString sideText(core::Side side)
{
    return side == core::Side::NorthSouth ? tr("NS") : tr("EW");
}

QString vulnerabilityText(core::Vulnerability vulnerability)
{
    switch (vulnerability) {
    case core::Vulnerability::None:
        return tr("None vul");
    case core::Vulnerability::NorthSouth:
        return tr("NS vul");
    case core::Vulnerability::EastWest:
        return tr("EW vul");
    default:
        return tr("All vul");
    }
}

QString bidText(int level, core::Strain strain, core::Doubling doubling)
{
    QString text = QString::number(level) + strainText(strain);
    if (doubling == core::Doubling::Doubled)
        text += QStringLiteral("\u00d7");
    else if (doubling == core::Doubling::Redoubled)
        text += QStringLiteral("\u00d7\u00d7");
    return text;
}

QString contractText(const core::Contract &contract, SeatForm form)
{
    return tr("%1 by %2")
        .arg(bidText(contract.level, contract.strain, contract.doubling),
             form == SeatForm::Name ? seatText(contract.declarer)
                                    : seatLetterText(contract.declarer));
}

QString handText(core::Hand hand)
{
    return QString::fromStdString(hand.toPbn());
}

QColor suitColor(core::Suit suit, bool fourColour)
{
    static const QColor black(0x1c, 0x1f, 0x24);
    static const QColor red(0xc8, 0x10, 0x2e);
    static const QColor orange(0xd8, 0x6a, 0x00);
    static const QColor green(0x1f, 0x7a, 0x35);
    switch (suit) {
    case core::Suit::Spades:
        return black;
    case core::Suit::Hearts:
        return red;
    case core::Suit::Diamonds:
        return fourColour ? orange : red;
    default:
        return fourColour ? green : black;
    }
}

bool isDarkPalette()
{
    return QGuiApplication::palette().color(QPalette::Base).lightness() < 128;
}

QColor suitTextColor(core::Suit suit, bool fourColour)
{
    if (!isDarkPalette())
        return suitColor(suit, fourColour);
    switch (suit) {
    case core::Suit::Spades:
        return QGuiApplication::palette().color(QPalette::Text);
    case core::Suit::Hearts:
        return QColor(0xff, 0x7a, 0x86);
    case core::Suit::Diamonds:
        return fourColour ? QColor(0xff, 0xa9, 0x4d) : QColor(0xff, 0x7a, 0x86);
    default:
        return fourColour ? QColor(0x6f, 0xd8, 0x8a)
                          : QGuiApplication::palette().color(QPalette::Text);
    }
}

QString signedScore(int score)
{
    if (score > 0)
        return QStringLiteral("+%1").arg(score);
    if (score < 0)
        return QStringLiteral("\u2212%1").arg(-score);
    return QStringLiteral("0");
}

} // namespace tenace::ui
