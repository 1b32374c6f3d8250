#include "JsonReportWriter.h"

#include "WriterSupport.h"
#include "codec/JsonWriter.h"
#include "codec/Rfc3339.h"

namespace tessera::report {

namespace {

void timeField(codec::JsonWriter& w, std::string_view name,
               const std::optional<engine::TimePoint>& t) {
    w.key(name);
    if (t)
        w.value(codec::formatRfc3339(*t, codec::TimePrecision::Millis));
    else
        w.null();
}

void secondsField(codec::JsonWriter& w, std::string_view name,
                  const std::optional<engine::Duration>& d) {
    w.key(name);
    if (d)
        w.value(engine::toSeconds(*d));
    else
        w.null();
}

template <typename T>
void optionalNumber(codec::JsonWriter& w, std::string_view name, const std::optional<T>& v) {
    w.key(name);
    if (v)
        w.value(static_cast<int64_t>(*v));
    else
        w.null();
}

void writeAttempt(codec::JsonWriter& w, const engine::Attempt& a) {
    w.beginObject();
    w.field("number", a.number);
    w.field("pod", a.podName);
    w.field("node", a.node);
    timeField(w, "createdAt", a.createdAt);
    timeField(w, "startedAt", a.startedAt);
    timeField(w, "finishedAt", a.finishedAt);
    secondsField(w, "durationSeconds", a.duration());
    w.field("outcome", engine::toString(a.outcome));
    optionalNumber(w, "exitCode", a.finishedAt ? a.exitCode : std::nullopt);
    optionalNumber(w, "signal", a.signal);
    w.field("reason", a.reason);
    w.field("message", a.message);
    w.field("failureCount", a.failureCount);
    w.endObject();
}

} // namespace

bool JsonReportWriter::write(const Report& r, QIODevice& device, const WriteControl& control,
                             QString& error) {
    codec::JsonWriter w(2);
    w.beginObject();
    w.field("schema", "tessera.report/v1");
    w.field("generatedAt", codec::formatRfc3339(r.generatedAt));
    w.field("source", r.source);

    w.key("job").beginObject();
    w.field("name", r.name);
    w.field("namespace", r.namespace_);
    w.field("uid", r.uid);
    w.endObject();

    w.key("spec").beginObject();
    w.field("completionMode", engine::toString(r.completionMode));
    w.field("completions", r.completions);
    w.field("parallelism", r.parallelism);
    optionalNumber(w, "backoffLimit", r.backoffLimit);
    optionalNumber(w, "backoffLimitPerIndex", r.backoffLimitPerIndex);
    optionalNumber(w, "maxFailedIndexes", r.maxFailedIndexes);
    optionalNumber(w, "activeDeadlineSeconds", r.activeDeadlineSeconds);
    w.field("successPolicy", r.successPolicy);
    w.field("rerun", r.rerun);
    w.endObject();

    w.key("outcome").beginObject();
    w.field("result", engine::toString(r.outcome));
    w.field("reason", r.reason);
    w.field("message", r.message);
    timeField(w, "startTime", r.start);
    timeField(w, "endTime", r.end);
    secondsField(w, "durationSeconds", r.duration);
    w.field("completedIndexes", r.completedIndexes);
    w.field("failedIndexes", r.failedIndexes);
    w.field("succeeded", r.succeededCount);
    w.field("failed", r.failedCount);
    w.field("failedPods", r.failedPods);
    w.field("failedAttempts", r.failedAttempts);
    w.field("deletedAttempts", r.deletedAttempts);
    w.field("active", r.activeCount);
    w.key("conditions").beginArray();
    for (const engine::Condition& c : r.conditions) {
        w.beginObject();
        w.field("type", c.type);
        w.field("status", engine::toString(c.status));
        w.field("reason", c.reason);
        w.field("message", c.message);
        timeField(w, "lastTransitionTime", c.lastTransitionTime);
        w.endObject();
    }
    w.endArray();
    w.endObject();

    const Percentiles& p = r.percentiles;
    w.key("durations").beginObject();
    w.field("samples", static_cast<int64_t>(p.samples));
    secondsField(w, "p50Seconds", p.p50);
    secondsField(w, "p90Seconds", p.p90);
    secondsField(w, "p99Seconds", p.p99);
    secondsField(w, "minSeconds", p.min);
    secondsField(w, "maxSeconds", p.max);
    secondsField(w, "meanSeconds", p.mean);
    w.endObject();

    w.key("slowest").beginArray();
    for (std::size_t i : r.slowest) {
        w.beginObject();
        w.field("index", r.rows[i].index);
        w.field("status", r.rows[i].status);
        secondsField(w, "durationSeconds", r.rows[i].duration);
        w.endObject();
    }
    w.endArray();

    w.key("progress").beginArray();
    for (const ProgressPoint& pt : r.progress) {
        w.beginObject();
        w.field("seconds", engine::toSeconds(pt.at));
        w.field("succeeded", pt.succeeded);
        w.field("failed", pt.failed);
        w.endObject();
    }
    w.endArray();

    w.key("histogram").beginArray();
    for (const HistogramBin& b : r.histogram) {
        w.beginObject();
        w.field("fromSeconds", engine::toSeconds(b.from));
        w.field("toSeconds", engine::toSeconds(b.to));
        w.field("count", b.count);
        w.endObject();
    }
    w.endArray();

    const auto total = static_cast<int64_t>(r.rows.size());
    w.key("indexes").beginArray();
    for (int64_t i = 0; i < total; ++i) {
        if (i % detail::kRowsPerStep == 0) {
            if (control.cancelled()) {
                error = detail::cancelledText();
                return false;
            }
            control.report(i, total);
        }
        const IndexRow& row = r.rows[static_cast<std::size_t>(i)];
        w.beginObject();
        w.field("index", row.index);
        optionalNumber(w, "originalIndex", row.originalIndex);
        w.field("status", row.status);
        w.field("attempts", row.attempts);
        w.field("failures", row.failures);
        w.field("hostname", row.hostname);
        w.field("node", row.node);
        timeField(w, "startTime", row.start);
        timeField(w, "endTime", row.end);
        secondsField(w, "durationSeconds", row.duration);
        optionalNumber(w, "exitCode", row.exitCode);
        optionalNumber(w, "signal", row.signal);
        w.field("reason", row.reason);
        w.field("message", row.message);
        w.key("history").beginArray();
        for (std::size_t id : row.attemptIds)
            writeAttempt(w, r.attempts[id]);
        w.endArray();
        w.endObject();
    }
    w.endArray();
    w.endObject();
    std::string text = w.take();
    text.push_back('\n');
    control.report(total, total);
    return detail::writeAll(device, text, error);
}

} // namespace tessera::report
