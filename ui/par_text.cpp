#include "ui/par_text.h"

#include "ui/bridge_text.h"

#include "core/par.h"
#include "core/par_explain.h"

#include <QCoreApplication>
#include <QStringList>

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

// Card symbols instead of letters in a DDS contract string ("4S" -> "4♠").
QString withSymbols(QString text)
{
    static const char letters[] = {'S', 'H', 'D', 'C'};
    for (int s = 0; s < 4; ++s) {
        for (int level = 1; level <= 7; ++level)
            text.replace(QStringLiteral("%1%2").arg(level).arg(QLatin1Char(letters[s])),
                         QString::number(level) + suitSymbol(core::suitAt(s)));
    }
    return text;
}

} // namespace

QString parHtml(const core::DdTable &table, core::Vulnerability vulnerability, core::Seat dealer)
{
    const auto explained = core::explainPar(table, vulnerability, dealer);
    const auto par = core::dealerPar(table, vulnerability, dealer);
    if (!explained.ok() || !par.ok())
        return html(explained.ok() ? par.error().message : explained.error().message);
    QString out = QStringLiteral("<p style='font-size:large'><b>%1</b></p>")
                      .arg(withSymbols(html(explained->headline)));
    QStringList contracts;
    for (const std::string &c : core::formatDealerParContracts(*par))
        contracts << withSymbols(html(c));
    out += QStringLiteral("<p>%1 <b>%2</b> &nbsp; <span style='color:gray'>(%3)</span></p>")
               .arg(tr("Par contracts:"), contracts.join(QStringLiteral(", ")),
                    html(core::formatDealerParText(*par))); // DDS's own form, verbatim
    out += QStringLiteral("<ul style='margin-left:-20px'>");
    for (const std::string &reason : explained->reasons)
        out += QStringLiteral("<li>%1</li>").arg(withSymbols(html(reason)));
    out += QStringLiteral("</ul>");
    const auto sides = core::sidesPar(table, vulnerability);
    if (sides.ok() && sides->dependsOnFirstBidder()) {
        out += QStringLiteral("<p><i>%1</i><br>").arg(tr("Par depends on who bids first:"));
        for (const core::Side first : {core::Side::NorthSouth, core::Side::EastWest})
            out += tr("%1 first: %2, %3<br>")
                       .arg(sideText(first),
                            html(core::formatParScore((*sides)[first], core::Side::NorthSouth)),
                            withSymbols(html(core::formatParContracts((*sides)[first],
                                                                      core::Side::NorthSouth))));
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
