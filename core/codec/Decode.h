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
// A per-thread parser is reused, so decoding in a loop does not allocate parser memory again.
#include "Objects.h"
#include "engine/Result.h"

#include <string>
#include <string_view>

namespace tessera::codec {

// simdjson reads up to this many bytes past the end of the text.
inline constexpr size_t kJsonPadding = 64;

// The text to decode. A std::string whose capacity leaves kJsonPadding bytes after its size
// (readTextFile() reserves them) is read in place; any other text is first copied into a
// per-thread padded buffer (one memcpy).
class JsonText {
public:
    JsonText(const char* text)
        : m_text(text) {}
    JsonText(std::string_view text)
        : m_text(text) {}
    JsonText(const std::string& text)
        : m_text(text)
        , m_readable(text.capacity()) {}
    // readable: how many bytes from text.data() may be read (text.size() + padding).
    JsonText(std::string_view text, size_t readable)
        : m_text(text)
        , m_readable(readable) {}

    std::string_view text() const { return m_text; }
    bool padded() const { return m_readable >= m_text.size() + kJsonPadding; }

private:
    std::string_view m_text;
    size_t m_readable = 0; // bytes readable from text().data()
};

engine::Result<JobObject> decodeJob(JsonText json);
engine::Result<PodObject> decodePod(JsonText json);
engine::Result<JobList> decodeJobList(JsonText json); // kind JobList or List
engine::Result<PodList> decodePodList(JsonText json); // kind PodList or List
engine::Result<JobWatchEvent> decodeJobWatchEvent(JsonText json);
engine::Result<PodWatchEvent> decodePodWatchEvent(JsonText json);
engine::Result<ApiStatus> decodeStatus(JsonText json);

// {"job": <Job>, "pods": [<Pod>...], "now": "<RFC 3339>"} (now optional). Only what the engine
// reads is decoded (no labels, templates, ...), which keeps big inputs fast.
engine::Result<ReconcileInput> decodeReconcileInput(JsonText json);

// 1-based line and column (in characters, counting a UTF-8 sequence once) of a 0-based byte
// offset into text.
void lineColumn(std::string_view text, long offset, long& line, long& column);

} // namespace tessera::codec
