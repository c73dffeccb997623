#pragma once

// Deals and cards written as literals in tests; a literal that does not parse stops the test with
// its text.

#include "core/model/card.h"
#include "core/model/deal.h"

#include <QtGlobal>

#include <string>
#include <vector>

namespace tenace::core::testing {

inline Deal deal(const char *pbn)
{
    auto d = parsePbnDeal(pbn);
    if (!d)
        qFatal("bad deal %s: %s", pbn, d.error().message.c_str());
    return *d;
}

inline Card card(const char *text)
{
    auto c = parseCard(text);
    if (!c)
        qFatal("bad card %s", text);
    return *c;
}

// Cards separated by spaces, e.g. "SA HK D2".
inline std::vector<Card> cards(const char *text)
{
    std::vector<Card> out;
    std::string word;
    for (const char *c = text;; ++c) {
        if (*c == ' ' || *c == 0) {
            if (!word.empty())
                out.push_back(card(word.c_str()));
            word.clear();
            if (*c == 0)
                return out;
        } else {
            word += *c;
        }
    }
}

} // namespace tenace::core::testing
