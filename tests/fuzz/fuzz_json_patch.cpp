// The patches `tessera serve` applies (JSON merge patch and strategic merge patch). The input is
// JSON: an array [target, patch] patches the target; an object is applied as a patch to a Job.
#include "FuzzTarget.h"
#include "serve/JsonPatch.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace tessera;

namespace {

const QJsonObject& sampleJob() {
    static const QJsonObject job = QJsonDocument::fromJson(R"({"apiVersion":"batch/v1","kind":"Job",
          "metadata":{"name":"j","labels":{"a":"b"}},
          "spec":{"completions":3,"completionMode":"Indexed","template":{"spec":{
            "containers":[{"name":"c","image":"busybox","env":[{"name":"A","value":"1"}],
                           "ports":[{"name":"http","containerPort":80}]}],
            "volumes":[{"name":"v","emptyDir":{}}]}}},
          "status":{"conditions":[{"type":"Complete","status":"True"}]}})")
                                       .object();
    return job;
}

void apply(const QJsonObject& target, const QJsonObject& patch) {
    const QJsonObject merged = serve::applyMergePatch(target, patch);
    (void)QJsonDocument(merged).toJson(QJsonDocument::Compact);
    const auto strategic = serve::applyStrategicMergePatch(target, patch);
    if (strategic)
        (void)QJsonDocument(*strategic).toJson(QJsonDocument::Compact);
    else
        fuzz::require(strategic.error().code >= 400, "a rejected patch is a 4xx");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QJsonDocument doc = QJsonDocument::fromJson(
        QByteArray(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size)));
    if (doc.isObject()) {
        apply(sampleJob(), doc.object());
    } else if (doc.isArray()) {
        const QJsonArray pair = doc.array();
        if (pair.size() == 2 && pair[0].isObject() && pair[1].isObject())
            apply(pair[0].toObject(), pair[1].toObject());
    }
    return 0;
}
