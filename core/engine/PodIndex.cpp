#include "PodIndex.h"

#include <charconv>
#include <limits>

namespace tessera::engine {

namespace {

constexpr std::size_t kMaxGeneratedNameLength = 58;

// Go's strconv.Atoi: optional sign, then decimal digits only.
std::optional<int64_t> parseDecimal(std::string_view text) {
    if (text.empty())
        return std::nullopt;
    bool negative = false;
    if (text.front() == '+' || text.front() == '-') {
        negative = text.front() == '-';
        text.remove_prefix(1);
    }
    // One sign only: from_chars would take a second '-' ("--5") that Atoi rejects.
    if (text.empty() || text.front() < '0' || text.front() > '9')
        return std::nullopt;
    int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (end != text.data() + text.size())
        return std::nullopt;
    if (ec == std::errc::result_out_of_range)
        return negative ? std::numeric_limits<int64_t>::min() : std::numeric_limits<int64_t>::max();
    if (ec != std::errc())
        return std::nullopt;
    return negative ? -value : value;
}

int32_t parseFailureCount(const std::optional<std::string>& annotation) {
    if (!annotation)
        return 0;
    const auto value = parseDecimal(*annotation);
    if (!value || *value < 0 || *value > std::numeric_limits<int32_t>::max())
        return 0;
    return static_cast<int32_t>(*value);
}

} // namespace

int32_t parseCompletionIndex(std::string_view text) {
    // The annotation the controller writes: up to nine plain digits, which always fit. The
    // reconciler reads it for every pod in every sync, so this case skips the general parse.
    constexpr std::size_t kDigitsThatFit = 9;
    if (!text.empty() && text.size() <= kDigitsThatFit) {
        uint32_t value = 0; // unsigned: a non-digit may wrap it before the result is dropped
        bool digitsOnly = true;
        for (const char c : text) {
            const auto digit = static_cast<unsigned char>(c - '0');
            digitsOnly = digitsOnly && digit <= 9;
            value = value * 10 + digit;
        }
        if (digitsOnly)
            return static_cast<int32_t>(value);
    }
    const auto value = parseDecimal(text);
    if (!value || *value < 0)
        return kUnknownCompletionIndex;
    if (*value > std::numeric_limits<int32_t>::max())
        return std::numeric_limits<int32_t>::max();
    return static_cast<int32_t>(*value);
}

int32_t completionIndexOf(const Pod& pod) {
    if (!pod.completionIndexAnnotation)
        return kUnknownCompletionIndex;
    return parseCompletionIndex(*pod.completionIndexAnnotation);
}

int32_t indexFailureCountOf(const Pod& pod) {
    return parseFailureCount(pod.failureCountAnnotation);
}

int32_t indexIgnoredFailureCountOf(const Pod& pod) {
    return parseFailureCount(pod.ignoredFailureCountAnnotation);
}

int64_t indexAbsoluteFailureCountOf(const Pod& pod) {
    return int64_t{indexFailureCountOf(pod)} + indexIgnoredFailureCountOf(pod);
}

std::string podGenerateName(std::string_view jobName, int32_t index) {
    if (index < 0)
        return std::string(jobName) + "-";
    const std::string tail = "-" + std::to_string(index) + "-";
    std::string prefix(jobName);
    if (prefix.size() + tail.size() > kMaxGeneratedNameLength)
        prefix.resize(kMaxGeneratedNameLength - tail.size());
    return prefix + tail;
}

std::string podHostname(std::string_view jobName, int32_t index) {
    return std::string(jobName) + "-" + std::to_string(index);
}

std::string podNameSuffix(uint64_t seed) {
    // The alphabet of k8s.io/apimachinery rand.String: no vowels, no confusable characters.
    static constexpr std::string_view kAlphabet = "bcdfghjklmnpqrstvwxz2456789";
    // splitmix64 finaliser: spreads nearby seeds (consecutive indexes) over the whole range.
    uint64_t z = seed + 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    std::string out(5, ' ');
    for (char& c : out) {
        c = kAlphabet[z % kAlphabet.size()];
        z /= kAlphabet.size();
    }
    return out;
}

} // namespace tessera::engine
