// Index strings (status.completedIndexes, successPolicy succeededIndexes, --indexes): the
// controller's lenient reader and the API server's strict validation. The first byte picks
// `completions`; the rest is the text.
#include "FuzzTarget.h"
#include "engine/IndexSet.h"

#include <array>

using tessera::engine::IndexSet;
using tessera::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 1)
        return 0;
    static constexpr std::array<int32_t, 8> kCompletions = {0,      1,         2,       10,
                                                            100000, 999999999, 1 << 30, INT32_MAX};
    const int32_t completions = kCompletions[data[0] % kCompletions.size()];
    const std::string_view text = tessera::fuzz::asText(data + 1, size - 1);

    const IndexSet lenient = IndexSet::parseLenient(text, completions);
    require(lenient.empty() || (lenient.front() >= 0 && lenient.back() < completions),
            "lenient: every index is in [0, completions)");
    int64_t counted = 0;
    for (const auto& interval : lenient.intervals())
        counted += interval.size();
    require(counted == lenient.count(), "lenient: count() is the sum of the intervals");

    const auto strict = IndexSet::parseStrict(text, completions);
    if (strict.ok()) {
        require(strict->empty() || strict->back() < completions, "strict: below completions");
        // What the strict reader accepts, the lenient one reads the same way.
        require(*strict == lenient, "strict and lenient agree on valid text");
        // Formatting and reading back is the identity.
        const auto again = IndexSet::parseStrict(strict->toString(), completions);
        require(again.ok() && *again == *strict, "strict: toString() parses back to the set");
        require(lenient.unite(*strict) == lenient, "unite with itself");
        require(lenient.subtract(*strict).empty(), "subtract itself");
    }
    return 0;
}
