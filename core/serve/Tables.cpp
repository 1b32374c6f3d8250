#include "Tables.h"

#include "codec/Rfc3339.h"
#include "engine/Clock.h"

#include <QJsonArray>

namespace tessera::serve {

namespace {

// "45s", "3m12s", "5h", "2d" as kubectl's HumanDuration shortens them.
QString humanDuration(int64_t seconds) {
    if (seconds < 0)
        seconds = 0;
    if (seconds < 120)
        return QStringLiteral("%1s").arg(seconds);
    const int64_t minutes = seconds / 60;
    if (minutes < 10)
        return QStringLiteral("%1m%2s").arg(minutes).arg(seconds % 60);
    if (minutes < 180)
        return QStringLiteral("%1m").arg(minutes);
    const int64_t hours = minutes / 60;
    if (hours < 48)
        return QStringLiteral("%1h").arg(hours);
    return QStringLiteral("%1d").arg(hours / 24);
}

int64_t secondsSince(const QString& rfc3339, int64_t nowMs) {
    const auto t = codec::parseRfc3339(rfc3339.toStdString());
    return t ? (nowMs - engine::toUnixMillis(*t)) / 1000 : 0;
}

QJsonObject column(const char* name, const char* type, int priority = 0, const char* format = "") {
    return QJsonObject{{QStringLiteral("name"), QLatin1String(name)},
                       {QStringLiteral("type"), QLatin1String(type)},
                       {QStringLiteral("format"), QLatin1String(format)},
                       {QStringLiteral("description"), QString()},
                       {QStringLiteral("priority"), priority}};
}

QJsonArray columnsFor(const QString& resource) {
    if (resource == QLatin1String("jobs"))
        return {column("Name", "string", 0, "name"),
                column("Status", "string"),
                column("Completions", "string"),
                column("Duration", "string"),
                column("Age", "string"),
                column("Containers", "string", 1),
                column("Images", "string", 1),
                column("Selector", "string", 1)};
    if (resource == QLatin1String("pods"))
        return {column("Name", "string", 0, "name"),
                column("Ready", "string"),
                column("Status", "string"),
                column("Restarts", "string"),
                column("Age", "string"),
                column("IP", "string", 1),
                column("Node", "string", 1)};
    if (resource == QLatin1String("events"))
        return {column("Last Seen", "string"), column("Type", "string"), column("Reason", "string"),
                column("Object", "string"), column("Message", "string")};
    return {column("Name", "string", 0, "name"), column("Age", "string")};
}

QString jobStatusText(const QJsonObject& job) {
    const QJsonObject status = job.value(QStringLiteral("status")).toObject();
    QString text = QStringLiteral("Running");
    for (const QJsonValue& c : status.value(QStringLiteral("conditions")).toArray()) {
        const QJsonObject o = c.toObject();
        if (o.value(QStringLiteral("status")).toString() != QLatin1String("True"))
            continue;
        const QString type = o.value(QStringLiteral("type")).toString();
        if (type == QLatin1String("Complete") || type == QLatin1String("Failed") ||
            type == QLatin1String("Suspended"))
            text = type;
        else if (type == QLatin1String("FailureTarget") && text == QLatin1String("Running"))
            text = QStringLiteral("FailureTarget");
        else if (type == QLatin1String("SuccessCriteriaMet") && text == QLatin1String("Running"))
            text = QStringLiteral("SuccessCriteriaMet");
    }
    return text;
}

QJsonArray cellsFor(const QString& resource, const QJsonObject& o, int64_t nowMs) {
    const QJsonObject meta = o.value(QStringLiteral("metadata")).toObject();
    const QString name = meta.value(QStringLiteral("name")).toString();
    const QString age = humanDuration(
        secondsSince(meta.value(QStringLiteral("creationTimestamp")).toString(), nowMs));
    const QJsonObject spec = o.value(QStringLiteral("spec")).toObject();
    const QJsonObject status = o.value(QStringLiteral("status")).toObject();
    if (resource == QLatin1String("jobs")) {
        const int completions = spec.value(QStringLiteral("completions")).toInt(1);
        const QString completionsText =
            spec.value(QStringLiteral("completions")).isDouble()
                ? QStringLiteral("%1/%2")
                      .arg(status.value(QStringLiteral("succeeded")).toInt())
                      .arg(completions)
                : QStringLiteral("%1/1 of %2")
                      .arg(status.value(QStringLiteral("succeeded")).toInt())
                      .arg(spec.value(QStringLiteral("parallelism")).toInt(1));
        QString duration;
        if (status.contains(QStringLiteral("startTime"))) {
            const auto start = codec::parseRfc3339(
                status.value(QStringLiteral("startTime")).toString().toStdString());
            const auto end =
                status.contains(QStringLiteral("completionTime"))
                    ? codec::parseRfc3339(
                          status.value(QStringLiteral("completionTime")).toString().toStdString())
                    : std::optional<engine::TimePoint>(engine::fromUnixMillis(nowMs));
            if (start && end)
                duration = humanDuration(
                    (engine::toUnixMillis(*end) - engine::toUnixMillis(*start)) / 1000);
        }
        QStringList containers, images;
        for (const QJsonValue& c : spec.value(QStringLiteral("template"))
                                       .toObject()
                                       .value(QStringLiteral("spec"))
                                       .toObject()
                                       .value(QStringLiteral("containers"))
                                       .toArray()) {
            containers << c.toObject().value(QStringLiteral("name")).toString();
            images << c.toObject().value(QStringLiteral("image")).toString();
        }
        QStringList selector;
        const QJsonObject labels = spec.value(QStringLiteral("selector"))
                                       .toObject()
                                       .value(QStringLiteral("matchLabels"))
                                       .toObject();
        for (auto it = labels.begin(); it != labels.end(); ++it)
            selector << it.key() + QLatin1Char('=') + it.value().toString();
        return {name,
                jobStatusText(o),
                completionsText,
                duration,
                age,
                containers.join(QLatin1Char(',')),
                images.join(QLatin1Char(',')),
                selector.join(QLatin1Char(','))};
    }
    if (resource == QLatin1String("pods")) {
        const QJsonArray statuses = status.value(QStringLiteral("containerStatuses")).toArray();
        int ready = 0, restarts = 0;
        QString reason = status.value(QStringLiteral("phase")).toString();
        for (const QJsonValue& c : statuses) {
            const QJsonObject cs = c.toObject();
            ready += cs.value(QStringLiteral("ready")).toBool() ? 1 : 0;
            restarts += cs.value(QStringLiteral("restartCount")).toInt();
            const QJsonObject state = cs.value(QStringLiteral("state")).toObject();
            const QString waiting = state.value(QStringLiteral("waiting"))
                                        .toObject()
                                        .value(QStringLiteral("reason"))
                                        .toString();
            const QString terminated = state.value(QStringLiteral("terminated"))
                                           .toObject()
                                           .value(QStringLiteral("reason"))
                                           .toString();
            if (!waiting.isEmpty())
                reason = waiting;
            else if (!terminated.isEmpty())
                reason = terminated;
        }
        if (meta.contains(QStringLiteral("deletionTimestamp")))
            reason = QStringLiteral("Terminating");
        const int total = spec.value(QStringLiteral("containers")).toArray().size();
        return {name,
                QStringLiteral("%1/%2").arg(ready).arg(total),
                reason,
                QString::number(restarts),
                age,
                status.value(QStringLiteral("podIP")).toString(QStringLiteral("<none>")),
                spec.value(QStringLiteral("nodeName")).toString(QStringLiteral("<none>"))};
    }
    if (resource == QLatin1String("events")) {
        const QJsonObject involved = o.value(QStringLiteral("involvedObject")).toObject();
        return {
            humanDuration(secondsSince(o.value(QStringLiteral("lastTimestamp")).toString(), nowMs)),
            o.value(QStringLiteral("type")).toString(),
            o.value(QStringLiteral("reason")).toString(),
            involved.value(QStringLiteral("kind")).toString().toLower() + QLatin1Char('/') +
                involved.value(QStringLiteral("name")).toString(),
            o.value(QStringLiteral("message")).toString()};
    }
    return {name, age};
}

} // namespace

QJsonObject makeTable(const ResourceInfo& resource, const std::vector<ObjectPtr>& objects,
                      const QString& includeObject, bool withColumns,
                      const QString& resourceVersion) {
    const QString name = QLatin1String(resource.name);
    const int64_t nowMs = engine::toUnixMillis(engine::SystemClock().now());
    QJsonArray rows;
    for (const ObjectPtr& object : objects) {
        QJsonObject row{{QStringLiteral("cells"), cellsFor(name, object->json, nowMs)}};
        if (includeObject == QLatin1String("Object")) {
            row.insert(QStringLiteral("object"), object->json);
        } else if (includeObject != QLatin1String("None")) {
            row.insert(
                QStringLiteral("object"),
                QJsonObject{
                    {QStringLiteral("kind"), QStringLiteral("PartialObjectMetadata")},
                    {QStringLiteral("apiVersion"), QStringLiteral("meta.k8s.io/v1")},
                    {QStringLiteral("metadata"), object->json.value(QStringLiteral("metadata"))}});
        }
        rows.append(row);
    }
    QJsonObject table{{QStringLiteral("kind"), QStringLiteral("Table")},
                      {QStringLiteral("apiVersion"), QStringLiteral("meta.k8s.io/v1")},
                      {QStringLiteral("metadata"),
                       QJsonObject{{QStringLiteral("resourceVersion"), resourceVersion}}},
                      {QStringLiteral("rows"), rows}};
    table.insert(QStringLiteral("columnDefinitions"),
                 withColumns ? columnsFor(name) : QJsonArray());
    return table;
}

} // namespace tessera::serve
