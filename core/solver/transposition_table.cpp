#include "core/solver/transposition_table.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace tenace::core::detail {

namespace {

constexpr std::size_t initialBuckets = 1024;
// The arena's first size, in blocks (152 KB), before it doubles.
constexpr std::size_t initialArenaBlocks = 1024;

std::uint64_t mix(std::uint64_t x)
{
    x ^= x >> 29;
    x *= 0x9e3779b97f4a7c15ull;
    return x ^ (x >> 32);
}

// Where the probe sequence of bucket (`key`, `tag`) starts in a bucket array of `mask` + 1 places.
std::size_t homeOf(std::uint64_t key, unsigned tag, std::size_t mask)
{
    return mix(key ^ (std::uint64_t {tag} << 48)) & mask;
}

// A suit's owners and mask as one word (see Block), and the mask back from the word. A mask is
// the top 2k bits, k at most 13.
std::uint32_t packWord(std::uint32_t owners, std::uint32_t mask)
{
    const std::uint32_t lowest = mask & (0u - mask);
    assert(mask == 0 || (mask + lowest == 0 && lowest > 1));
    return (owners & mask) | (mask ? lowest >> 1 : 0x80000000u);
}

std::uint32_t maskOfWord(std::uint32_t word)
{
    return ~(word ^ (word - 1));
}

// The owners of the suits' top cards (2 bits a suit; 0 for a suit without cards).
unsigned topOwners(const std::uint32_t *owners)
{
    return (owners[0] >> 30) | ((owners[1] >> 30) << 2) | ((owners[2] >> 30) << 4) |
        ((owners[3] >> 30) << 6);
}

} // namespace

// The entries of `block` that match `pattern`, one bit each (unused slots included), from all of
// them at once.
unsigned TranspositionTable::matching(const Block &block, const TtPattern &pattern)
{
#if defined(__SSE2__)
    unsigned matches = 0;
    const __m128i zero = _mm_setzero_si128();
    const __m128i ones = _mm_set1_epi32(-1);
    for (int half = 0; half < blockSize; half += 4) {
        __m128i mismatch = zero;
        for (int s = 0; s < 4; ++s) {
            const __m128i word =
                _mm_loadu_si128(reinterpret_cast<const __m128i *>(&block.words[s][half]));
            // The bits below the mask: the marker and everything under it.
            const __m128i below = _mm_xor_si128(word, _mm_add_epi32(word, ones));
            const __m128i differ =
                _mm_xor_si128(word, _mm_set1_epi32(static_cast<int>(pattern.owners[s])));
            mismatch = _mm_or_si128(mismatch, _mm_andnot_si128(below, differ));
        }
        const __m128i equal = _mm_cmpeq_epi32(mismatch, zero);
        matches |= static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps(equal))) << half;
    }
    return matches;
#else
    unsigned matches = 0;
    for (int j = 0; j < blockSize; ++j) {
        std::uint32_t mismatch = 0;
        for (int s = 0; s < 4; ++s) {
            const std::uint32_t word = block.words[s][j];
            mismatch |= (word ^ pattern.owners[s]) & maskOfWord(word);
        }
        matches |= static_cast<unsigned>(mismatch == 0) << j;
    }
    return matches;
#endif
}

TranspositionTable::TranspositionTable(std::size_t maxBytes) : m_maxBytes(maxBytes)
{
    clear();
}

void TranspositionTable::clear()
{
    // The arena stays: the next position's arrays are cut from it again.
    m_buckets = std::vector<Bucket>(initialBuckets);
    m_used = 0;
    m_top = 0;
    m_free.fill(noBlock);
    m_bytes = m_buckets.size() * sizeof(Bucket);
    m_peakBytes = std::max(m_peakBytes, m_bytes);
}

std::uint32_t TranspositionTable::capacityOf(int sizeClass)
{
    // Computed once, at compile time: read on every store.
    static constexpr auto capacities = [] {
        std::array<std::uint32_t, sizeClasses> c {};
        std::uint64_t blocks = 1;
        for (std::uint32_t &x : c) {
            x = static_cast<std::uint32_t>(std::min<std::uint64_t>(blocks, noBlock));
            blocks += std::max<std::uint64_t>(1, blocks / 2);
        }
        return c;
    }();
    return capacities[static_cast<std::size_t>(sizeClass)];
}

std::size_t TranspositionTable::slotOf(std::uint64_t key, unsigned tag) const
{
    const std::size_t mask = m_buckets.size() - 1;
    std::size_t i = homeOf(key, tag, mask);
    while (m_buckets[i].count != 0 && (m_buckets[i].key != key || m_buckets[i].tag != tag))
        i = (i + 1) & mask;
    return i;
}

// The sub-bucket of `b` that may hold entries matching `pattern`, or null when `b` has not split.
const TranspositionTable::Bucket *TranspositionTable::subBucketOf(const Bucket &b,
                                                                  const TtPattern &pattern) const
{
    if (b.count < splitEntries)
        return nullptr;
    const Bucket &sub = m_buckets[slotOf(b.key, subBucket | topOwners(pattern.owners))];
    return sub.count != 0 ? &sub : nullptr;
}

void TranspositionTable::prefetch(std::uint64_t key) const
{
    __builtin_prefetch(&m_buckets[homeOf(key, 0, m_buckets.size() - 1)]);
}

// Copies to `out` the entries of `b` that match `pattern` and whose bounds decide whether
// North-South take `nsNeed` tricks, newest first and at most `max`; returns how many.
int TranspositionTable::deciding(const Bucket &b, const TtPattern &pattern, int nsNeed,
                                 TtEntry *out, int max) const
{
    if (b.count == 0)
        return 0;
    int n = 0;
    int i = static_cast<int>(b.count) - 1;
    for (int blk = i / blockSize; blk >= 0 && n < max; --blk) {
        const Block &block = blockOf(b, static_cast<std::uint32_t>(blk));
        unsigned matches = matching(block, pattern);
        matches &= (2u << (i % blockSize)) - 1;
        while (matches && n < max) { // newest first
            const int j = std::bit_width(matches) - 1;
            matches &= ~(1u << j);
            if (block.lower[j] >= nsNeed || block.upper[j] < nsNeed) {
                TtEntry &e = out[n++];
                for (int s = 0; s < 4; ++s) {
                    e.masks[s] = maskOfWord(block.words[s][j]);
                    e.owners[s] = block.words[s][j] & e.masks[s];
                }
                e.lower = block.lower[j];
                e.upper = block.upper[j];
                e.bestMove = block.bestMove[j];
            }
        }
        i = blk * blockSize - 1;
    }
    return n;
}

bool TranspositionTable::find(std::uint64_t key, const TtPattern &pattern, int nsNeed,
                              TtEntry &found, int &bestMove) const
{
    // The bucket first: its entries fix fewer ranks, and a bound found there passes fewer ranks on
    // (15% fewer nodes on the second freak deal's spades than the sub-bucket first).
    const Bucket &b = m_buckets[slotOf(key)];
    if (deciding(b, pattern, nsNeed, &found, 1) == 1)
        return true;
    const Bucket *sub = subBucketOf(b, pattern);
    if (sub && deciding(*sub, pattern, nsNeed, &found, 1) == 1)
        return true;
    // No bound decides: the newest best move of the sub-bucket (the same owners of the top cards),
    // else of the bucket, matching the pattern or not (1% fewer nodes on random deals than the
    // bucket's alone).
    for (const Bucket *x : {sub, &b}) {
        for (int k = x ? static_cast<int>(x->count) - 1 : -1; k >= 0; --k) {
            const Block &block = blockOf(*x, static_cast<std::uint32_t>(k / blockSize));
            if (const std::uint8_t move = block.bestMove[k % blockSize]; move != 0xff) {
                bestMove = move;
                return false;
            }
        }
    }
    return false;
}

int TranspositionTable::findAll(std::uint64_t key, const TtPattern &pattern, int nsNeed,
                                TtEntry *out, int max) const
{
    const Bucket &b = m_buckets[slotOf(key)];
    const int n = deciding(b, pattern, nsNeed, out, max);
    const Bucket *sub = subBucketOf(b, pattern);
    return sub ? n + deciding(*sub, pattern, nsNeed, out + n, max - n) : n;
}

void TranspositionTable::grow()
{
    std::vector<Bucket> old = std::move(m_buckets);
    m_buckets = std::vector<Bucket>(old.size() * 2);
    for (const Bucket &b : old) {
        if (b.count != 0)
            m_buckets[slotOf(b.key, b.tag)] = b;
    }
}

// An array of `sizeClass`'s capacity: a free one of that size, else the next blocks of the arena
// (which doubles when full); noBlock when that would pass the memory limit.
std::uint32_t TranspositionTable::allocate(int sizeClass)
{
    if (sizeClass >= sizeClasses)
        return noBlock;
    const auto c = static_cast<std::size_t>(sizeClass);
    if (const std::uint32_t first = m_free[c]; first != noBlock) {
        std::memcpy(&m_free[c], &m_arena[first], sizeof(std::uint32_t));
        return first;
    }
    const std::size_t blocks = capacityOf(sizeClass);
    if (m_bytes + blocks * sizeof(Block) > m_maxBytes)
        return noBlock;
    const std::size_t need = std::size_t {m_top} + blocks;
    if (need > m_arenaBlocks) {
        const std::size_t most = std::min<std::size_t>(m_maxBytes / sizeof(Block), noBlock);
        const std::size_t size =
            std::min(most, std::max({need, 2 * std::size_t {m_arenaBlocks}, initialArenaBlocks}));
        if (need > size)
            return noBlock;
        // Indices, not pointers, name the arrays: the arena may move.
        void *moved = std::realloc(m_arena.get(), size * sizeof(Block));
        if (moved == nullptr)
            return noBlock;
        static_cast<void>(m_arena.release());
        m_arena.reset(static_cast<Block *>(moved));
        m_arenaBlocks = static_cast<std::uint32_t>(size);
    }
    const std::uint32_t first = m_top;
    m_top = static_cast<std::uint32_t>(need);
    m_bytes += blocks * sizeof(Block);
    m_peakBytes = std::max(m_peakBytes, m_bytes);
    return first;
}

// Gives an array back for the next one of its size (its next free array in its first word).
void TranspositionTable::release(std::uint32_t first, int sizeClass)
{
    const auto c = static_cast<std::size_t>(sizeClass);
    std::memcpy(&m_arena[first], &m_free[c], sizeof(std::uint32_t));
    m_free[c] = first;
}

// Empties the buckets of the fewest tricks left until at least half the memory of the entries is
// free (and at least a bucket array's worth, so that a larger bucket array, or compact()'s index of
// the buckets left, fits after), then compacts the others.
void TranspositionTable::evict()
{
    std::size_t bytesByTricks[14] = {};
    std::size_t total = 0;
    for (const Bucket &b : m_buckets) {
        if (b.count != 0) {
            const std::size_t bytes = capacityOf(b.sizeClass) * sizeof(Block);
            bytesByTricks[b.tricksLeft] += bytes;
            total += bytes;
        }
    }
    const std::size_t arrayBytes = m_buckets.size() * sizeof(Bucket);
    int upTo = 0; // buckets with at most this many tricks left go
    for (std::size_t freed = 0; upTo < 13 && (2 * freed < total || freed < arrayBytes);)
        freed += bytesByTricks[++upTo];
    // A place free before any bucket is emptied: no probe sequence passes it (see compact()).
    std::size_t freePlace = 0;
    while (m_buckets[freePlace].count != 0)
        ++freePlace; // there is one: the array is at most half full
    for (Bucket &b : m_buckets) {
        if (b.count != 0 && b.tricksLeft <= upTo)
            b.count = 0;
    }
    compact(freePlace);
}

// Moves the arrays of the buckets in use together at the start of the arena (in the order they
// lie in it, so that each moves down), and the buckets to their places in the bucket array, in
// place. `freePlace`: a place of the bucket array that was free before buckets were emptied.
void TranspositionTable::compact(std::size_t freePlace)
{
    std::vector<std::uint32_t> order; // the buckets in use, by their place in the bucket array
    for (std::size_t i = 0; i < m_buckets.size(); ++i) {
        if (m_buckets[i].count != 0)
            order.push_back(static_cast<std::uint32_t>(i));
    }
    std::sort(order.begin(), order.end(), [this](std::uint32_t a, std::uint32_t b) {
        return m_buckets[a].first < m_buckets[b].first;
    });
    std::uint32_t top = 0;
    for (const std::uint32_t i : order) {
        Bucket &b = m_buckets[i];
        const std::uint32_t blocks = capacityOf(b.sizeClass);
        if (b.first != top)
            std::memmove(&m_arena[top], &m_arena[b.first], blocks * sizeof(Block));
        b.first = top;
        top += blocks;
    }
    m_top = top;
    m_free.fill(noBlock);
    m_used = order.size();
    m_bytes = m_buckets.size() * sizeof(Bucket) + std::size_t {m_top} * sizeof(Block);
    // The emptied buckets leave gaps in the probe sequences. In order from a place no probe
    // sequence passed, each bucket in use moves to the first free place from its home: the places
    // before it in its sequence are final by then (linear probing's deletion, for all at once).
    const std::size_t mask = m_buckets.size() - 1;
    for (std::size_t k = 1; k <= mask; ++k) {
        const std::size_t i = (freePlace + k) & mask;
        if (m_buckets[i].count == 0)
            continue;
        std::size_t j = homeOf(m_buckets[i].key, m_buckets[i].tag, mask);
        while (j != i && m_buckets[j].count != 0)
            j = (j + 1) & mask;
        if (j != i) {
            m_buckets[j] = m_buckets[i];
            m_buckets[i].count = 0;
        }
    }
}

void TranspositionTable::store(std::uint64_t key, int tricksLeft, const TtEntry &entry)
{
    // A split bucket's entry that fixes the owner of every suit's top card goes to the sub-bucket
    // of those owners. (A bucket and its sub-buckets have the same tricks left, so they are
    // evicted together.)
    const std::size_t home = slotOf(key);
    unsigned tag = 0;
    if (m_buckets[home].count >= splitEntries) {
        bool fixed = true;
        for (int s = 0; s < 4; ++s)
            fixed &= !((entry.suits >> s) & 1) || (entry.masks[s] >> 30) == 3;
        if (fixed)
            tag = subBucket | topOwners(entry.owners);
    }
    storeIn(key, tag, tricksLeft, entry, tag == 0 ? home : slotOf(key, tag));
}

void TranspositionTable::storeIn(std::uint64_t key, unsigned tag, int tricksLeft,
                                 const TtEntry &entry, std::size_t slot)
{
    // Step 1. Find or make the bucket (at `slot`, slotOf(key, tag)); a half-full bucket array
    // doubles. When the memory for the new bucket array or block would pass the limit, older
    // entries make room.
    Bucket *b = &m_buckets[slot];
    if (b->count == 0 && (m_used + 1) * 2 > m_buckets.size()) {
        if (m_bytes + 2 * m_buckets.size() * sizeof(Bucket) > m_maxBytes) {
            if (m_used == 0)
                return; // the limit leaves no room for a larger bucket array
            evict();
            return store(key, tricksLeft, entry);
        }
        m_bytes += m_buckets.size() * sizeof(Bucket);
        m_peakBytes = std::max(m_peakBytes, m_bytes);
        grow();
        b = &m_buckets[slotOf(key, tag)];
    }
    const std::uint32_t blk = b->count / blockSize;
    if (blk == (b->count == 0 ? 0 : capacityOf(b->sizeClass))) {
        // A new array, the next size up, and the old one freed for another bucket.
        const int sizeClass = b->count == 0 ? 0 : b->sizeClass + 1;
        const std::uint32_t first = allocate(sizeClass);
        if (first == noBlock) {
            if (m_used == 0)
                return; // the limit leaves no room for a single block
            evict();
            return store(key, tricksLeft, entry);
        }
        if (b->count != 0) {
            std::memcpy(&m_arena[first], &m_arena[b->first], blk * sizeof(Block));
            release(b->first, b->sizeClass);
        }
        b->first = first;
        b->sizeClass = static_cast<std::uint8_t>(sizeClass);
    }
    // Step 2. Insert.
    if (b->count == 0) {
        b->key = key;
        b->tag = static_cast<std::uint16_t>(tag);
        b->tricksLeft = static_cast<std::uint8_t>(tricksLeft);
        ++m_used;
    }
    Block &block = m_arena[b->first + blk];
    const std::uint32_t j = b->count++ % blockSize;
    for (int s = 0; s < 4; ++s)
        block.words[s][j] = packWord(entry.owners[s], entry.masks[s]);
    block.lower[j] = entry.lower;
    block.upper[j] = entry.upper;
    block.bestMove[j] = entry.bestMove;
}

} // namespace tenace::core::detail
