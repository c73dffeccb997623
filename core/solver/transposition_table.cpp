#include "core/solver/transposition_table.h"

#include <algorithm>
#include <bit>
#include <cassert>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace tenace::core::detail {

namespace {

constexpr std::size_t initialBuckets = 1024;
// What the allocator adds to each bucket's array (its header and alignment), counted against the
// memory limit with the array itself.
constexpr std::size_t allocationOverhead = 16;

std::uint64_t mix(std::uint64_t x)
{
    x ^= x >> 29;
    x *= 0x9e3779b97f4a7c15ull;
    return x ^ (x >> 32);
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
    m_buckets = std::vector<Bucket>(initialBuckets);
    m_used = 0;
    m_bytes = m_buckets.size() * sizeof(Bucket);
    m_peakBytes = std::max(m_peakBytes, m_bytes);
}

std::size_t TranspositionTable::slotOf(std::uint64_t key, unsigned tag) const
{
    const std::size_t mask = m_buckets.size() - 1;
    std::size_t i = mix(key ^ (std::uint64_t {tag} << 48)) & mask;
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
    __builtin_prefetch(&m_buckets[mix(key) & (m_buckets.size() - 1)]);
}

// Copies to `out` the entries of `b` that match `pattern` and whose bounds decide whether
// North-South take `nsNeed` tricks, newest first and at most `max`; returns how many.
int TranspositionTable::deciding(const Bucket &b, const TtPattern &pattern, int nsNeed,
                                 TtEntry *out, int max)
{
    if (b.count == 0)
        return 0;
    int n = 0;
    int i = static_cast<int>(b.count) - 1;
    for (int blk = i / blockSize; blk >= 0 && n < max; --blk) {
        const Block &block = b.blocks[static_cast<std::size_t>(blk)];
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
            const Block &block = x->blocks[static_cast<std::size_t>(k / blockSize)];
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
    for (Bucket &b : old) {
        if (b.count != 0)
            m_buckets[slotOf(b.key, b.tag)] = std::move(b);
    }
}

void TranspositionTable::account(std::size_t oldCapacity, std::size_t newCapacity)
{
    m_bytes +=
        (newCapacity - oldCapacity) * sizeof(Block) + (oldCapacity == 0 ? allocationOverhead : 0);
    m_peakBytes = std::max(m_peakBytes, m_bytes);
}

// Empties the buckets of the fewest tricks left until at least half the memory of the entries is
// free (and at least a bucket array's worth, so that rebuilding the array from the others, after
// their memory is returned, stays within the limit).
void TranspositionTable::evict()
{
    std::size_t bytesByTricks[14] = {};
    std::size_t total = 0;
    for (const Bucket &b : m_buckets) {
        if (b.count != 0) {
            const std::size_t bytes = b.blocks.capacity() * sizeof(Block) + allocationOverhead;
            bytesByTricks[b.tricksLeft] += bytes;
            total += bytes;
        }
    }
    const std::size_t arrayBytes = m_buckets.size() * sizeof(Bucket);
    int upTo = 0; // buckets with at most this many tricks left go
    for (std::size_t freed = 0; upTo < 13 && (2 * freed < total || freed < arrayBytes);)
        freed += bytesByTricks[++upTo];
    for (Bucket &b : m_buckets) {
        if (b.count != 0 && b.tricksLeft <= upTo) {
            b.count = 0;
            std::vector<Block>().swap(b.blocks);
        }
    }
    std::vector<Bucket> old = std::move(m_buckets);
#if defined(__GLIBC__)
    // The freed blocks are scattered through the heap; without this the process keeps them (up to
    // 15 MB more resident memory on a freak deal at the 48 MB limit).
    malloc_trim(0);
#endif
    m_buckets = std::vector<Bucket>(old.size());
    m_used = 0;
    m_bytes = arrayBytes;
    for (Bucket &b : old) {
        if (b.count == 0)
            continue;
        m_bytes += b.blocks.capacity() * sizeof(Block) + allocationOverhead;
        ++m_used;
        m_buckets[slotOf(b.key, b.tag)] = std::move(b);
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
    const std::size_t blk = b->count / blockSize;
    if (blk == b->blocks.size()) {
        const std::size_t capacity = b->blocks.capacity();
        if (blk == capacity) {
            const std::size_t wanted = capacity + std::max<std::size_t>(1, capacity / 2);
            // While the array moves, the old and the new one are both allocated.
            if (m_bytes + wanted * sizeof(Block) + allocationOverhead > m_maxBytes) {
                if (m_used == 0)
                    return; // the limit leaves no room for a single block
                evict();
                return store(key, tricksLeft, entry);
            }
            b->blocks.reserve(wanted);
            account(capacity, b->blocks.capacity());
        }
        b->blocks.emplace_back();
    }
    // Step 2. Insert.
    if (b->count == 0) {
        b->key = key;
        b->tag = static_cast<std::uint16_t>(tag);
        b->tricksLeft = static_cast<std::uint8_t>(tricksLeft);
        ++m_used;
    }
    Block &block = b->blocks[blk];
    const std::uint32_t j = b->count++ % blockSize;
    for (int s = 0; s < 4; ++s)
        block.words[s][j] = packWord(entry.owners[s], entry.masks[s]);
    block.lower[j] = entry.lower;
    block.upper[j] = entry.upper;
    block.bestMove[j] = entry.bestMove;
}

} // namespace tenace::core::detail
