// Manifests as `tessera simulate`, `run --job`, `report` and the Launch dialog read them: YAML (one
// or more documents, anchors, merge keys, Lists) or JSON, then each Job or Pod decoded and its
// errors mapped back into the source text; each Job through the one validation gate.
#include "FuzzTarget.h"
#include "codec/Decode.h"
#include "codec/ManifestValidation.h"
#include "codec/Manifests.h"

using namespace tessera;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const auto manifests = codec::parseManifests(fuzz::asText(data, size), "fuzz.yaml");
    if (!manifests.ok()) {
        fuzz::require(manifests.error().message.rfind("fuzz.yaml:", 0) == 0,
                      "a manifest error starts with the file name");
        return 0;
    }
    for (const codec::Manifest& m : *manifests) {
        if (m.kind == "Pod") {
            const auto pod = codec::decodePod(m.json);
            if (!pod.ok())
                (void)m.describe(m.locate(pod.error()));
        } else {
            const auto job = codec::decodeJob(m.json);
            if (!job.ok())
                (void)m.describe(m.locate(job.error()));
            // The one Job gate walks the whole pod template (probes, security contexts,
            // affinity, owner references) of whatever decoded.
            (void)codec::describeRefusal(m, codec::validateJobManifest(m.json));
        }
    }
    return 0;
}
