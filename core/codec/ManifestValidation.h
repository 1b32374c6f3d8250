#pragma once
// The API server's validation of what a manifest holds beyond the engine model, and the one gate
// every path that accepts a Job goes through: `tessera serve` (create), `tessera run --job`,
// `simulate`, `launch`, `reconcile` and the Launch dialog all call validateJobManifest(), so a
// Job one of them refuses, all of them refuse, with the same field paths and messages.
//
// Rules follow pkg/apis/core/validation (ValidateObjectMeta, ValidatePodTemplateSpec,
// ValidatePodSpec) and pkg/apis/batch/validation (engine/Validation.h), messages are
// upstream's. Every problem is reported, never only the first. Fields are JSON paths relative to
// the object ("spec.template.spec.containers[0].resources.limits[memory]"); the value of an
// Invalid error is as the API prints it (Go %q for strings), so control characters in a name
// never reach a terminal raw.
#include "Decode.h"
#include "Manifests.h"
#include "engine/Result.h"

#include <string>
#include <vector>

namespace tessera::codec {

// How metadata.name is checked (apimachinery's ValidateNameFunc of the kind).
enum class NameRule { Subdomain, Label, Dns1035, PathSegment };

// What a pod spec belongs to: a Pod (restartPolicy Always allowed, containers required), a Job's
// template (containers and restartPolicy are the Job rules' to check: engine/Validation.h), or
// another workload template (a CronJob's job template counts as a Job's).
enum class PodSpecOwner { Pod, JobTemplate };

// metadata: name (or generateName) by `rule`, namespace, labels, annotations (keys, 256 KiB in
// all), ownerReferences (each names its owner, one controller at most). A missing name is an
// error unless `nameOptional` (a body whose name comes from the URL).
std::vector<engine::Error> validateObjectMeta(JsonText object, NameRule rule,
                                              bool nameOptional = false);

// The pod spec `podSpec` found at `path` ("spec", "spec.template.spec").
std::vector<engine::Error> validatePodSpec(JsonText podSpec, const std::string& path,
                                           PodSpecOwner owner);

// A new Job, as the API server validates it on create after defaulting: metadata (a DNS
// subdomain), the pod template with the labels the server adds (job-name, controller-uid: a name
// that is no label value is refused there too, as upstream does), the pod spec, then the Job
// rules of engine::validateJob on the decoded, defaulted spec. A body that does not decode is
// one error naming the field. Empty when valid.
std::vector<engine::Error> validateJobManifest(JsonText job);

// "<source>: the API server would reject this Job:" and a "file:line:column: field: message"
// line per error: what every CLI entry point prints for a refused Job.
std::string describeRefusal(const Manifest& manifest, const std::vector<engine::Error>& errors);

} // namespace tessera::codec
