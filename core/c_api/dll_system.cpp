// DDS's housekeeping: threads and memory for the batch functions, FreeMemory, GetDDSInfo and the
// status texts.

#include "core/c_api/dll_internal.h"

#include <climits>
#include <cstdio>
#include <cstring>
#include <thread>

using namespace tenace::capi;

namespace {

const char *errorText(int code)
{
    struct Text
    {
        int code;
        const char *text;
    };
    static constexpr Text texts[] {
        {RETURN_NO_FAULT, TEXT_NO_FAULT},
        {RETURN_UNKNOWN_FAULT, TEXT_UNKNOWN_FAULT},
        {RETURN_ZERO_CARDS, TEXT_ZERO_CARDS},
        {RETURN_TARGET_TOO_HIGH, TEXT_TARGET_TOO_HIGH},
        {RETURN_DUPLICATE_CARDS, TEXT_DUPLICATE_CARDS},
        {RETURN_TARGET_WRONG_LO, TEXT_TARGET_WRONG_LO},
        {RETURN_TARGET_WRONG_HI, TEXT_TARGET_WRONG_HI},
        {RETURN_SOLNS_WRONG_LO, TEXT_SOLNS_WRONG_LO},
        {RETURN_SOLNS_WRONG_HI, TEXT_SOLNS_WRONG_HI},
        {RETURN_TOO_MANY_CARDS, TEXT_TOO_MANY_CARDS},
        {RETURN_SUIT_OR_RANK, TEXT_SUIT_OR_RANK},
        {RETURN_PLAYED_CARD, TEXT_PLAYED_CARD},
        {RETURN_CARD_COUNT, TEXT_CARD_COUNT},
        {RETURN_THREAD_INDEX, TEXT_THREAD_INDEX},
        {RETURN_MODE_WRONG_LO, TEXT_MODE_WRONG_LO},
        {RETURN_MODE_WRONG_HI, TEXT_MODE_WRONG_HI},
        {RETURN_TRUMP_WRONG, TEXT_TRUMP_WRONG},
        {RETURN_FIRST_WRONG, TEXT_FIRST_WRONG},
        {RETURN_PLAY_FAULT, TEXT_PLAY_FAULT},
        {RETURN_PBN_FAULT, TEXT_PBN_FAULT},
        {RETURN_TOO_MANY_BOARDS, TEXT_TOO_MANY_BOARDS},
        {RETURN_THREAD_CREATE, TEXT_THREAD_CREATE},
        {RETURN_THREAD_WAIT, TEXT_THREAD_WAIT},
        {RETURN_THREAD_MISSING, TEXT_THREAD_MISSING},
        {RETURN_NO_SUIT, TEXT_NO_SUIT},
        {RETURN_TOO_MANY_TABLES, TEXT_TOO_MANY_TABLES},
        {RETURN_CHUNK_SIZE, TEXT_CHUNK_SIZE},
    };
    for (const Text &t : texts)
        if (t.code == code)
            return t.text;
    return "Not a DDS error code";
}

// DDS's codes of the threading systems; the pool answers to those a Linux build of DDS offers.
constexpr int threadingDefault = 0;
constexpr int threadingOpenMp = 2;
constexpr int threadingBoost = 4;
constexpr int threadingStl = 5;

} // namespace

void STDCALL SetMaxThreads(int userThreads)
{
    setPoolThreads(userThreads);
}

int STDCALL SetThreading(int code)
{
    switch (code) {
    case threadingDefault:
    case threadingOpenMp:
    case threadingBoost:
    case threadingStl:
        return RETURN_NO_FAULT;
    default:
        return RETURN_THREAD_MISSING;
    }
}

void STDCALL SetResources(int maxMemoryMB, int maxThreads)
{
    setPoolThreads(maxThreads);
    setPoolMemory(maxMemoryMB);
}

void STDCALL FreeMemory(void)
{
    releaseThreadSolver();
}

void STDCALL GetDDSInfo(struct DDSInfo *info)
{
    if (!info)
        return;
    std::memset(info, 0, sizeof *info);
    info->major = DDS_VERSION / 10000;
    info->minor = DDS_VERSION / 100 % 100;
    info->patch = DDS_VERSION % 100;
    std::snprintf(info->versionString, sizeof info->versionString, "%d.%d.%d", info->major,
                  info->minor, info->patch);
#if defined(_WIN32)
    info->system = 1;
#elif defined(__APPLE__)
    info->system = 4;
#elif defined(__linux__)
    info->system = 3;
#endif
    info->numBits = static_cast<int>(sizeof(void *) * CHAR_BIT);
#if defined(__clang__)
    info->compiler = 4;
#elif defined(__GNUC__)
    info->compiler = 3;
#elif defined(_MSC_VER)
    info->compiler = 1;
#endif
    info->constructor = 0; // nothing to initialise
    info->numCores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    info->threading = threadingStl;
    const auto options = poolOptions();
    info->noOfThreads = tenace::core::poolThreads(options.threads, INT_MAX);
    std::snprintf(info->threadSizes, sizeof info->threadSizes, "%d x %zu MB", info->noOfThreads,
                  options.solver.tableBytes >> 20);
    std::snprintf(info->systemString, sizeof info->systemString,
                  "Tenace DDS-compatible library (libtenace-dds), DDS interface %s\n"
                  "Word size %d bits, %d cores, %d threads (STL), table %zu MB per thread\n",
                  info->versionString, info->numBits, info->numCores, info->noOfThreads,
                  options.solver.tableBytes >> 20);
}

void STDCALL ErrorMessage(int code, char line[80])
{
    if (!line)
        return;
    std::strncpy(line, errorText(code), 79);
    line[79] = '\0';
}
