// The decoders' entry points: one document per call on a per-thread parser, the list and watch
// envelopes and the `tessera reconcile` input. What each object is made of: Schema.h (tables,
// read by SchemaDecode.h) and DecodeShapes.cpp (the rest).
#include "SchemaDecode.h"

#include <cstring>

namespace tessera::codec {

namespace {

using detail::Decoder;
using detail::json_type;
using detail::Path;
namespace od = simdjson::ondemand;

// Per-thread parser and padded input buffer, reused across calls.
struct ThreadBuffers {
    od::parser parser;
    std::string padded;
};

ThreadBuffers& buffers() {
    thread_local ThreadBuffers b;
    return b;
}

// Parses json and runs body(decoder, rootValue, rootPath, result).
template <typename T, typename Body>
engine::Result<T> decodeDocument(JsonText input, bool extras, Body&& body) {
    static_assert(kJsonPadding >= simdjson::SIMDJSON_PADDING);
    const std::string_view json = input.text();
    // On-Demand skips what it does not read without a depth limit; the limit is the readers' one.
    if (std::optional<engine::Error> deep = checkJsonNesting(json))
        return std::move(*deep);
    od::parser& p = buffers().parser;
    const char* data = json.data();
    size_t capacity = json.size() + simdjson::SIMDJSON_PADDING;
    if (!input.padded()) {
        std::string& padded = buffers().padded;
        if (padded.size() < capacity)
            padded.resize(capacity);
        std::memcpy(padded.data(), json.data(), json.size());
        std::memset(padded.data() + json.size(), ' ', simdjson::SIMDJSON_PADDING);
        data = padded.data();
        capacity = padded.size();
    }

    const auto invalid = [&](simdjson::error_code e) {
        engine::Error err;
        err.message = e == simdjson::EMPTY
                          ? std::string("the document is empty")
                          : std::string("invalid JSON: ") + simdjson::error_message(e);
        return err;
    };
    od::document doc;
    if (auto e = p.iterate(data, json.size(), capacity).get(doc))
        return invalid(e);
    Decoder d(data, json.size(), doc, extras);
    const Path root;
    od::value v;
    if (auto e = doc.get_value().get(v)) {
        d.syntax(root, e);
        return std::move(d.error());
    }
    T out{};
    if (!body(d, v, root, out))
        return std::move(d.error());
    const char* trailing = nullptr;
    if (doc.current_location().get(trailing) == simdjson::SUCCESS && trailing != nullptr) {
        d.fail(root, "unexpected content after the JSON document", trailing);
        return std::move(d.error());
    }
    return out;
}

template <typename T> engine::Result<T> decodeObject(JsonText json) {
    return decodeDocument<T>(json, true, [](Decoder& d, od::value& v, const Path& p, T& out) {
        return d.decode(v, p, out);
    });
}

template <typename List> engine::Result<List> decodeList(JsonText json, std::string_view listKind) {
    return decodeDocument<List>(
        json, true, [&](Decoder& d, od::value& v, const Path& path, List& out) {
            return d.members(v, path, [&](std::string_view key, od::value& fv) {
                const Path p = path.child(key);
                if (key == "metadata")
                    return detail::decodeFields<schema::ListMetaFields>(d, fv, p, out.metadata);
                if (key == "kind")
                    return d.kind(fv, p, listKind, "List");
                if (key != "items")
                    return true;
                return d.elements(
                    fv, p,
                    [&](od::value& ev, const Path& ep) {
                        out.items.emplace_back();
                        return d.decode(ev, ep, out.items.back());
                    },
                    &out.items);
            });
        });
}

std::optional<WatchEventType> watchEventTypeFromString(std::string_view s) {
    if (s == "ADDED")
        return WatchEventType::Added;
    if (s == "MODIFIED")
        return WatchEventType::Modified;
    if (s == "DELETED")
        return WatchEventType::Deleted;
    if (s == "BOOKMARK")
        return WatchEventType::Bookmark;
    if (s == "ERROR")
        return WatchEventType::Error;
    return std::nullopt;
}

template <typename T> engine::Result<WatchEvent<T>> decodeWatchEvent(JsonText json) {
    using Event = WatchEvent<T>;
    std::string deferred; // the object, when it came before "type"
    bool haveType = false;
    auto result = decodeDocument<Event>(
        json, true, [&](Decoder& d, od::value& v, const Path& path, Event& out) {
            bool haveObject = false;
            const bool ok = d.members(v, path, [&](std::string_view key, od::value& fv) {
                const Path p = path.child(key);
                if (key == "type") {
                    std::optional<WatchEventType> t;
                    if (!d.enumeration(fv, p, t, &watchEventTypeFromString,
                                       "ADDED, MODIFIED, DELETED, BOOKMARK or ERROR"))
                        return false;
                    if (t) {
                        out.type = *t;
                        haveType = true;
                    }
                    return true;
                }
                if (key != "object")
                    return true;
                haveObject = true;
                if (!haveType) // rare: Kubernetes writes "type" first
                    return d.rawJson(fv, p, deferred);
                if (out.type == WatchEventType::Error)
                    return d.status(fv, p, out.status);
                return d.decode(fv, p, out.object);
            });
            if (!ok)
                return false;
            if (!haveType)
                return d.fail(path.child("type"), "missing watch event type", nullptr);
            if (!haveObject)
                return d.fail(path.child("object"), "missing watch event object", nullptr);
            return true;
        });
    if (!result.ok() || deferred.empty())
        return result;

    // Decode the object that preceded "type", now that the type is known (the outer document is
    // finished, so the thread's parser and buffer can be reused: `deferred` is a copy).
    Event event = std::move(result.value());
    if (event.type == WatchEventType::Error) {
        auto s = decodeDocument<ApiStatus>(
            deferred, true, [](Decoder& d, od::value& v, const Path&, ApiStatus& out) {
                const Path root;
                return d.status(v, root.child("object"), out);
            });
        if (!s.ok())
            return s.error();
        event.status = std::move(s.value());
    } else {
        auto o =
            decodeDocument<T>(deferred, true, [](Decoder& d, od::value& v, const Path&, T& out) {
                const Path root;
                return d.decode(v, root.child("object"), out);
            });
        if (!o.ok())
            return o.error();
        event.object = std::move(o.value());
    }
    return event;
}

template <typename T> void fillResourceVersion(WatchEvent<T>& e) {
    if (e.type != WatchEventType::Error)
        e.resourceVersion = [&] {
            if constexpr (std::is_same_v<T, JobObject>)
                return e.object.job.metadata.resourceVersion;
            else
                return e.object.pod.metadata.resourceVersion;
        }();
}

} // namespace

const char* toString(WatchEventType t) {
    switch (t) {
    case WatchEventType::Added:
        return "ADDED";
    case WatchEventType::Modified:
        return "MODIFIED";
    case WatchEventType::Deleted:
        return "DELETED";
    case WatchEventType::Bookmark:
        return "BOOKMARK";
    case WatchEventType::Error:
        return "ERROR";
    }
    return "ERROR";
}

void lineColumn(std::string_view text, long offset, long& line, long& column) {
    line = 1;
    column = 1;
    const auto end = static_cast<size_t>(std::min<long>(offset, static_cast<long>(text.size())));
    for (size_t i = 0; i < end; ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '\n') {
            ++line;
            column = 1;
        } else if ((c & 0xC0) != 0x80) {
            ++column;
        }
    }
}

engine::Result<JobObject> decodeJob(JsonText json) {
    return decodeObject<JobObject>(json);
}

engine::Result<PodObject> decodePod(JsonText json) {
    return decodeObject<PodObject>(json);
}

engine::Result<JobList> decodeJobList(JsonText json) {
    return decodeList<JobList>(json, "JobList");
}

engine::Result<PodList> decodePodList(JsonText json) {
    return decodeList<PodList>(json, "PodList");
}

engine::Result<JobWatchEvent> decodeJobWatchEvent(JsonText json) {
    auto r = decodeWatchEvent<JobObject>(json);
    if (r.ok())
        fillResourceVersion(r.value());
    return r;
}

engine::Result<PodWatchEvent> decodePodWatchEvent(JsonText json) {
    auto r = decodeWatchEvent<PodObject>(json);
    if (r.ok())
        fillResourceVersion(r.value());
    return r;
}

engine::Result<ApiStatus> decodeStatus(JsonText json) {
    return decodeDocument<ApiStatus>(json, true,
                                     [](Decoder& d, od::value& v, const Path& p, ApiStatus& out) {
                                         return d.status(v, p, out);
                                     });
}

engine::Result<ReconcileInput> decodeReconcileInput(JsonText json) {
    return decodeDocument<ReconcileInput>(
        json, false, [](Decoder& d, od::value& v, const Path& path, ReconcileInput& out) {
            bool haveJob = false;
            d.keepOwnership();
            const bool ok = d.members(v, path, [&](std::string_view key, od::value& fv) {
                const Path p = path.child(key);
                if (key == "job") {
                    haveJob = true;
                    const char* start = d.spanStart(fv);
                    JobObject job;
                    if (!d.job(fv, p, job))
                        return false;
                    d.spanEnd(start, out.jobJson);
                    out.job = std::move(job.job);
                    out.selectorJson = std::move(job.selectorJson);
                    out.manualSelector = job.manualSelector.value_or(false);
                    return true;
                }
                if (key == "pods") {
                    return d.elements(
                        fv, p,
                        [&](od::value& ev, const Path& ep) {
                            PodObject pod;
                            if (!d.pod(ev, ep, pod))
                                return false;
                            out.pods.push_back(std::move(pod.pod));
                            PodOwnership owner;
                            owner.labels = std::move(pod.meta.labels);
                            for (const OwnerReference& r : pod.meta.ownerReferences)
                                if (r.controller.value_or(false))
                                    owner.controllerUid = r.uid;
                            out.owners.push_back(std::move(owner));
                            return true;
                        },
                        &out.pods);
                }
                if (key == "now")
                    return d.time(fv, p, out.now);
                return true;
            });
            if (ok && !haveJob)
                return d.fail(path.child("job"), "missing: the input needs a \"job\" object",
                              nullptr);
            return ok;
        });
}

} // namespace tessera::codec
