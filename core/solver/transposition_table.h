#pragma once

// The transposition table of the double-dummy search: bounds on the tricks North-South take from
// a trick-start position, stored for *sets* of positions (partition search). A position is
// described by the exact suit lengths of the four hands plus the leader (the bucket key) and, per
// suit, the owner of each remaining card by relative rank (2 bits per card, top card in the top
// bits). An entry only constrains the top `relevant[s]` relative ranks of suit s: positions that
// agree on them share the entry's bounds, because no lower card won a trick by rank in the search
// that proved them.
//
// A bucket of many entries (freak deals: thousands with the same lengths) splits: once it holds
// `splitEntries`, each new entry whose pattern fixes the owner of every suit's top card goes to a
// sub-bucket of those owners, and a lookup scans the bucket, then the sub-bucket of its pattern's
// owners only (the others cannot match it).
//
// Memory is bounded: each bucket keeps its entries in one growing array of blocks (so a lookup
// reads memory in sequence), cut from one arena: an array that grows leaves its old place to the
// next array of that size, and clear() empties the arena at once (no allocation or release per
// bucket). When an insert would pass the byte limit, the buckets of the positions nearest the end
// of the play (the most numerous, and the cheapest to search again) are emptied until at least
// half the entry memory is free, and the others' arrays are moved together at the start of the
// arena; the limit is never exceeded. Not thread-safe: one table per search thread.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <vector>

namespace tenace::core::detail {

struct TtPattern
{
    std::uint32_t owners[4]; // per suit, 2 bits per card, relative rank 0 (top) at bits 31..30
};

struct TtEntry
{
    std::uint32_t owners[4];
    std::uint32_t masks[4]; // per suit, which owner bits must match (top-aligned)
    std::int8_t lower; // North-South take at least this many of the tricks left
    std::int8_t upper; // ... and at most this many
    std::uint8_t bestMove; // card bit of the move that proved the bound, or 0xff
    std::uint8_t suits = 0; // the suits with cards left (bit s for suit s)
};

class TranspositionTable
{
public:
    explicit TranspositionTable(std::size_t maxBytes);

    // Finds an entry matching `pattern` in bucket `key` whose bounds decide the question "do
    // North-South take at least `nsNeed` tricks?" and copies it to `found`; false when none
    // does. Otherwise `bestMove` receives the best move of the newest entry of the bucket that has
    // one, whether it matches `pattern` or not (else stays unchanged): the same suit lengths and
    // leader with other ranks, where the lead that proved a bound last is the best first try.
    bool find(std::uint64_t key, const TtPattern &pattern, int nsNeed, TtEntry &found,
              int &bestMove) const;
    // Copies to `out` the entries of bucket `key` that match `pattern` and decide the question,
    // as find() would, newest first and at most `max`; returns how many.
    int findAll(std::uint64_t key, const TtPattern &pattern, int nsNeed, TtEntry *out,
                int max) const;
    // Stores `entry` in bucket `key`, a position with `tricksLeft` tricks to play.
    void store(std::uint64_t key, int tricksLeft, const TtEntry &entry);
    // Starts loading the memory a find() for `key` reads first.
    void prefetch(std::uint64_t key) const;
    void clear();

    std::size_t bytesUsed() const { return m_bytes; }
    std::size_t maxBytes() const { return m_maxBytes; }
    std::size_t peakBytes() const { return m_peakBytes; }

private:
    static constexpr int blockSize = 8; // entries per block
    // A bucket with this many entries splits (see above): on the second freak deal's spades, 115
    // blocks scanned per look-up without, 44 with; 64 rather than 16 or 256 (less time).
    static constexpr std::uint32_t splitEntries = 64;

    // Eight entries by field (structure of arrays), so that matching a pattern against a whole
    // block is a few vector operations. Each suit's owners and mask are one word: the owner bits
    // the mask keeps, and a marker bit just below the mask (bit 31 when the mask is empty), from
    // which the mask follows (all bits above the lowest set bit): 19 bytes an entry (35 with the
    // owners and masks apart), so the memory limit holds 1.84 times as many entries.
    struct Block
    {
        std::uint32_t words[4][blockSize];
        std::int8_t lower[blockSize];
        std::int8_t upper[blockSize];
        std::uint8_t bestMove[blockSize];
    };
    // 24 bytes (40 with a std::vector of blocks): the bucket array takes less of the memory limit.
    struct Bucket
    {
        std::uint64_t key = 0;
        std::uint32_t first = 0; // its blocks: the arena's blocks first .. first + capacity - 1
        std::uint32_t count = 0; // entries, oldest first; 0: the bucket is free and has no blocks
        // 0: the bucket of `key`; subBucket | owners: its sub-bucket of the entries fixing those
        // owners of the suits' top cards (2 bits a suit).
        std::uint16_t tag = 0;
        std::uint8_t tricksLeft = 0;
        std::uint8_t sizeClass = 0; // its capacity: capacityOf(sizeClass) blocks
    };
    static_assert(sizeof(Bucket) == 24);
    static constexpr unsigned subBucket = 0x100;
    // An array's capacity grows by half (1, 2, 3, 4, 6, 9, ... blocks): enough classes for any
    // arena a 32-bit block index can address.
    static constexpr int sizeClasses = 56;
    static constexpr std::uint32_t noBlock = 0xffffffffu;

    struct FreeArena
    {
        void operator()(Block *p) const { std::free(p); }
    };

    static unsigned matching(const Block &block, const TtPattern &pattern);
    int deciding(const Bucket &b, const TtPattern &pattern, int nsNeed, TtEntry *out,
                 int max) const;
    static std::uint32_t capacityOf(int sizeClass);
    const Block &blockOf(const Bucket &b, std::uint32_t i) const { return m_arena[b.first + i]; }
    std::size_t slotOf(std::uint64_t key, unsigned tag = 0) const;
    const Bucket *subBucketOf(const Bucket &b, const TtPattern &pattern) const;
    void storeIn(std::uint64_t key, unsigned tag, int tricksLeft, const TtEntry &entry,
                 std::size_t slot);
    void grow();
    std::uint32_t allocate(int sizeClass);
    void release(std::uint32_t first, int sizeClass);
    void evict();
    void compact(std::size_t freePlace);

    std::vector<Bucket> m_buckets; // open addressing, power-of-two size
    std::size_t m_used = 0; // buckets in use
    // The arena: m_arena[0 .. m_top - 1] handed out (bucket arrays and the free ones), the rest
    // reserved; grown by doubling up to the memory limit.
    std::unique_ptr<Block[], FreeArena> m_arena;
    std::uint32_t m_arenaBlocks = 0;
    std::uint32_t m_top = 0;
    // Per size class, the first free array (its next in its first word), or noBlock.
    std::array<std::uint32_t, sizeClasses> m_free {};
    std::size_t m_bytes = 0; // the bucket array and the arena's blocks handed out
    std::size_t m_maxBytes;
    std::size_t m_peakBytes = 0;
};

} // namespace tenace::core::detail
