#pragma once
// The options of the pods/log subresource (PodLogOptions: container, previous, sinceSeconds,
// sinceTime, timestamps, tailLines, limitBytes), read from the query and checked as the API
// server checks them (ValidatePodLogOptions; the container by the pod's strategy), and applied
// to a log as the kubelet applies them (pkg/kubelet/kuberuntime/logs/logs.go): the last
// tailLines lines, of those the ones written at or after the since time, each with its RFC 3339
// time when asked, cut after limitBytes bytes.
#include "HttpConnection.h"
#include "PodLogs.h"
#include "ServeTypes.h"

#include <QJsonObject>
#include <algorithm>
#include <optional>

namespace tessera::serve {

struct PodLogQuery {
    QString container; // "" until resolved against the pod
    bool previous = false;
    bool follow = false;
    bool timestamps = false;
    std::optional<qint64> sinceMs; // Unix milliseconds; the later of sinceSeconds and sinceTime
    std::optional<qint64> tailLines;
    std::optional<qint64> limitBytes;

    // The options of `r`, validated; nowMs: the time sinceSeconds counts back from.
    static ApiOutcome<PodLogQuery> fromRequest(const HttpRequest& r, const QString& podName,
                                               qint64 nowMs);
    // Names the container of `pod` the log is of: the one asked for, which must be one of the
    // pod's (init) containers, or the only container when none is named (else a 400 naming them).
    std::optional<ApiFailure> resolveContainer(const QJsonObject& pod);

    // The selected part of `lines`.
    QByteArray render(const LogLines& lines) const;
};

// A followed log's new text with the query's timestamps and limitBytes applied, piece by piece.
class LogStreamFilter {
public:
    explicit LogStreamFilter(const PodLogQuery& query, qint64 alreadySent)
        : m_timestamps(query.timestamps)
        , m_remaining(query.limitBytes ? std::max<qint64>(0, *query.limitBytes - alreadySent)
                                       : -1) {}

    // What to send of `text` written at `atMs`; done() once limitBytes is reached.
    QByteArray filter(const QByteArray& text, qint64 atMs);
    bool done() const { return m_remaining == 0; }

private:
    bool m_timestamps;
    qint64 m_remaining; // -1: unlimited
    bool m_atLineStart = true;
};

// The time in the kubelet's RFC3339NanoFixed form (nine fraction digits) and a space: the prefix
// of a timestamped log line.
QByteArray logTimestampPrefix(qint64 atMs);

} // namespace tessera::serve
