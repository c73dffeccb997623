#include "core/transposition_table.h"

namespace tenace::core::detail {

namespace {

constexpr std::size_t initialBuckets = 1024;

std::uint64_t mix(std::uint64_t x)
{
    x ^= x >> 31;
    x *= 0x7fb5d329728ea185ull;
    x ^= x >> 27;
    x *= 0x81dadef4bc2dd44dull;
    x ^= x >> 33;
    return x;
}

bool matches(const TtEntry &e, const TtPattern &p)
{
    return (((e.owners[0] ^ p.owners[0]) & e.masks[0]) |
            ((e.owners[1] ^ p.owners[1]) & e.masks[1]) |
            ((e.owners[2] ^ p.owners[2]) & e.masks[2]) |
            ((e.owners[3] ^ p.owners[3]) & e.masks[3])) == 0;
}

} // namespace

TranspositionTable::TranspositionTable(std::size_t maxBytes) : m_maxBytes(maxBytes)
{
    clear();
}

void TranspositionTable::clear()
{
    m_buckets.assign(initialBuckets, Bucket {0, npos});
    m_buckets.shrink_to_fit();
    m_blocks.clear();
    m_blocks.shrink_to_fit();
    m_used = 0;
    m_bytes = m_buckets.capacity() * sizeof(Bucket);
    if (m_bytes > m_peakBytes)
        m_peakBytes = m_bytes;
}

std::size_t TranspositionTable::slotOf(std::uint64_t key) const
{
    const std::size_t mask = m_buckets.size() - 1;
    std::size_t i = mix(key) & mask;
    while (m_buckets[i].first != npos && m_buckets[i].key != key)
        i = (i + 1) & mask;
    return i;
}

const TtEntry *TranspositionTable::find(std::uint64_t key, const TtPattern &pattern, int nsNeed,
                                        int &bestMove) const
{
    bool haveMove = false;
    const Bucket &b = m_buckets[slotOf(key)];
    for (std::uint32_t blk = b.first; blk != npos; blk = m_blocks[blk].next) {
        const Block &block = m_blocks[blk];
        for (int i = static_cast<int>(block.count) - 1; i >= 0; --i) {
            const TtEntry &e = block.entries[i];
            const bool decisive = e.lower >= nsNeed || e.upper < nsNeed;
            if (!decisive && (haveMove || e.bestMove == 0xff))
                continue;
            if (!matches(e, pattern))
                continue;
            if (decisive)
                return &e;
            bestMove = e.bestMove;
            haveMove = true;
        }
    }
    return nullptr;
}

void TranspositionTable::grow()
{
    std::vector<Bucket> old = std::move(m_buckets);
    m_buckets.assign(old.size() * 2, Bucket {0, npos});
    for (const Bucket &b : old) {
        if (b.first != npos)
            m_buckets[slotOf(b.key)] = b;
    }
}

void TranspositionTable::store(std::uint64_t key, const TtEntry &entry)
{
    // Step 1. Make room: a new block costs sizeof(Block) (plus vector slack, accounted by
    // capacity), a table growth the new bucket array. Clear when the limit would be passed.
    std::size_t slot = slotOf(key);
    Bucket *b = &m_buckets[slot];
    const bool newBucket = b->first == npos;
    const bool newBlock = newBucket || m_blocks[b->first].count == blockSize;
    if (newBucket && (m_used + 1) * 2 > m_buckets.size()) {
        const std::size_t extra = m_buckets.size() * 2 * sizeof(Bucket);
        if (m_bytes + extra > m_maxBytes) {
            clear();
        } else {
            grow();
        }
        slot = slotOf(key);
        b = &m_buckets[slot];
    }
    if (newBlock && m_blocks.size() == m_blocks.capacity()) {
        const std::size_t newCap = m_blocks.empty() ? 256 : m_blocks.capacity() * 2;
        const std::size_t extra = newCap * sizeof(Block);
        if (m_bytes + extra > m_maxBytes) {
            clear();
            slot = slotOf(key);
            b = &m_buckets[slot];
        }
        m_blocks.reserve(m_blocks.empty() ? 256 : m_blocks.capacity() * 2);
    }
    // Step 2. Insert.
    if (b->first == npos) {
        b->key = key;
        ++m_used;
    }
    if (b->first == npos || m_blocks[b->first].count == blockSize) {
        Block block {};
        block.next = b->first;
        block.count = 0;
        m_blocks.push_back(block);
        b->first = static_cast<std::uint32_t>(m_blocks.size() - 1);
    }
    Block &block = m_blocks[b->first];
    block.entries[block.count++] = entry;
    m_bytes = m_buckets.capacity() * sizeof(Bucket) + m_blocks.capacity() * sizeof(Block);
    if (m_bytes > m_peakBytes)
        m_peakBytes = m_bytes;
}

} // namespace tenace::core::detail
