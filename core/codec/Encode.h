#pragma once
// Engine model (+ extras) -> Kubernetes-shaped JSON, through JsonWriter.
//
// Objects are written as the API server would return them: apiVersion, kind, metadata, spec,
// status, with RFC 3339 seconds-precision times. Optional fields that are unset are left out, as
// Go's `omitempty` does; status.active/succeeded/failed are always written (0 included) so
// readers never have to guess a default.
#include "JsonWriter.h"
#include "Objects.h"
#include "engine/Reconciler.h"

#include <string>

namespace tessera::codec {

void writeCondition(JsonWriter& w, const engine::Condition& c);
void writeJobStatus(JsonWriter& w, const engine::JobStatus& s);
void writeContainerStatus(JsonWriter& w, const engine::ContainerStatus& cs);

// A full batch/v1 Job. spec.template is JobObject::templateJson verbatim when present, otherwise
// it is built from job.spec.podTemplate (+ the container images of JobObject::containers).
void writeJob(JsonWriter& w, const JobObject& job);
void writeJob(JsonWriter& w, const engine::Job& job);

// A full v1 Pod. The three engine annotations and the tracking finalizer are written from
// engine::Pod (they win over the extras); spec is PodObject::specJson with nodeName/hostname
// taken from the engine pod.
void writePod(JsonWriter& w, const PodObject& pod);
void writePod(JsonWriter& w, const engine::Pod& pod);

// The `tessera reconcile` output. Stable contract, in this order:
//   {"createPods": [{"index": 3, "name": "...", "hostname": "..."}], "deletePods": ["<pod>"],
//    "status": <batch/v1 JobStatus>, "events": [{"type", "reason", "message"}],
//    "requeueAfterSeconds": <number or null>}
// followed by extras: per create "generateName" and "annotations"; then "removeFinalizers",
// "deleteDetails" (name, uid, index, reason, removeFinalizerFirst), "backoff" and "skipped".
// A NonIndexed create has "index": null.
void writePlan(JsonWriter& w, const engine::Plan& plan);

// Convenience: one object as a JSON string (indent 0 = compact).
std::string encodeJob(const JobObject& job, int indent = 0);
std::string encodePod(const PodObject& pod, int indent = 0);
std::string encodePlan(const engine::Plan& plan, int indent = 0);

} // namespace tessera::codec
