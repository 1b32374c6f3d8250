#include "InputRules.h"

#include "Decode.h"
#include "PathText.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace tessera::codec {

namespace {

enum ByteClass : unsigned char { Plain, Quote, Open, Close };

constexpr std::array<unsigned char, 256> byteClasses() {
    std::array<unsigned char, 256> classes{};
    classes[static_cast<unsigned char>('"')] = Quote;
    classes[static_cast<unsigned char>('{')] = Open;
    classes[static_cast<unsigned char>('[')] = Open;
    classes[static_cast<unsigned char>('}')] = Close;
    classes[static_cast<unsigned char>(']')] = Close;
    return classes;
}
constexpr std::array<unsigned char, 256> kByteClass = byteClasses();

// After the opening quote at p[-1]: the position after the closing quote, or end.
const char* skipString(const char* p, const char* end) {
    while (p < end) {
        const auto* quote = static_cast<const char*>(std::memchr(p, '"', end - p));
        if (quote == nullptr)
            return end;
        const char* backslashes = quote;
        while (backslashes > p && backslashes[-1] == '\\')
            --backslashes;
        p = quote + 1;
        if ((quote - backslashes) % 2 == 0)
            return p;
    }
    return end;
}

// Where a scan stands: the next byte, the levels open, and the offset of the first bracket past
// the limit once found.
struct Scan {
    const char* p = nullptr;
    std::size_t depth = 0;
    std::size_t tooDeepAt = std::string_view::npos;
};

// Scans one byte at a time from scan.p (not inside a string) up to at least `until`: a string
// that starts before it is skipped whole.
void scanBytes(std::string_view json, Scan& scan, const char* until, std::size_t maxDepth) {
    const char* const end = json.data() + json.size();
    while (scan.p < until) {
        switch (kByteClass[static_cast<unsigned char>(*scan.p++)]) {
        case Plain:
            break;
        case Quote:
            scan.p = skipString(scan.p, end);
            break;
        case Open:
            if (++scan.depth > maxDepth) {
                scan.tooDeepAt = static_cast<std::size_t>(scan.p - 1 - json.data());
                return;
            }
            break;
        case Close:
            if (scan.depth > 0)
                --scan.depth;
            break;
        }
    }
}

#if defined(__SSE2__)

// The four kinds of byte the scan looks at in 64 bytes, as bit masks (bit i: byte i).
struct BlockMasks {
    uint64_t quotes = 0, backslashes = 0, opens = 0, closes = 0;
};

BlockMasks blockMasks(const char* p) {
    // '{' and '[' differ only in bit 0x20, as do '}' and ']'.
    const __m128i caseBit = _mm_set1_epi8(0x20);
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
    const __m128i open = _mm_set1_epi8('{'), close = _mm_set1_epi8('}');
    BlockMasks m;
    for (std::ptrdiff_t k = 0; k < 4; ++k) {
        const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
        const __m128i folded = _mm_or_si128(bytes, caseBit);
        const auto bits = [k](__m128i equal) {
            return static_cast<uint64_t>(static_cast<uint32_t>(_mm_movemask_epi8(equal)))
                   << (16 * k);
        };
        m.quotes |= bits(_mm_cmpeq_epi8(bytes, quote));
        m.backslashes |= bits(_mm_cmpeq_epi8(bytes, backslash));
        m.opens |= bits(_mm_cmpeq_epi8(folded, open));
        m.closes |= bits(_mm_cmpeq_epi8(folded, close));
    }
    return m;
}

// Bit i set where an odd number of quotes is at or before i: the inside of strings, with the
// opening quote (a prefix XOR).
uint64_t prefixXor(uint64_t bits) {
    for (int shift = 1; shift < 64; shift *= 2)
        bits ^= bits << shift;
    return bits;
}

#endif

// Byte offset of the first bracket that opens level maxDepth + 1, or npos: the pass every
// document goes through, so it keeps no path. With SSE2 (part of x86-64) 64 bytes at a time:
// quotes, brackets and backslashes become bit masks and the inside of strings is a prefix XOR of
// the quotes; a block with a backslash (escapes are rare in Kubernetes JSON) is scanned byte by
// byte. 3.8 ms of CPU instead of 8.2 ms for the 21 MB `tessera reconcile` benchmark document,
// whose whole decode takes 29 ms (BM_JsonNesting in tessera_bench_codec, docs/RELIABILITY.md).
std::size_t firstTooDeep(std::string_view json, std::size_t maxDepth) {
    Scan scan{json.data()};
    const char* const end = json.data() + json.size();
#if defined(__SSE2__)
    bool inString = false; // a string continues from the previous block
    while (end - scan.p >= 64) {
        const BlockMasks m = blockMasks(scan.p);
        if (m.backslashes != 0) {
            if (inString)
                scan.p = skipString(scan.p, end);
            inString = false;
            scanBytes(json, scan, std::min(scan.p + 64, end), maxDepth);
            if (scan.tooDeepAt != std::string_view::npos)
                return scan.tooDeepAt;
            continue;
        }
        const uint64_t strings = prefixXor(m.quotes) ^ (inString ? ~uint64_t{0} : 0);
        inString = (strings >> 63 & 1) != 0;
        const uint64_t opens = m.opens & ~strings;
        const uint64_t closes = m.closes & ~strings;
        const auto opened = static_cast<std::size_t>(std::popcount(opens));
        const auto closed = static_cast<std::size_t>(std::popcount(closes));
        if (scan.depth + opened <= maxDepth && closed <= scan.depth) {
            scan.depth = scan.depth + opened - closed;
        } else {
            // In order, as the byte scan counts (never below zero, stop past the limit).
            for (uint64_t brackets = opens | closes; brackets != 0; brackets &= brackets - 1) {
                const int bit = std::countr_zero(brackets);
                if ((opens >> bit & 1) == 0) {
                    scan.depth -= scan.depth > 0 ? 1 : 0;
                } else if (++scan.depth > maxDepth) {
                    return static_cast<std::size_t>(scan.p - json.data()) +
                           static_cast<std::size_t>(bit);
                }
            }
        }
        scan.p += 64;
    }
    if (inString)
        scan.p = skipString(scan.p, end);
#endif
    scanBytes(json, scan, end, maxDepth);
    return scan.tooDeepAt;
}

// The JSON path of the value that starts at `offset` (a bracket found by firstTooDeep): a second,
// slower pass that remembers the key or index of every open level.
std::string pathAt(std::string_view json, std::size_t offset) {
    struct Level {
        bool object = false;
        bool expectingKey = false;
        long index = 0;
        std::string_view key;
    };
    std::vector<Level> open;
    const char* const begin = json.data();
    const char* p = begin;
    const char* const target = begin + offset;
    while (p < target) {
        const char c = *p++;
        switch (c) {
        case '"': {
            const char* start = p;
            p = skipString(p, target);
            if (!open.empty() && open.back().object && open.back().expectingKey) {
                open.back().key = std::string_view(start, static_cast<std::size_t>(p - 1 - start));
                open.back().expectingKey = false;
            }
            break;
        }
        case '{':
            open.push_back(Level{true, true, 0, {}});
            break;
        case '[':
            open.push_back(Level{false, false, 0, {}});
            break;
        case '}':
        case ']':
            if (!open.empty())
                open.pop_back();
            break;
        case ',':
            if (!open.empty()) {
                ++open.back().index;
                open.back().expectingKey = open.back().object;
            }
            break;
        default:
            break;
        }
    }
    std::string path;
    for (const Level& level : open) {
        if (level.object)
            detail::appendPathKey(path, level.key);
        else
            detail::appendPathIndex(path, level.index);
    }
    return path;
}

} // namespace

std::string nestingMessage(std::size_t maxDepth) {
    return "nested more than " + std::to_string(maxDepth) +
           " levels deep (the limit of every JSON and YAML reader)";
}

std::string duplicateFieldMessage(std::string_view path) {
    return "duplicate field \"" + std::string(path) + "\"";
}

std::optional<engine::Error> checkJsonNesting(std::string_view json, std::size_t maxDepth) {
    const std::size_t at = firstTooDeep(json, maxDepth);
    if (at == std::string_view::npos)
        return std::nullopt;
    engine::Error e;
    e.message = nestingMessage(maxDepth);
    e.field = pathAt(json, at);
    e.position = static_cast<long>(at);
    lineColumn(json, e.position, e.line, e.column);
    return e;
}

} // namespace tessera::codec
