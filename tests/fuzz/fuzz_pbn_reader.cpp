// libFuzzer target: the PBN reader, the lossless writer and the streaming reader (see
// fuzz_checks.h for the properties checked).

#include "tests/fuzz/fuzz_checks.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char *>(data), size);
    const std::string failure = tenace::fuzz::checkPbn(bytes);
    if (!failure.empty()) {
        std::fprintf(stderr, "fuzz_pbn_reader: %s\n", failure.c_str());
        std::abort();
    }
    return 0;
}
