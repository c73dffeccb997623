#include "core/pbn_document.h"

#include <algorithm>
#include <map>

namespace tenace::core {

namespace {

using Values = std::vector<std::pair<std::string, std::string>>;
using ValueMap = std::map<std::string, std::string, std::less<>>;

constexpr std::string_view sharedDealTags[] = {"Event",  "Site",       "Date", "Board",
                                               "Dealer", "Vulnerable", "Deal", "Scoring"};

bool contains(const Values &values, std::string_view name)
{
    return std::any_of(values.begin(), values.end(),
                       [&](const auto &p) { return p.first == name; });
}

// "#" and "##" for the game's own tags; updates the running values.
void inheritOwnTags(const PbnGame &game, ValueMap &last, ValueMap &sticky, Values &inherited)
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

void PbnDocument::resolveInheritance()
{
    ValueMap last;
    ValueMap sticky;
    ValueMap previousDeal; // the deal tags of the nearest earlier game with a Deal
    for (PbnGame &game : games) {
        Values inherited;
        inheritOwnTags(game, last, sticky, inherited);
        const PbnTag *board = game.findTag("Board");
        const auto previousBoard = previousDeal.find("Board");
        const bool sameBoard = !board ||
            (previousBoard != previousDeal.end() && board->value == previousBoard->second);
        const bool sharesDeal =
            game.hasTags() && !game.findTag("Deal") && !previousDeal.empty() && sameBoard;
        if (sharesDeal) {
            for (std::string_view name : sharedDealTags) {
                if (!game.findTag(name) && !contains(inherited, name) &&
                    previousDeal.contains(name))
                    inherited.emplace_back(std::string(name), previousDeal.find(name)->second);
            }
        }
        game.setInherited(std::move(inherited));
        if (game.tagValue("Deal")) {
            previousDeal.clear();
            for (std::string_view name : sharedDealTags) {
                if (auto v = game.tagValue(name))
                    previousDeal[std::string(name)] = *v;
            }
        }
    }
}

} // namespace tenace::core
