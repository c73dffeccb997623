#include "ui/par_text.h"

#include "ui/bridge_text.h"

#include "core/par/par.h"
#include "core/par/par_explain.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <cstdlib>

namespace tenace::ui {

namespace core = tenace::core;

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("tenace::ui", text);
}

QString html(const std::string &text)
{
    return QString::fromStdString(text).toHtmlEscaped();
}

// The core's sentences name contracts as DDS does ("4S", "5Dx", "3NT"): the window's notation
// instead ("4♠", "5♦×").
QString withSymbols(const QString &text)
{
    static const QRegularExpression bid(QStringLiteral("\\b([1-7])(NT|S|H|D|C)(xx|x)?\\b"));
    QString out;
    qsizetype from = 0;
    for (auto it = bid.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const QString strainName = m.captured(2);
        const core::Strain strain = strainName == QStringLiteral("NT")
            ? core::Strain::NoTrump
            : core::strainAt(static_cast<int>(QStringLiteral("SHDC").indexOf(strainName)));
        const core::Doubling doubling = m.captured(3).size() == 2 ? core::Doubling::Redoubled
            : m.captured(3).size() == 1                           ? core::Doubling::Doubled
                                                                  : core::Doubling::Undoubled;
        out += text.mid(from, m.capturedStart() - from) +
            bidText(m.captured(1).toInt(), strain, doubling);
        from = m.capturedEnd();
    }
    return out + text.mid(from);
}

QString declarersText(const core::ParContract &contract)
{
    if (contract.onlyDeclarer)
        return seatText(*contract.onlyDeclarer);
    const core::Seat first =
        contract.side == core::Side::NorthSouth ? core::Seat::North : core::Seat::East;
    return tr("%1 or %2").arg(seatText(first), seatText(core::partner(first)));
}

// "NS +620"; "0" when passed out.
QString parScoreText(const core::ParResult &par)
{
    if (par.score == 0)
        return QStringLiteral("0");
    return tr("%1 +%2").arg(sideText(par.score > 0 ? core::Side::NorthSouth : core::Side::EastWest),
                            QString::number(std::abs(par.score)));
}

} // namespace

QString parContractsText(const core::ParResult &par)
{
    if (par.isPassedOut())
        return tr("passed out");
    // Grouped by declarers: "3NT or 5♦ by North or South, or 5♥ by East".
    std::vector<std::pair<QString, QStringList>> groups;
    for (const core::ParContract &c : par.contracts) {
        // A contract that makes overtricks is named at the level it makes (1♥+2 scores as 3♥).
        const QString bid = c.doubled ? bidText(c.level, c.strain, core::Doubling::Doubled)
                                      : bidText(std::clamp(c.tricks - 6, c.level, 7), c.strain);
        const QString declarers = declarersText(c);
        auto group = std::find_if(groups.begin(), groups.end(),
                                  [&](const auto &g) { return g.first == declarers; });
        if (group == groups.end())
            groups.push_back({declarers, {bid}});
        else if (!group->second.contains(bid))
            group->second << bid;
    }
    QStringList parts;
    for (const auto &[declarers, bids] : groups)
        parts << tr("%1 by %2").arg(bids.join(tr(" or ")), declarers);
    QString text = parts.join(tr(", or "));
    if (par.contracts.front().doubled)
        text = tr("%1, down %2").arg(text).arg(par.contracts.front().undertricks());
    return text;
}

QString parHtml(const core::DdTable &table, core::Vulnerability vulnerability, core::Seat dealer)
{
    const auto explained = core::explainPar(table, vulnerability, dealer);
    const auto par = core::dealerPar(table, vulnerability, dealer);
    if (!explained.ok() || !par.ok())
        return html(explained.ok() ? par.error().message : explained.error().message);
    const QString headline = par->isPassedOut()
        ? tr("Par: 0, the deal is passed out.")
        : tr("Par: %1, %2.").arg(parScoreText(*par), parContractsText(*par));
    QString out =
        QStringLiteral("<p style='font-size:large'><b>%1</b></p>").arg(headline.toHtmlEscaped());
    out += QStringLiteral("<ul style='margin-left:-20px'>");
    for (const std::string &reason : explained->reasons)
        out += QStringLiteral("<li>%1</li>").arg(withSymbols(html(reason)));
    out += QStringLiteral("</ul>");
    const auto sides = core::sidesPar(table, vulnerability);
    if (sides.ok() && sides->dependsOnFirstBidder()) {
        out += QStringLiteral("<p><i>%1</i><br>").arg(tr("Par depends on who bids first:"));
        for (const core::Side first : {core::Side::NorthSouth, core::Side::EastWest})
            out += tr("%1 first: %2, %3<br>")
                       .arg(sideText(first), parScoreText((*sides)[first]),
                            parContractsText((*sides)[first]).toHtmlEscaped());
        out += QStringLiteral("</p>");
    }
    return out;
}

std::optional<core::Contract> parContract(const core::DdTable &table,
                                          core::Vulnerability vulnerability, core::Seat dealer)
{
    const auto par = core::dealerPar(table, vulnerability, dealer);
    if (!par.ok() || par->isPassedOut())
        return std::nullopt;
    const core::ParContract &pc = par->contracts.front();
    core::Contract contract;
    contract.level = pc.level;
    contract.strain = pc.strain;
    contract.doubling = pc.doubled ? core::Doubling::Doubled : core::Doubling::Undoubled;
    const core::Seat first =
        pc.side == core::Side::NorthSouth ? core::Seat::North : core::Seat::East;
    if (pc.onlyDeclarer)
        contract.declarer = *pc.onlyDeclarer;
    else
        contract.declarer = table(pc.strain, core::partner(first)) > table(pc.strain, first)
            ? core::partner(first)
            : first;
    return contract;
}

} // namespace tenace::ui
