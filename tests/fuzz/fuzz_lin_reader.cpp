// libFuzzer target: the LIN reader, its games' typed values and their PBN form (see
// fuzz_checks.h for the properties checked).

#include "tests/fuzz/fuzz_checks.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char *>(data), size);
    const std::string failure = tenace::fuzz::checkLin(bytes);
    if (!failure.empty()) {
        std::fprintf(stderr, "fuzz_lin_reader: %s\n", failure.c_str());
        std::abort();
    }
    return 0;
}
