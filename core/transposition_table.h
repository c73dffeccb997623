#pragma once

// The transposition table of the double-dummy search: bounds on the tricks North-South take from
// a trick-start position, stored for *sets* of positions (partition search). A position is
// described by the exact suit lengths of the four hands plus the leader (the bucket key) and, per
// suit, the owner of each remaining card by relative rank (2 bits per card, top card in the top
// bits). An entry only constrains the top `relevant[s]` relative ranks of suit s: positions that
// agree on them share the entry's bounds, because no lower card won a trick by rank in the search
// that proved them.
//
// Memory is bounded: entries live in blocks allocated a page at a time; when a new page would pass
// the byte limit, the table is emptied and its pages reused (the limit is never exceeded). Not
// thread-safe: one table per search thread.

#include <cstddef>
#include <cstdint>
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
    std::uint8_t pad = 0;
};

class TranspositionTable
{
public:
    explicit TranspositionTable(std::size_t maxBytes);

    // Finds an entry matching `pattern` in bucket `key` whose bounds decide the question "do
    // North-South take at least `nsNeed` tricks?" and copies it to `found`; false when none
    // does. Otherwise `bestMove` receives the best move of the newest matching entry that has one
    // (else stays unchanged).
    bool find(std::uint64_t key, const TtPattern &pattern, int nsNeed, TtEntry &found,
              int &bestMove) const;
    void store(std::uint64_t key, const TtEntry &entry);
    // Forgets every entry and returns the memory.
    void clear();
    // Forgets every entry and keeps the memory for the next ones.
    void reset();

    std::size_t bytesUsed() const { return m_bytes; }
    std::size_t maxBytes() const { return m_maxBytes; }
    std::size_t peakBytes() const { return m_peakBytes; }

private:
    struct Bucket
    {
        std::uint64_t key;
        std::uint32_t first; // index of the first entry block in m_blocks, or npos
    };
    static constexpr std::uint32_t npos = 0xffffffffu;
    static constexpr int blockSize = 8; // entries per block

    // Entries by field (structure of arrays), so that matching a pattern against the whole block
    // is a few vector operations.
    struct Block
    {
        std::uint32_t owners[4][blockSize];
        std::uint32_t masks[4][blockSize];
        std::int8_t lower[blockSize];
        std::int8_t upper[blockSize];
        std::uint8_t bestMove[blockSize];
        std::uint32_t next; // older block of the same bucket, or npos
        std::uint32_t count;
    };

    static constexpr std::uint32_t pageBlocks = 512;

    std::size_t slotOf(std::uint64_t key) const;
    void grow();
    Block &block(std::uint32_t i) { return m_pages[i / pageBlocks][i % pageBlocks]; }
    const Block &block(std::uint32_t i) const { return m_pages[i / pageBlocks][i % pageBlocks]; }
    bool newBlock(Bucket &bucket);
    void updateBytes();

    std::vector<Bucket> m_buckets; // open addressing, power-of-two size
    std::vector<std::unique_ptr<Block[]>> m_pages;
    std::uint32_t m_blockCount = 0; // blocks in use, in page order
    std::size_t m_used = 0; // buckets in use
    std::size_t m_bytes = 0;
    std::size_t m_maxBytes;
    std::size_t m_peakBytes = 0;
};

} // namespace tenace::core::detail
