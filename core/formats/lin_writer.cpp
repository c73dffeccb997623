#include "core/formats/lin_writer.h"

#include "core/formats/pbn_play.h"

#include <algorithm>

namespace tenace::core {

namespace {

// LIN field values cannot hold '|'.
std::string linText(std::string_view text)
{
    std::string out(text);
    std::replace(out.begin(), out.end(), '|', '/');
    return out;
}

int linDealerDigit(Seat dealer)
{
    switch (dealer) {
    case Seat::South:
        return 1;
    case Seat::West:
        return 2;
    case Seat::North:
        return 3;
    case Seat::East:
        return 4;
    }
    return 3;
}

std::string linHand(Hand hand)
{
    std::string out;
    for (Suit s : allSuits) {
        out += suitLetter(s);
        for (Card c : hand.cards())
            if (c.suit == s)
                out += rankLetter(c.rank);
    }
    return out;
}

char linVulnerability(Vulnerability v)
{
    switch (v) {
    case Vulnerability::NorthSouth:
        return 'n';
    case Vulnerability::EastWest:
        return 'e';
    case Vulnerability::Both:
        return 'b';
    case Vulnerability::None:
        break;
    }
    return 'o';
}

void appendPlayers(const PbnGame &game, std::string &out)
{
    std::string names;
    bool any = false;
    for (const char *tag : {"South", "West", "North", "East"}) {
        const auto name = game.tagValue(tag);
        const bool known = name && !name->empty() && *name != "?";
        any = any || known;
        if (tag[0] != 'S')
            names += ',';
        if (known)
            names += linText(*name);
    }
    if (any)
        out += "pn|" + names + "|";
}

// The passes that "AP" stands for: enough to end the auction.
int passesToEnd(const std::vector<PbnCall> &calls, std::size_t before)
{
    int trailing = 0;
    bool bid = false;
    for (std::size_t i = 0; i < before; ++i) {
        bid = bid || calls[i].kind == PbnCallKind::Bid;
        trailing = calls[i].kind == PbnCallKind::Pass ? trailing + 1 : 0;
    }
    return std::max((bid ? 3 : 4) - trailing, 0);
}

void appendAuction(const PbnGame &game, std::string &out)
{
    const auto auction = game.auction();
    if (!auction)
        return;
    const std::vector<PbnNote> notes = game.auctionNotes();
    for (std::size_t i = 0; i < auction->calls.size(); ++i) {
        const PbnCall &call = auction->calls[i];
        std::string value;
        switch (call.kind) {
        case PbnCallKind::Pass:
            value = "p";
            break;
        case PbnCallKind::Double:
            value = "d";
            break;
        case PbnCallKind::Redouble:
            value = "r";
            break;
        case PbnCallKind::Bid:
            value = std::to_string(call.level) +
                (call.strain == Strain::NoTrump ? 'N' : strainLetter(call.strain));
            break;
        case PbnCallKind::AllPass:
            for (int n = passesToEnd(auction->calls, i); n > 0; --n)
                out += "mb|p|";
            continue;
        default:
            continue;
        }
        const auto note = call.annotations.note;
        const auto text = std::find_if(notes.begin(), notes.end(),
                                       [&](const PbnNote &n) { return note && n.index == *note; });
        if (note && text != notes.end())
            out += "mb|" + value + "!|an|" + linText(text->text) + "|";
        else
            out += "mb|" + value + "|";
    }
}

// The recorded cards in playing order; the number of cards written.
int appendPlay(const PbnGame &game, const Deal &deal, std::string &out)
{
    const auto play = game.play();
    const auto contract = game.contract();
    if (!play || !contract || contract->passedOut)
        return 0;
    const auto sequence = pbnPlaySequence(*play, contract->strain, &deal);
    if (!sequence)
        return 0;
    int n = 0;
    for (const PbnPlayedCard &card : *sequence) {
        out += "pc|" + card.card.toString() + "|";
        if (++n % 4 == 0)
            out += "pg||";
    }
    return n;
}

} // namespace

std::string formatLinBoard(const PbnGame &game)
{
    const auto deal = game.deal();
    if (!deal || !checkComplete(*deal))
        return {};
    const Seat dealer = game.dealer().value_or(Seat::North);
    std::string out;
    appendPlayers(game, out);
    out += "st||md|" + std::to_string(linDealerDigit(dealer));
    for (Seat seat : {Seat::South, Seat::West, Seat::North, Seat::East})
        out += linHand((*deal)[seat]) + (seat == Seat::East ? "|" : ",");
    out += "rh||ah|Board " + linText(game.tagValue("Board").value_or("")) + "|";
    out += "sv|";
    out += linVulnerability(game.vulnerability().value_or(Vulnerability::None));
    out += "|";
    appendAuction(game, out);
    const int cards = appendPlay(game, *deal, out);
    const auto result = game.result();
    if (result && result->declarerTricks && cards < 52)
        out += "mc|" + std::to_string(*result->declarerTricks) + "|";
    out += "\n";
    return out;
}

std::string writeLin(const PbnDocument &document)
{
    std::string out;
    for (const PbnGame &game : document.games)
        out += formatLinBoard(game);
    return out;
}

} // namespace tenace::core
