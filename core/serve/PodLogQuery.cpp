#include "PodLogQuery.h"

#include "ApiCodec.h"
#include "ApiValidation.h"
#include "codec/Rfc3339.h"

#include <QJsonArray>

namespace tessera::serve {

namespace {

// A query integer, or the 400 the API server's parameter decoding answers for text.
ApiOutcome<std::optional<qint64>> integerParam(const HttpRequest& r, const char* name) {
    if (!r.hasParam(name))
        return std::optional<qint64>();
    bool ok = false;
    const qint64 value = r.param(name).toLongLong(&ok);
    if (!ok)
        return apiFailure(400, "BadRequest",
                          QStringLiteral("%1: invalid value \"%2\": not an integer")
                              .arg(QLatin1String(name), r.param(name)));
    return std::optional<qint64>(value);
}

QStringList namesOf(const QJsonArray& containers) {
    QStringList names;
    for (const QJsonValue& c : containers)
        names << c.toObject().value(QStringLiteral("name")).toString();
    return names;
}

} // namespace

ApiOutcome<PodLogQuery> PodLogQuery::fromRequest(const HttpRequest& r, const QString& podName,
                                                 qint64 nowMs) {
    PodLogQuery q;
    q.container = r.param("container");
    q.previous = truthy(r.param("previous"));
    q.follow = truthy(r.param("follow"));
    q.timestamps = truthy(r.param("timestamps"));
    auto tail = integerParam(r, "tailLines");
    if (!tail)
        return tl::unexpected(tail.error());
    auto limit = integerParam(r, "limitBytes");
    if (!limit)
        return tl::unexpected(limit.error());
    auto sinceSeconds = integerParam(r, "sinceSeconds");
    if (!sinceSeconds)
        return tl::unexpected(sinceSeconds.error());
    q.tailLines = *tail;
    q.limitBytes = *limit;
    std::optional<qint64> sinceTime;
    if (r.hasParam("sinceTime")) {
        const auto t = codec::parseRfc3339(r.param("sinceTime").toStdString());
        if (!t)
            return apiFailure(400, "BadRequest",
                              QStringLiteral("sinceTime: invalid value \"%1\": not an RFC 3339 "
                                             "time")
                                  .arg(r.param("sinceTime")));
        sinceTime = engine::toUnixMillis(*t);
    }
    // ValidatePodLogOptions, every problem at once.
    QJsonArray causes;
    if (q.tailLines && *q.tailLines < 0)
        causes.append(fieldCause(QStringLiteral("tailLines"), "FieldValueInvalid",
                                 QStringLiteral("Invalid value: %1: must be greater than or equal "
                                                "to 0")
                                     .arg(*q.tailLines)));
    if (q.limitBytes && *q.limitBytes < 1)
        causes.append(fieldCause(
            QStringLiteral("limitBytes"), "FieldValueInvalid",
            QStringLiteral("Invalid value: %1: must be greater than 0").arg(*q.limitBytes)));
    if (*sinceSeconds && sinceTime)
        causes.append(fieldCause(QString(), "FieldValueForbidden",
                                 QStringLiteral("Forbidden: at most one of `sinceTime` or "
                                                "`sinceSeconds` may be specified")));
    else if (*sinceSeconds && **sinceSeconds < 1)
        causes.append(fieldCause(
            QStringLiteral("sinceSeconds"), "FieldValueInvalid",
            QStringLiteral("Invalid value: %1: must be greater than 0").arg(**sinceSeconds)));
    if (!causes.isEmpty()) {
        static const ResourceInfo kPodLogOptions{.name = "pods",
                                                 .singular = "",
                                                 .kind = "PodLogOptions",
                                                 .group = "",
                                                 .version = "v1",
                                                 .namespaced = true,
                                                 .shortNames = "",
                                                 .subresources = ""};
        ApiFailure f = invalidObject(kPodLogOptions, podName, causes);
        return tl::unexpected(f);
    }
    // A window reaching back past the epoch keeps every line; it is clamped before the
    // multiplication, which would overflow for a huge sinceSeconds.
    if (*sinceSeconds)
        q.sinceMs = **sinceSeconds > nowMs / 1000 ? 0 : nowMs - **sinceSeconds * 1000;
    if (sinceTime && (!q.sinceMs || *sinceTime > *q.sinceMs))
        q.sinceMs = sinceTime;
    return q;
}

std::optional<ApiFailure> PodLogQuery::resolveContainer(const QJsonObject& pod) {
    const QJsonObject meta = pod.value(QStringLiteral("metadata")).toObject();
    const QString name = meta.value(QStringLiteral("name")).toString();
    const QJsonObject spec = pod.value(QStringLiteral("spec")).toObject();
    const QStringList containers = namesOf(spec.value(QStringLiteral("containers")).toArray());
    const QStringList init = namesOf(spec.value(QStringLiteral("initContainers")).toArray());
    // pkg/registry/core/pod/strategy.go LogLocation.
    if (!container.isEmpty()) {
        if (containers.contains(container) || init.contains(container))
            return std::nullopt;
        return ApiFailure{
            400, QStringLiteral("BadRequest"),
            QStringLiteral("container %1 is not valid for pod %2").arg(container, name)};
    }
    if (containers.size() == 1) {
        container = containers.first();
        return std::nullopt;
    }
    if (containers.isEmpty())
        return ApiFailure{
            400, QStringLiteral("BadRequest"),
            QStringLiteral("a container name must be specified for pod %1").arg(name)};
    QString message =
        QStringLiteral("a container name must be specified for pod %1, choose one of: [%2]")
            .arg(name, containers.join(QLatin1Char(' ')));
    if (!init.isEmpty())
        message +=
            QStringLiteral(" or one of the init containers: [%1]").arg(init.join(QLatin1Char(' ')));
    return ApiFailure{400, QStringLiteral("BadRequest"), message};
}

QByteArray PodLogQuery::render(const LogLines& lines) const {
    // The kubelet seeks to the start of the last tailLines lines, then skips lines older than
    // the since time while writing, through a writer that stops after limitBytes.
    std::size_t first = 0;
    if (tailLines && static_cast<std::size_t>(*tailLines) < lines.size())
        first = lines.size() - static_cast<std::size_t>(*tailLines);
    LogStreamFilter writer(*this, 0);
    QByteArray out;
    for (std::size_t i = first; i < lines.size() && !writer.done(); ++i) {
        const LogLine& line = lines[i];
        if (sinceMs && line.atMs < *sinceMs)
            continue;
        out += writer.filter(line.text, line.atMs);
    }
    return out;
}

QByteArray LogStreamFilter::filter(const QByteArray& text, qint64 atMs) {
    QByteArray out;
    if (!m_timestamps) {
        out = text;
    } else {
        const QByteArray prefix = logTimestampPrefix(atMs);
        for (qsizetype at = 0; at < text.size();) {
            if (m_atLineStart)
                out += prefix;
            const qsizetype newline = text.indexOf('\n', at);
            const qsizetype end = newline < 0 ? text.size() : newline + 1;
            out += text.mid(at, end - at);
            m_atLineStart = newline >= 0;
            at = end;
        }
    }
    if (m_remaining < 0)
        return out;
    if (out.size() > m_remaining)
        out.truncate(m_remaining);
    m_remaining -= out.size();
    return out;
}

QByteArray logTimestampPrefix(qint64 atMs) {
    // "…:05.120Z" -> "…:05.120000000Z": the kubelet's RFC3339NanoFixed, nine digits always.
    std::string text =
        codec::formatRfc3339(engine::fromUnixMillis(atMs), codec::TimePrecision::Millis);
    text.insert(text.size() - 1, "000000");
    return QByteArray::fromStdString(text) + ' ';
}

} // namespace tessera::serve
