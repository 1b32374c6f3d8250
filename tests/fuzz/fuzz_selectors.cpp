// Label and field selectors as `tessera serve` reads the labelSelector / fieldSelector query
// parameters (and a Job's spec.selector object), matched against a Pod.
#include "FuzzTarget.h"
#include "serve/ApiSelectors.h"
#include "serve/FieldSelector.h"
#include "serve/LabelSelector.h"

#include <QJsonDocument>

using namespace tessera;

namespace {

const QJsonObject& samplePod() {
    static const QJsonObject pod = QJsonDocument::fromJson(R"({"apiVersion":"v1","kind":"Pod",
          "metadata":{"name":"p-0","namespace":"default",
            "labels":{"batch.kubernetes.io/job-name":"j","batch.kubernetes.io/job-completion-index":"0",
                      "app":"x"}},
          "spec":{"nodeName":"n1"},"status":{"phase":"Running"}})")
                                       .object();
    return pod;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const QString text = QString::fromUtf8(bytes);

    const auto labels = serve::LabelSelector::parse(text);
    if (labels) {
        (void)labels->matchesObject(samplePod());
    } else {
        fuzz::require(labels.error().code == 400, "a bad label selector is a 400");
    }

    const auto fields = serve::FieldSelector::parse(text);
    if (fields) {
        (void)fields->matches(samplePod());
        (void)fields->exactName();
    } else {
        fuzz::require(fields.error().code == 400, "a bad field selector is a 400");
    }

    // Checked against each kind's selectable fields: a known field or a 400, never more.
    for (const serve::ResourceInfo* kind : serve::servedResources()) {
        const auto checked = serve::FieldSelector::parse(text, *kind);
        if (!fields)
            fuzz::require(!checked, "what does not parse is refused for every kind");
        else if (checked)
            (void)checked->matches(samplePod());
        else
            fuzz::require(checked.error().code == 400, "an unknown field is a 400");
    }

    // The query's pair as list, watch and deletecollection parse it: the label selector's error
    // first, then the field selector's.
    const auto both = serve::ApiSelectors::parse(text, text);
    fuzz::require(both.has_value() == (labels.has_value() && fields.has_value()),
                  "the pair parses when both selectors do");
    if (!both)
        fuzz::require(both.error().message ==
                          (labels ? fields.error().message : labels.error().message),
                      "the pair's error is the first bad selector's");
    else
        (void)both->matches(samplePod());

    const QJsonDocument doc = QJsonDocument::fromJson(bytes);
    if (doc.isObject()) {
        const auto selector = serve::LabelSelector::fromJson(doc.object());
        if (selector)
            (void)selector->matchesObject(samplePod());
    }
    return 0;
}
