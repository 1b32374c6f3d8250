#pragma once
// Kubernetes JSON -> engine model (+ the extras of Objects.h), with simdjson On-Demand.
//
// Rules, the same for every function:
//  - unknown fields are skipped (not validated beyond JSON well-formedness of their structure);
//  - missing fields and `null` keep the model's default (std::nullopt for optional fields);
//  - a value of the wrong type, an unknown enum string, an integer out of range or a malformed
//    RFC 3339 time is an engine::Error whose `field` is the JSON path
//    ("pods[12].status.containerStatuses[0].state.terminated.exitCode"), whose message says what
//    was expected and what was found, and whose position/line/column point at the value;
//  - a present `kind` must be the expected one ("Job", "Pod", "JobList"/"List", ...).
// The input needs no padding: it is copied once into a per-thread buffer, and a per-thread parser
// is reused, so decoding in a loop does not allocate parser memory again.
#include "Objects.h"
#include "engine/Result.h"

#include <string_view>

namespace tessera::codec {

engine::Result<JobObject> decodeJob(std::string_view json);
engine::Result<PodObject> decodePod(std::string_view json);
engine::Result<JobList> decodeJobList(std::string_view json); // kind JobList or List
engine::Result<PodList> decodePodList(std::string_view json); // kind PodList or List
engine::Result<JobWatchEvent> decodeJobWatchEvent(std::string_view json);
engine::Result<PodWatchEvent> decodePodWatchEvent(std::string_view json);
engine::Result<ApiStatus> decodeStatus(std::string_view json);

// {"job": <Job>, "pods": [<Pod>...], "now": "<RFC 3339>"} (now optional). Only what the engine
// reads is decoded (no labels, templates, ...), which keeps big inputs fast.
engine::Result<ReconcileInput> decodeReconcileInput(std::string_view json);

// 1-based line and column (in characters, counting a UTF-8 sequence once) of a 0-based byte
// offset into text.
void lineColumn(std::string_view text, long offset, long& line, long& column);

} // namespace tessera::codec
