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

} // namespace

TranspositionTable::TranspositionTable(std::size_t maxBytes) : m_maxBytes(maxBytes)
{
    clear();
}

void TranspositionTable::clear()
{
    m_pages.clear();
    m_pages.shrink_to_fit();
    reset();
}

void TranspositionTable::reset()
{
    m_buckets.assign(initialBuckets, Bucket {0, npos});
    m_buckets.shrink_to_fit();
    m_blockCount = 0;
    m_used = 0;
    updateBytes();
}

void TranspositionTable::updateBytes()
{
    m_bytes = m_buckets.capacity() * sizeof(Bucket) + m_pages.size() * pageBlocks * sizeof(Block);
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

bool TranspositionTable::find(std::uint64_t key, const TtPattern &pattern, int nsNeed,
                              TtEntry &found, int &bestMove) const
{
    bool haveMove = false;
    const Bucket &b = m_buckets[slotOf(key)];
    for (std::uint32_t blk = b.first; blk != npos; blk = block(blk).next) {
        const Block &block = this->block(blk);
        // Mismatch bits of every entry of the block at once (unused slots are never read).
        std::uint32_t mismatch[blockSize];
        for (int i = 0; i < blockSize; ++i) {
            mismatch[i] = ((block.owners[0][i] ^ pattern.owners[0]) & block.masks[0][i]) |
                ((block.owners[1][i] ^ pattern.owners[1]) & block.masks[1][i]) |
                ((block.owners[2][i] ^ pattern.owners[2]) & block.masks[2][i]) |
                ((block.owners[3][i] ^ pattern.owners[3]) & block.masks[3][i]);
        }
        for (int i = static_cast<int>(block.count) - 1; i >= 0; --i) {
            if (mismatch[i])
                continue;
            if (block.lower[i] >= nsNeed || block.upper[i] < nsNeed) {
                for (int s = 0; s < 4; ++s) {
                    found.owners[s] = block.owners[s][i];
                    found.masks[s] = block.masks[s][i];
                }
                found.lower = block.lower[i];
                found.upper = block.upper[i];
                found.bestMove = block.bestMove[i];
                return true;
            }
            if (!haveMove && block.bestMove[i] != 0xff) {
                bestMove = block.bestMove[i];
                haveMove = true;
            }
        }
    }
    return false;
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

// Puts a new, empty block at the head of `bucket`; false when the memory limit leaves no room.
bool TranspositionTable::newBlock(Bucket &bucket)
{
    if (m_blockCount == m_pages.size() * pageBlocks) {
        if (m_bytes + pageBlocks * sizeof(Block) > m_maxBytes)
            return false;
        m_pages.push_back(std::make_unique<Block[]>(pageBlocks));
        updateBytes();
    }
    const std::uint32_t i = m_blockCount++;
    Block &b = block(i);
    b.next = bucket.first;
    b.count = 0;
    bucket.first = i;
    return true;
}

void TranspositionTable::store(std::uint64_t key, const TtEntry &entry)
{
    // Step 1. Find or make the bucket; a full bucket array doubles, or the table starts over when
    // doubling would pass the limit.
    Bucket *b = &m_buckets[slotOf(key)];
    if (b->first == npos && (m_used + 1) * 2 > m_buckets.size()) {
        if (m_bytes + m_buckets.size() * sizeof(Bucket) > m_maxBytes)
            reset();
        else
            grow();
        updateBytes();
        b = &m_buckets[slotOf(key)];
    }
    bool fresh = b->first == npos;
    // Step 2. Find or make room in the bucket's newest block; when no page can be added, the
    // table starts over in the pages it has.
    if (fresh || block(b->first).count == blockSize) {
        if (!newBlock(*b)) {
            reset();
            b = &m_buckets[slotOf(key)];
            fresh = true;
            if (!newBlock(*b))
                return; // the limit is below one page: nothing can be stored
        }
    }
    if (fresh) {
        b->key = key;
        ++m_used;
    }
    // Step 3. Insert.
    Block &blk = block(b->first);
    const std::uint32_t i = blk.count++;
    for (int s = 0; s < 4; ++s) {
        blk.owners[s][i] = entry.owners[s];
        blk.masks[s][i] = entry.masks[s];
    }
    blk.lower[i] = entry.lower;
    blk.upper[i] = entry.upper;
    blk.bestMove[i] = entry.bestMove;
}

} // namespace tenace::core::detail
