#include "Decode.h"

#include "InputRules.h"
#include "PathText.h"
#include "Rfc3339.h"

#include <charconv>
#include <cstring>
#include <limits>
#include <simdjson.h>

namespace tessera::codec {

namespace {

namespace od = simdjson::ondemand;
using od::json_type;

// The JSON path of the value being decoded, as a chain of stack frames: building it costs
// nothing, and it is rendered to text only when an error is reported.
struct Path {
    const Path* parent = nullptr;
    std::string_view key; // object member name (when index < 0)
    long index = -1;      // array element index

    Path child(std::string_view k) const { return Path{this, k, -1}; }
    Path at(size_t i) const { return Path{this, {}, static_cast<long>(i)}; }
};

void render(const Path* p, std::string& out) {
    if (p == nullptr)
        return;
    render(p->parent, out);
    if (p->index >= 0)
        detail::appendPathIndex(out, p->index);
    else if (p->parent != nullptr)
        detail::appendPathKey(out, p->key);
}

std::string render(const Path& p) {
    std::string out;
    render(&p, out);
    return out;
}

const char* describeType(json_type t) {
    switch (t) {
    case json_type::object:
        return "an object";
    case json_type::array:
        return "an array";
    case json_type::string:
        return "a string";
    case json_type::number:
        return "a number";
    case json_type::boolean:
        return "a boolean";
    case json_type::null:
        return "null";
    }
    return "something else";
}

template <typename E> using EnumParser = std::optional<E> (*)(std::string_view);

// Decodes one document. Every member function returns false after recording the first error;
// callers return false at once, so the first error is the one reported.
class Decoder {
public:
    Decoder(const char* base, size_t size, od::document& doc, bool extras)
        : m_base(base)
        , m_size(size)
        , m_doc(doc)
        , m_extras(extras) {}

    engine::Error& error() { return m_error; }
    bool extras() const { return m_extras; }
    // Without the other extras: the labels and owner references of objects and a Job's selector,
    // which decide whose pods are whose (the reconcile input).
    void keepOwnership() { m_ownership = true; }

    // ---- errors ----
    bool fail(const Path& path, std::string message, const char* at) {
        m_error.message = std::move(message);
        m_error.field = render(path);
        if (at != nullptr && at >= m_base && at <= m_base + m_size) {
            m_error.position = at - m_base;
            lineColumn(std::string_view(m_base, m_size), m_error.position, m_error.line,
                       m_error.column);
        }
        return false;
    }
    bool syntax(const Path& path, simdjson::error_code code) {
        const char* at = nullptr;
        if (m_doc.current_location().get(at) != simdjson::SUCCESS)
            at = nullptr;
        return fail(path, std::string("invalid JSON: ") + simdjson::error_message(code), at);
    }
    static const char* where(od::value& v) { return v.raw_json_token().data(); }
    static std::string_view token(od::value& v) {
        std::string_view tok = v.raw_json_token();
        while (!tok.empty() && (tok.back() == ' ' || tok.back() == '\n' || tok.back() == '\r' ||
                                tok.back() == '\t'))
            tok.remove_suffix(1);
        return tok;
    }
    bool wrongType(const Path& path, const char* expected, json_type got, od::value& v) {
        const std::string_view tok = token(v);
        // On-Demand types a value by its first character: "tru" looks like a boolean.
        if ((got == json_type::boolean || got == json_type::null) && tok != "true" &&
            tok != "false" && tok != "null")
            return fail(path, "invalid JSON: unexpected " + std::string(tok.substr(0, 40)),
                        where(v));
        std::string msg = std::string("expected ") + expected + ", got " + describeType(got);
        if ((got == json_type::string || got == json_type::number) && tok.size() <= 40) {
            msg += ' ';
            msg += tok;
        }
        return fail(path, std::move(msg), where(v));
    }

    // The type of v, or false on malformed JSON.
    bool typeOf(od::value& v, const Path& path, json_type& t) {
        if (auto e = v.type().get(t))
            return syntax(path, e);
        return true;
    }

    // A key without escapes, straight from the input (no copy); false if it has a backslash,
    // and then the caller unescapes it. Keys are short, so the scan is cheaper than
    // simdjson's unescape-and-copy, which dominated the decode time on API-sized objects.
    static bool rawKey(od::field& f, std::string_view& key) {
        const char* raw = f.key().raw();
        size_t n = 0;
        while (raw[n] != '"') {
            if (raw[n] == '\\')
                return false;
            ++n;
        }
        key = std::string_view(raw, n);
        return true;
    }

    // ---- containers ----
    // Calls onMember(key, value&) for each member. null is an empty object.
    template <typename F> bool members(od::value& v, const Path& path, F&& onMember) {
        json_type t = json_type::null;
        if (!typeOf(v, path, t))
            return false;
        if (t == json_type::null)
            return true;
        if (t != json_type::object)
            return wrongType(path, "an object", t, v);
        od::object obj;
        if (auto e = v.get_object().get(obj))
            return syntax(path, e);
        for (auto result : obj) {
            od::field f;
            if (auto e = std::move(result).get(f))
                return syntax(path, e);
            std::string_view key;
            if (!rawKey(f, key)) {
                if (auto e = f.unescaped_key().get(key))
                    return syntax(path, e);
            }
            od::value fv = f.value();
            if (!onMember(key, fv))
                return false;
        }
        return true;
    }

    // Calls onElement(index, value&, path) for each element. null is an empty array.
    // reserveFor, when given, is a vector sized to the array's length before the elements are
    // read: counting costs one scan of the array's structure, growing by doubling moves every
    // element several times (onto fresh pages each time).
    template <typename F, typename Vec = std::vector<int>>
    bool elements(od::value& v, const Path& path, F&& onElement, Vec* reserveFor = nullptr) {
        json_type t = json_type::null;
        if (!typeOf(v, path, t))
            return false;
        if (t == json_type::null)
            return true;
        if (t != json_type::array)
            return wrongType(path, "an array", t, v);
        od::array arr;
        if (auto e = v.get_array().get(arr))
            return syntax(path, e);
        if (reserveFor != nullptr) {
            size_t n = 0;
            if (auto e = arr.count_elements().get(n))
                return syntax(path, e);
            reserveFor->reserve(n);
        }
        size_t i = 0;
        for (auto result : arr) {
            od::value ev;
            // NOLINTNEXTLINE(performance-move-const-arg): simdjson_result::get is &&-qualified
            if (auto e = std::move(result).get(ev))
                return syntax(path.at(i), e);
            const Path ep = path.at(i);
            if (!onElement(ev, ep))
                return false;
            ++i;
        }
        return true;
    }

    // ---- scalars (null leaves the target unchanged / empty) ----
    bool string(od::value& v, const Path& path, std::string& out) {
        json_type t = json_type::null;
        if (!typeOf(v, path, t))
            return false;
        if (t == json_type::null)
            return true;
        if (t != json_type::string)
            return wrongType(path, "a string", t, v);
        std::string_view s;
        if (auto e = v.get_string().get(s))
            return syntax(path, e);
        out.assign(s.data(), s.size());
        return true;
    }
    bool string(od::value& v, const Path& path, std::optional<std::string>& out) {
        json_type t = json_type::null;
        if (!typeOf(v, path, t))
            return false;
        if (t == json_type::null) {
            out.reset();
            return true;
        }
        out.emplace();
        return string(v, path, *out);
    }
    // A string view valid while the document is; empty for null.
    bool stringView(od::value& v, const Path& path, std::string_view& out, bool& isNull) {
        json_type t = json_type::null;
        if (!typeOf(v, path, t))
            return false;
        isNull = t == json_type::null;
        if (isNull)
            return true;
        if (t != json_type::string)
            return wrongType(path, "a string", t, v);
        if (auto e = v.get_string().get(out))
            return syntax(path, e);
        return true;
    }

    bool int64(od::value& v, const Path& path, std::optional<int64_t>& out, int64_t min,
               int64_t max, const char* expected) {
        json_type t = json_type::null;
        if (!typeOf(v, path, t))
            return false;
        if (t == json_type::null) {
            out.reset();
            return true;
        }
        if (t != json_type::number)
            return wrongType(path, "an integer", t, v);
        int64_t n = 0;
        if (v.get_int64().get(n) != simdjson::SUCCESS)
            return wrongType(path, "an integer", t, v);
        if (n < min || n > max)
            return wrongType(path, expected, t, v);
        out = n;
        return true;
    }
    bool int32(od::value& v, const Path& path, std::optional<int32_t>& out) {
        std::optional<int64_t> n;
        if (!int64(v, path, n, std::numeric_limits<int32_t>::min(),
                   std::numeric_limits<int32_t>::max(), "a 32-bit integer"))
            return false;
        if (n)
            out = static_cast<int32_t>(*n);
        else
            out.reset();
        return true;
    }
    bool int32(od::value& v, const Path& path, int32_t& out) {
        std::optional<int32_t> n;
        if (!int32(v, path, n))
            return false;
        if (n)
            out = *n;
        return true;
    }
    bool int64(od::value& v, const Path& path, std::optional<int64_t>& out) {
        return int64(v, path, out, std::numeric_limits<int64_t>::min(),
                     std::numeric_limits<int64_t>::max(), "an integer");
    }
    bool boolean(od::value& v, const Path& path, std::optional<bool>& out) {
        json_type t = json_type::null;
        if (!typeOf(v, path, t))
            return false;
        if (t == json_type::null) {
            out.reset();
            return true;
        }
        if (t != json_type::boolean)
            return wrongType(path, "a boolean", t, v);
        bool b = false;
        if (auto e = v.get_bool().get(b))
            return syntax(path, e);
        out = b;
        return true;
    }
    bool boolean(od::value& v, const Path& path, bool& out) {
        std::optional<bool> b;
        if (!boolean(v, path, b))
            return false;
        if (b)
            out = *b;
        return true;
    }
    bool time(od::value& v, const Path& path, std::optional<engine::TimePoint>& out) {
        std::string_view s;
        bool isNull = false;
        if (!stringView(v, path, s, isNull))
            return false;
        if (isNull) {
            out.reset();
            return true;
        }
        out = parseRfc3339(s);
        if (!out)
            return fail(path,
                        "expected an RFC 3339 time like \"2026-11-22T10:00:00Z\", got \"" +
                            std::string(s) + "\"",
                        where(v));
        return true;
    }
    template <typename E>
    bool enumeration(od::value& v, const Path& path, std::optional<E>& out, EnumParser<E> parse,
                     const char* allowed) {
        std::string_view s;
        bool isNull = false;
        if (!stringView(v, path, s, isNull))
            return false;
        if (isNull) {
            out.reset();
            return true;
        }
        out = parse(s);
        if (!out)
            return fail(path, "unknown value \"" + std::string(s) + "\" (expected " + allowed + ")",
                        where(v));
        return true;
    }
    template <typename E>
    bool enumeration(od::value& v, const Path& path, E& out, EnumParser<E> parse,
                     const char* allowed) {
        std::optional<E> e;
        if (!enumeration(v, path, e, parse, allowed))
            return false;
        if (e)
            out = *e;
        return true;
    }
    bool kind(od::value& v, const Path& path, std::string_view expected,
              std::string_view alternative = {}) {
        std::string_view s;
        bool isNull = false;
        if (!stringView(v, path, s, isNull))
            return false;
        if (isNull || s == expected || (!alternative.empty() && s == alternative))
            return true;
        std::string msg = "expected kind " + std::string(expected);
        if (!alternative.empty())
            msg += " or " + std::string(alternative);
        return fail(path, msg + ", got " + std::string(s), where(v));
    }
    bool stringList(od::value& v, const Path& path, std::vector<std::string>& out) {
        return elements(v, path, [&](od::value& ev, const Path& ep) {
            out.emplace_back();
            return string(ev, ep, out.back());
        });
    }
    bool stringMap(od::value& v, const Path& path,
                   std::map<std::string, std::string, std::less<>>& out) {
        return members(v, path, [&](std::string_view key, od::value& mv) {
            std::string s;
            if (!string(mv, path.child(key), s))
                return false;
            out.insert_or_assign(std::string(key), std::move(s));
            return true;
        });
    }
    // The verbatim JSON text of an object or array value (consumes it).
    bool rawJson(od::value& v, const Path& path, std::string& out) {
        json_type t = json_type::null;
        if (!typeOf(v, path, t))
            return false;
        std::string_view raw;
        simdjson::error_code e = simdjson::SUCCESS;
        if (t == json_type::object) {
            od::object o;
            e = v.get_object().get(o);
            if (!e)
                e = o.raw_json().get(raw);
        } else if (t == json_type::array) {
            od::array a;
            e = v.get_array().get(a);
            if (!e)
                e = a.raw_json().get(raw);
        } else if (t == json_type::null) {
            out.clear();
            return true;
        } else {
            return wrongType(path, "an object", t, v);
        }
        if (e)
            return syntax(path, e);
        out.assign(raw.data(), raw.size());
        return true;
    }

    // Start of an object value, to cut its text out after it has been walked (see spanEnd).
    const char* spanStart(od::value& v) { return v.raw_json_token().data(); }
    // After an object was walked, the iterator stands on the next token (',' or '}' of the
    // parent): the object's text is everything before it, minus whitespace.
    void spanEnd(const char* start, std::string& out) {
        const char* end = nullptr;
        if (m_doc.current_location().get(end) != simdjson::SUCCESS || end == nullptr || end < start)
            return;
        while (end > start &&
               (end[-1] == ' ' || end[-1] == '\n' || end[-1] == '\r' || end[-1] == '\t'))
            --end;
        if (end > start && end[-1] == '}' && *start == '{')
            out.assign(start, static_cast<size_t>(end - start));
    }

    // ---- Kubernetes shapes ----
    bool condition(od::value& v, const Path& path, engine::Condition& c);
    bool conditions(od::value& v, const Path& path, std::vector<engine::Condition>& out);
    bool meta(od::value& v, const Path& path, engine::ObjectMeta& m, MetaExtras& extra,
              engine::Pod* pod);
    bool ownerReference(od::value& v, const Path& path, OwnerReference& r);
    bool containerSpecs(od::value& v, const Path& path, std::vector<engine::ContainerInfo>* info,
                        std::vector<ContainerSummary>* summaries);
    bool jobSpec(od::value& v, const Path& path, JobObject& out);
    bool podTemplate(od::value& v, const Path& path, JobObject& out);
    bool podFailurePolicy(od::value& v, const Path& path, engine::PodFailurePolicy& out);
    bool successPolicy(od::value& v, const Path& path, engine::SuccessPolicy& out);
    bool jobStatus(od::value& v, const Path& path, engine::JobStatus& s);
    bool job(od::value& v, const Path& path, JobObject& out);
    bool podSpec(od::value& v, const Path& path, PodObject& out);
    bool containerStatus(od::value& v, const Path& path, engine::ContainerStatus& cs);
    bool podStatus(od::value& v, const Path& path, PodObject& out);
    bool pod(od::value& v, const Path& path, PodObject& out);
    bool listMeta(od::value& v, const Path& path, ListMeta& out);
    bool status(od::value& v, const Path& path, ApiStatus& out);

    void decode(od::value& v, const Path& p, JobObject& out, bool& ok) { ok = job(v, p, out); }
    void decode(od::value& v, const Path& p, PodObject& out, bool& ok) { ok = pod(v, p, out); }
    static constexpr std::string_view kindOf(const JobObject*) { return "Job"; }
    static constexpr std::string_view kindOf(const PodObject*) { return "Pod"; }

private:
    const char* m_base;
    size_t m_size;
    od::document& m_doc;
    bool m_extras;
    bool m_ownership = false;
    engine::Error m_error;
};

constexpr const char* kConditionStatuses = "True, False or Unknown";

bool Decoder::condition(od::value& v, const Path& path, engine::Condition& c) {
    return members(v, path, [&](std::string_view key, od::value& fv) {
        const Path p = path.child(key);
        if (key == "type")
            return string(fv, p, c.type);
        if (key == "status")
            return enumeration(fv, p, c.status, &engine::conditionStatusFromString,
                               kConditionStatuses);
        if (key == "reason")
            return string(fv, p, c.reason);
        if (key == "message")
            return string(fv, p, c.message);
        if (key == "lastProbeTime")
            return time(fv, p, c.lastProbeTime);
        if (key == "lastTransitionTime")
            return time(fv, p, c.lastTransitionTime);
        return true;
    });
}

bool Decoder::conditions(od::value& v, const Path& path, std::vector<engine::Condition>& out) {
    return elements(v, path, [&](od::value& ev, const Path& ep) {
        out.emplace_back();
        return condition(ev, ep, out.back());
    });
}

bool Decoder::ownerReference(od::value& v, const Path& path, OwnerReference& r) {
    return members(v, path, [&](std::string_view key, od::value& fv) {
        const Path p = path.child(key);
        if (key == "apiVersion")
            return string(fv, p, r.apiVersion);
        if (key == "kind")
            return string(fv, p, r.kind);
        if (key == "name")
            return string(fv, p, r.name);
        if (key == "uid")
            return string(fv, p, r.uid);
        if (key == "controller")
            return boolean(fv, p, r.controller);
        if (key == "blockOwnerDeletion")
            return boolean(fv, p, r.blockOwnerDeletion);
        return true;
    });
}

// pod != nullptr: also read the annotations and the finalizer the controller looks at.
bool Decoder::meta(od::value& v, const Path& path, engine::ObjectMeta& m, MetaExtras& extra,
                   engine::Pod* pod) {
    return members(v, path, [&](std::string_view key, od::value& fv) {
        const Path p = path.child(key);
        if (key == "name")
            return string(fv, p, m.name);
        if (key == "namespace")
            return string(fv, p, m.namespace_);
        if (key == "uid")
            return string(fv, p, m.uid);
        if (key == "resourceVersion")
            return string(fv, p, m.resourceVersion);
        if (key == "creationTimestamp")
            return time(fv, p, m.creationTimestamp);
        if (key == "deletionTimestamp")
            return time(fv, p, m.deletionTimestamp);
        if (key == "deletionGracePeriodSeconds")
            return int64(fv, p, m.deletionGracePeriodSeconds);
        if (key == "annotations") {
            if (pod == nullptr && !m_extras)
                return true;
            return members(fv, p, [&](std::string_view name, od::value& av) {
                const Path ap = p.child(name);
                if (pod != nullptr) {
                    std::optional<std::string>* target = nullptr;
                    if (name == engine::kCompletionIndexKey)
                        target = &pod->completionIndexAnnotation;
                    else if (name == engine::kIndexFailureCountKey)
                        target = &pod->failureCountAnnotation;
                    else if (name == engine::kIndexIgnoredFailureCountKey)
                        target = &pod->ignoredFailureCountAnnotation;
                    if (target != nullptr) {
                        if (!string(av, ap, *target))
                            return false;
                        if (m_extras && *target)
                            extra.annotations.insert_or_assign(std::string(name), **target);
                        return true;
                    }
                }
                if (!m_extras)
                    return true;
                std::string s;
                if (!string(av, ap, s))
                    return false;
                extra.annotations.insert_or_assign(std::string(name), std::move(s));
                return true;
            });
        }
        if (key == "finalizers") {
            return elements(fv, p, [&](od::value& ev, const Path& ep) {
                std::string_view s;
                bool isNull = false;
                if (!stringView(ev, ep, s, isNull))
                    return false;
                if (pod != nullptr && s == engine::kTrackingFinalizer)
                    pod->hasTrackingFinalizer = true;
                if (m_extras && !isNull)
                    extra.finalizers.emplace_back(s);
                return true;
            });
        }
        if (m_ownership && key == "labels")
            return stringMap(fv, p, extra.labels);
        if (m_ownership && key == "ownerReferences")
            return elements(fv, p, [&](od::value& ev, const Path& ep) {
                extra.ownerReferences.emplace_back();
                return ownerReference(ev, ep, extra.ownerReferences.back());
            });
        if (!m_extras)
            return true;
        if (key == "labels")
            return stringMap(fv, p, extra.labels);
        if (key == "generateName")
            return string(fv, p, extra.generateName);
        if (key == "generation")
            return int64(fv, p, extra.generation);
        if (key == "ownerReferences") {
            return elements(fv, p, [&](od::value& ev, const Path& ep) {
                extra.ownerReferences.emplace_back();
                return ownerReference(ev, ep, extra.ownerReferences.back());
            });
        }
        return true;
    });
}

bool Decoder::containerSpecs(od::value& v, const Path& path,
                             std::vector<engine::ContainerInfo>* info,
                             std::vector<ContainerSummary>* summaries) {
    return elements(v, path, [&](od::value& ev, const Path& ep) {
        engine::ContainerInfo ci;
        ContainerSummary cs;
        const bool ok = members(ev, ep, [&](std::string_view key, od::value& fv) {
            const Path p = ep.child(key);
            if (key == "name")
                return string(fv, p, ci.name);
            if (key == "image" && summaries != nullptr)
                return string(fv, p, cs.image);
            if (key == "env" && info != nullptr) {
                return elements(fv, p, [&](od::value& envv, const Path& envp) {
                    return members(envv, envp, [&](std::string_view ek, od::value& efv) {
                        if (ek != "name")
                            return true;
                        std::string_view name;
                        bool isNull = false;
                        if (!stringView(efv, envp.child(ek), name, isNull))
                            return false;
                        if (name == engine::kCompletionIndexEnv)
                            ci.definesCompletionIndexEnv = true;
                        return true;
                    });
                });
            }
            return true;
        });
        if (!ok)
            return false;
        if (summaries != nullptr) {
            cs.name = ci.name;
            summaries->push_back(std::move(cs));
        }
        if (info != nullptr)
            info->push_back(std::move(ci));
        return true;
    });
}

bool Decoder::podTemplate(od::value& v, const Path& path, JobObject& out) {
    engine::PodTemplate& t = out.job.spec.podTemplate;
    const char* start = m_extras ? spanStart(v) : nullptr;
    const bool ok = members(v, path, [&](std::string_view key, od::value& fv) {
        if (key != "spec")
            return true;
        const Path sp = path.child(key);
        return members(fv, sp, [&](std::string_view sk, od::value& sv) {
            const Path p = sp.child(sk);
            if (sk == "containers")
                return containerSpecs(sv, p, &t.containers, m_extras ? &out.containers : nullptr);
            if (sk == "initContainers")
                return containerSpecs(sv, p, &t.initContainers,
                                      m_extras ? &out.initContainers : nullptr);
            if (sk == "restartPolicy")
                return enumeration(sv, p, t.restartPolicy, &engine::restartPolicyFromString,
                                   "Never, OnFailure or Always");
            if (sk == "subdomain")
                return string(sv, p, t.subdomain);
            return true;
        });
    });
    if (ok && start != nullptr)
        spanEnd(start, out.templateJson);
    return ok;
}

bool Decoder::podFailurePolicy(od::value& v, const Path& path, engine::PodFailurePolicy& out) {
    return members(v, path, [&](std::string_view key, od::value& fv) {
        if (key != "rules")
            return true;
        return elements(fv, path.child(key), [&](od::value& rv, const Path& rp) {
            engine::PodFailurePolicyRule rule;
            const bool ok = members(rv, rp, [&](std::string_view rk, od::value& rfv) {
                const Path p = rp.child(rk);
                if (rk == "action") {
                    if (!string(rfv, p, rule.actionName))
                        return false;
                    // Unknown actions are kept: the controller skips such rules.
                    rule.action = engine::podFailurePolicyActionFromString(rule.actionName);
                    return true;
                }
                if (rk == "onExitCodes") {
                    json_type t = json_type::null;
                    if (!typeOf(rfv, p, t))
                        return false;
                    if (t == json_type::null)
                        return true;
                    engine::PodFailurePolicyOnExitCodes codes;
                    const bool okCodes = members(rfv, p, [&](std::string_view ck, od::value& cv) {
                        const Path cp = p.child(ck);
                        if (ck == "containerName")
                            return string(cv, cp, codes.containerName);
                        if (ck == "operator") {
                            std::string op;
                            if (!string(cv, cp, op))
                                return false;
                            codes.op = engine::exitCodesOperatorFromString(op);
                            return true;
                        }
                        if (ck == "values") {
                            return elements(cv, cp, [&](od::value& nv, const Path& np) {
                                int32_t n = 0;
                                if (!int32(nv, np, n))
                                    return false;
                                codes.values.push_back(n);
                                return true;
                            });
                        }
                        return true;
                    });
                    if (okCodes)
                        rule.onExitCodes = std::move(codes);
                    return okCodes;
                }
                if (rk == "onPodConditions") {
                    return elements(rfv, p, [&](od::value& cv, const Path& cp) {
                        engine::PodFailurePolicyOnPodCondition pattern;
                        const bool okPattern =
                            members(cv, cp, [&](std::string_view pk, od::value& pv) {
                                if (pk == "type")
                                    return string(pv, cp.child(pk), pattern.type);
                                if (pk == "status")
                                    return enumeration(pv, cp.child(pk), pattern.status,
                                                       &engine::conditionStatusFromString,
                                                       kConditionStatuses);
                                return true;
                            });
                        if (okPattern)
                            rule.onPodConditions.push_back(std::move(pattern));
                        return okPattern;
                    });
                }
                return true;
            });
            if (ok)
                out.rules.push_back(std::move(rule));
            return ok;
        });
    });
}

bool Decoder::successPolicy(od::value& v, const Path& path, engine::SuccessPolicy& out) {
    return members(v, path, [&](std::string_view key, od::value& fv) {
        if (key != "rules")
            return true;
        return elements(fv, path.child(key), [&](od::value& rv, const Path& rp) {
            engine::SuccessPolicyRule rule;
            const bool ok = members(rv, rp, [&](std::string_view rk, od::value& rfv) {
                if (rk == "succeededIndexes")
                    return string(rfv, rp.child(rk), rule.succeededIndexes);
                if (rk == "succeededCount")
                    return int32(rfv, rp.child(rk), rule.succeededCount);
                return true;
            });
            if (ok)
                out.rules.push_back(std::move(rule));
            return ok;
        });
    });
}

bool Decoder::jobSpec(od::value& v, const Path& path, JobObject& out) {
    engine::JobSpec& s = out.job.spec;
    return members(v, path, [&](std::string_view key, od::value& fv) {
        const Path p = path.child(key);
        if (key == "parallelism")
            return int32(fv, p, s.parallelism);
        if (key == "completions")
            return int32(fv, p, s.completions);
        if (key == "completionMode")
            return enumeration(fv, p, s.completionMode, &engine::completionModeFromString,
                               "NonIndexed or Indexed");
        if (key == "activeDeadlineSeconds")
            return int64(fv, p, s.activeDeadlineSeconds);
        if (key == "backoffLimit")
            return int32(fv, p, s.backoffLimit);
        if (key == "backoffLimitPerIndex")
            return int32(fv, p, s.backoffLimitPerIndex);
        if (key == "maxFailedIndexes")
            return int32(fv, p, s.maxFailedIndexes);
        if (key == "podFailurePolicy") {
            json_type t = json_type::null;
            if (!typeOf(fv, p, t))
                return false;
            if (t == json_type::null)
                return true;
            s.podFailurePolicy.emplace();
            return podFailurePolicy(fv, p, *s.podFailurePolicy);
        }
        if (key == "successPolicy") {
            json_type t = json_type::null;
            if (!typeOf(fv, p, t))
                return false;
            if (t == json_type::null)
                return true;
            s.successPolicy.emplace();
            return successPolicy(fv, p, *s.successPolicy);
        }
        if (key == "suspend")
            return boolean(fv, p, s.suspend);
        if (key == "podReplacementPolicy")
            return enumeration(fv, p, s.podReplacementPolicy,
                               &engine::podReplacementPolicyFromString,
                               "TerminatingOrFailed or Failed");
        if (key == "managedBy")
            return string(fv, p, s.managedBy);
        if (key == "ttlSecondsAfterFinished")
            return int32(fv, p, s.ttlSecondsAfterFinished);
        if (key == "template")
            return podTemplate(fv, p, out);
        if (!m_extras && !m_ownership)
            return true;
        if (key == "selector")
            return rawJson(fv, p, out.selectorJson);
        if (key == "manualSelector")
            return boolean(fv, p, out.manualSelector);
        return true;
    });
}

bool Decoder::jobStatus(od::value& v, const Path& path, engine::JobStatus& s) {
    return members(v, path, [&](std::string_view key, od::value& fv) {
        const Path p = path.child(key);
        if (key == "conditions")
            return conditions(fv, p, s.conditions);
        if (key == "startTime")
            return time(fv, p, s.startTime);
        if (key == "completionTime")
            return time(fv, p, s.completionTime);
        if (key == "active")
            return int32(fv, p, s.active);
        if (key == "succeeded")
            return int32(fv, p, s.succeeded);
        if (key == "failed")
            return int32(fv, p, s.failed);
        if (key == "terminating")
            return int32(fv, p, s.terminating);
        if (key == "ready")
            return int32(fv, p, s.ready);
        if (key == "completedIndexes")
            return string(fv, p, s.completedIndexes);
        if (key == "failedIndexes")
            return string(fv, p, s.failedIndexes);
        if (key == "uncountedTerminatedPods") {
            json_type t = json_type::null;
            if (!typeOf(fv, p, t))
                return false;
            if (t == json_type::null)
                return true;
            s.uncountedTerminatedPods.emplace();
            return members(fv, p, [&](std::string_view uk, od::value& uv) {
                if (uk == "succeeded")
                    return stringList(uv, p.child(uk), s.uncountedTerminatedPods->succeeded);
                if (uk == "failed")
                    return stringList(uv, p.child(uk), s.uncountedTerminatedPods->failed);
                return true;
            });
        }
        return true;
    });
}

bool Decoder::job(od::value& v, const Path& path, JobObject& out) {
    return members(v, path, [&](std::string_view key, od::value& fv) {
        const Path p = path.child(key);
        if (key == "metadata")
            return meta(fv, p, out.job.metadata, out.meta, nullptr);
        if (key == "spec")
            return jobSpec(fv, p, out);
        if (key == "status")
            return jobStatus(fv, p, out.job.status);
        if (key == "kind")
            return kind(fv, p, "Job");
        return true;
    });
}

bool Decoder::podSpec(od::value& v, const Path& path, PodObject& out) {
    const char* start = m_extras ? spanStart(v) : nullptr;
    const bool ok = members(v, path, [&](std::string_view key, od::value& fv) {
        const Path p = path.child(key);
        if (key == "nodeName")
            return string(fv, p, out.pod.nodeName);
        if (key == "hostname")
            return string(fv, p, out.pod.hostname);
        if (!m_extras)
            return true;
        if (key == "containers")
            return containerSpecs(fv, p, nullptr, &out.containers);
        if (key == "initContainers")
            return containerSpecs(fv, p, nullptr, &out.initContainers);
        return true;
    });
    if (ok && start != nullptr)
        spanEnd(start, out.specJson);
    return ok;
}

bool Decoder::containerStatus(od::value& v, const Path& path, engine::ContainerStatus& cs) {
    return members(v, path, [&](std::string_view key, od::value& fv) {
        const Path p = path.child(key);
        if (key == "name")
            return string(fv, p, cs.name);
        if (key == "ready")
            return boolean(fv, p, cs.ready);
        if (key == "restartCount")
            return int32(fv, p, cs.restartCount);
        if (key != "state")
            return true;
        return members(fv, p, [&](std::string_view sk, od::value& sv) {
            const Path sp = p.child(sk);
            if (sk == "waiting") {
                cs.state = engine::ContainerStateKind::Waiting;
                return members(sv, sp, [&](std::string_view wk, od::value& wv) {
                    if (wk == "reason")
                        return string(wv, sp.child(wk), cs.reason);
                    if (wk == "message")
                        return string(wv, sp.child(wk), cs.message);
                    return true;
                });
            }
            if (sk == "running") {
                json_type t = json_type::null;
                if (!typeOf(sv, sp, t))
                    return false;
                if (t == json_type::null)
                    return true;
                cs.state = engine::ContainerStateKind::Running;
                return members(sv, sp, [&](std::string_view rk, od::value& rv) {
                    if (rk == "startedAt")
                        return time(rv, sp.child(rk), cs.startedAt);
                    return true;
                });
            }
            if (sk == "terminated") {
                json_type t = json_type::null;
                if (!typeOf(sv, sp, t))
                    return false;
                if (t == json_type::null)
                    return true;
                cs.state = engine::ContainerStateKind::Terminated;
                return members(sv, sp, [&](std::string_view tk, od::value& tv) {
                    const Path tp = sp.child(tk);
                    if (tk == "exitCode")
                        return int32(tv, tp, cs.exitCode);
                    if (tk == "signal")
                        return int32(tv, tp, cs.signal);
                    if (tk == "reason")
                        return string(tv, tp, cs.reason);
                    if (tk == "message")
                        return string(tv, tp, cs.message);
                    if (tk == "startedAt")
                        return time(tv, tp, cs.startedAt);
                    if (tk == "finishedAt")
                        return time(tv, tp, cs.finishedAt);
                    return true;
                });
            }
            return true;
        });
    });
}

bool Decoder::podStatus(od::value& v, const Path& path, PodObject& out) {
    engine::Pod& pod = out.pod;
    return members(v, path, [&](std::string_view key, od::value& fv) {
        const Path p = path.child(key);
        if (key == "phase")
            return enumeration(fv, p, pod.phase, &engine::podPhaseFromString,
                               "Pending, Running, Succeeded, Failed or Unknown");
        if (key == "conditions")
            return conditions(fv, p, pod.conditions);
        if (key == "startTime")
            return time(fv, p, pod.startTime);
        if (key == "containerStatuses" || key == "initContainerStatuses") {
            auto& list =
                key == "containerStatuses" ? pod.containerStatuses : pod.initContainerStatuses;
            return elements(fv, p, [&](od::value& ev, const Path& ep) {
                list.emplace_back();
                return containerStatus(ev, ep, list.back());
            });
        }
        if (key == "reason")
            return string(fv, p, pod.reason);
        if (key == "message")
            return string(fv, p, pod.message);
        if (!m_extras)
            return true;
        if (key == "podIP")
            return string(fv, p, out.podIP);
        if (key == "hostIP")
            return string(fv, p, out.hostIP);
        if (key == "qosClass")
            return string(fv, p, out.qosClass);
        return true;
    });
}

bool Decoder::pod(od::value& v, const Path& path, PodObject& out) {
    // The API omits `finalizers` when there are none.
    out.pod.hasTrackingFinalizer = false;
    return members(v, path, [&](std::string_view key, od::value& fv) {
        const Path p = path.child(key);
        if (key == "metadata")
            return meta(fv, p, out.pod.metadata, out.meta, &out.pod);
        if (key == "spec")
            return podSpec(fv, p, out);
        if (key == "status")
            return podStatus(fv, p, out);
        if (key == "kind")
            return kind(fv, p, "Pod");
        return true;
    });
}

bool Decoder::listMeta(od::value& v, const Path& path, ListMeta& out) {
    return members(v, path, [&](std::string_view key, od::value& fv) {
        const Path p = path.child(key);
        if (key == "resourceVersion")
            return string(fv, p, out.resourceVersion);
        if (key == "continue")
            return string(fv, p, out.continueToken);
        if (key == "remainingItemCount")
            return int64(fv, p, out.remainingItemCount);
        return true;
    });
}

bool Decoder::status(od::value& v, const Path& path, ApiStatus& out) {
    return members(v, path, [&](std::string_view key, od::value& fv) {
        const Path p = path.child(key);
        if (key == "status")
            return string(fv, p, out.status);
        if (key == "message")
            return string(fv, p, out.message);
        if (key == "reason")
            return string(fv, p, out.reason);
        if (key == "code")
            return int32(fv, p, out.code);
        if (key == "details")
            return members(fv, p, [&](std::string_view dkey, od::value& dv) {
                if (dkey != "causes")
                    return true;
                return elements(dv, p.child(dkey), [&](od::value& cv, const Path& cp) {
                    ApiStatus::Cause& c = out.causes.emplace_back();
                    return members(cv, cp, [&](std::string_view ckey, od::value& f) {
                        const Path fp = cp.child(ckey);
                        if (ckey == "reason")
                            return string(f, fp, c.type);
                        if (ckey == "message")
                            return string(f, fp, c.message);
                        if (ckey == "field")
                            return string(f, fp, c.field);
                        return true;
                    });
                });
            });
        return true;
    });
}

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
        bool ok = false;
        d.decode(v, p, out, ok);
        return ok;
    });
}

template <typename List> engine::Result<List> decodeList(JsonText json, std::string_view listKind) {
    return decodeDocument<List>(
        json, true, [&](Decoder& d, od::value& v, const Path& path, List& out) {
            return d.members(v, path, [&](std::string_view key, od::value& fv) {
                const Path p = path.child(key);
                if (key == "metadata")
                    return d.listMeta(fv, p, out.metadata);
                if (key == "kind")
                    return d.kind(fv, p, listKind, "List");
                if (key != "items")
                    return true;
                return d.elements(
                    fv, p,
                    [&](od::value& ev, const Path& ep) {
                        out.items.emplace_back();
                        bool ok = false;
                        d.decode(ev, ep, out.items.back(), ok);
                        return ok;
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
                bool decoded = false;
                d.decode(fv, p, out.object, decoded);
                return decoded;
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
                bool ok = false;
                d.decode(v, root.child("object"), out, ok);
                return ok;
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
