#pragma once
// What every harness of tests/fuzz shares. Each harness defines LLVMFuzzerTestOneInput; it is
// linked either with libFuzzer (preset `fuzz`, scripts/fuzz.sh) or with FuzzReplayMain.cpp,
// which feeds it every file of the corpus and regressions in the normal test builds.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace tessera::fuzz {

inline std::string_view asText(const uint8_t* data, size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// A broken invariant is a finding: abort, so libFuzzer saves the input as a crash.
inline void require(bool condition, const char* what) {
    if (!condition) {
        std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
        std::abort();
    }
}

} // namespace tessera::fuzz
