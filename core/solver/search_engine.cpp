#include "core/solver/search_engine.h"

namespace tenace::core::detail {

namespace generic {
std::unique_ptr<SearchEngine> makeSearch(TranspositionTable &table);
}
#if TENACE_SEARCH_X86_64_V3
namespace x86_64_v3 {
std::unique_ptr<SearchEngine> makeSearch(TranspositionTable &table);
}
#endif

std::unique_ptr<SearchEngine> makeSearchEngine(TranspositionTable &table, bool portable)
{
#if TENACE_SEARCH_X86_64_V3
    static const bool v3 = __builtin_cpu_supports("x86-64-v3");
    if (v3 && !portable)
        return x86_64_v3::makeSearch(table);
#else
    (void)portable;
#endif
    return generic::makeSearch(table);
}

} // namespace tenace::core::detail
