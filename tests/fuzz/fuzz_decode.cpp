// Kubernetes JSON as the cluster client, the store and `tessera serve` decode it: Job, Pod, their
// lists, watch events and Status. Every decoder reads every input (each rejects a wrong `kind`).
#include "FuzzTarget.h"
#include "codec/Decode.h"

using namespace tessera;

namespace {

template <typename T> void check(const engine::Result<T>& r) {
    if (!r.ok())
        fuzz::require(!r.error().message.empty(), "an error says what is wrong");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text = fuzz::asText(data, size);
    check(codec::decodeJob(text));
    check(codec::decodePod(text));
    check(codec::decodeJobList(text));
    check(codec::decodePodList(text));
    check(codec::decodeJobWatchEvent(text));
    check(codec::decodePodWatchEvent(text));
    check(codec::decodeStatus(text));
    long line = 0;
    long column = 0;
    codec::lineColumn(text, static_cast<long>(size / 2), line, column);
    fuzz::require(line >= 1 && column >= 1, "lineColumn is 1-based");
    return 0;
}
