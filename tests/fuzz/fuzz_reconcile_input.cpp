// `tessera reconcile`'s input ({"job": ..., "pods": [...], "now": ...}), decoded, validated and,
// when valid, reconciled and written as the command does: the whole path from bytes to plan.
#include "FuzzTarget.h"
#include "codec/Decode.h"
#include "codec/Encode.h"
#include "codec/JsonWriter.h"
#include "engine/Reconciler.h"
#include "engine/Validation.h"

using namespace tessera;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const auto input = codec::decodeReconcileInput(fuzz::asText(data, size));
    if (!input.ok())
        return 0;
    if (!engine::validateJob(input->job).empty())
        return 0;
    const engine::TimePoint now = input->now.value_or(engine::TimePoint{});
    const engine::Plan plan = engine::reconcile(input->job, input->pods, now);
    codec::JsonWriter w(0);
    codec::writePlan(w, plan);
    fuzz::require(!w.take().empty(), "a plan is written");
    return 0;
}
