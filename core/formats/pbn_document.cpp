#include "core/formats/pbn_document.h"

#include <algorithm>

namespace tenace::core {

namespace {

using Values = std::vector<std::pair<std::string, std::string>>;

constexpr std::string_view sharedDealTags[] = {"Event",  "Site",       "Date", "Board",
                                               "Dealer", "Vulnerable", "Deal", "Scoring"};

bool contains(const Values &values, std::string_view name)
{
    return std::any_of(values.begin(), values.end(),
                       [&](const auto &p) { return p.first == name; });
}

// "#" and "##" for the game's own tags; updates the running values.
void inheritOwnTags(const PbnGame &game, PbnInheritance::ValueMap &last,
                    PbnInheritance::ValueMap &sticky, Values &inherited)
{
    for (const PbnItem &item : game.items()) {
        const auto *tag = std::get_if<PbnTag>(&item);
        if (!tag || game.findTag(tag->name) != tag)
            continue; // a repeated tag is ignored
        std::string value = tag->value;
        if (isPbnUninheritableTag(tag->name)) {
            last[tag->name] = value;
            continue;
        }
        if (value == "#") {
            auto it = last.find(tag->name);
            value = it == last.end() ? std::string() : it->second;
            inherited.emplace_back(tag->name, value);
        } else if (value.starts_with("##")) {
            value.erase(0, 2);
            sticky[tag->name] = value;
            inherited.emplace_back(tag->name, value);
        } else if (auto it = sticky.find(tag->name); it != sticky.end()) {
            it->second = value; // a redefinition carries on for the later games
        }
        if (value !=
            "?") // "unknown" is no value to inherit (the export writes "?" for missing tags)
            last[tag->name] = value;
    }
    for (const auto &[name, value] : sticky) {
        if (!game.findTag(name)) {
            inherited.emplace_back(name, value);
            last[name] = value;
        }
    }
}

} // namespace

void PbnInheritance::apply(PbnGame &game)
{
    Values inherited;
    inheritOwnTags(game, m_last, m_sticky, inherited);
    const PbnTag *board = game.findTag("Board");
    const auto previousBoard = m_previousDeal.find("Board");
    const bool sameBoard =
        !board || (previousBoard != m_previousDeal.end() && board->value == previousBoard->second);
    const bool sharesDeal =
        game.hasTags() && !game.findTag("Deal") && !m_previousDeal.empty() && sameBoard;
    if (sharesDeal) {
        for (std::string_view name : sharedDealTags) {
            if (!game.findTag(name) && !contains(inherited, name) && m_previousDeal.contains(name))
                inherited.emplace_back(std::string(name), m_previousDeal.find(name)->second);
        }
    }
    game.setInherited(std::move(inherited));
    if (game.tagValue("Deal")) {
        m_previousDeal.clear();
        for (std::string_view name : sharedDealTags) {
            if (auto v = game.tagValue(name))
                m_previousDeal[std::string(name)] = *v;
        }
    }
}

void PbnDocument::resolveInheritance()
{
    PbnInheritance inheritance;
    for (PbnGame &game : games)
        inheritance.apply(game);
}

} // namespace tenace::core
