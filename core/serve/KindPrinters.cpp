#include "KindPrinters.h"

#include "codec/Rfc3339.h"
#include "engine/Clock.h"

namespace tessera::serve::printers {

namespace {

const QString kMetadata = QStringLiteral("metadata");
const QString kSpec = QStringLiteral("spec");
const QString kStatus = QStringLiteral("status");
const QString kNone = QStringLiteral("<none>");

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

QJsonObject nameColumn() {
    return column("Name", "string", 0, "name");
}

QString nameOf(const QJsonObject& o) {
    return o.value(kMetadata).toObject().value(QStringLiteral("name")).toString();
}

// translateTimestampSince: "<unknown>" for no time, else the age.
QString ageOf(const QJsonObject& o, int64_t nowMs) {
    const QString created =
        o.value(kMetadata).toObject().value(QStringLiteral("creationTimestamp")).toString();
    return humanDuration(secondsSince(created, nowMs));
}

QString since(const QJsonValue& time, int64_t nowMs) {
    return time.toString().isEmpty() ? kNone : humanDuration(secondsSince(time.toString(), nowMs));
}

QString orNone(const QString& text) {
    return text.isEmpty() ? kNone : text;
}

QString boolText(const QJsonValue& v) {
    if (!v.isBool())
        return QStringLiteral("<unset>");
    return v.toBool() ? QStringLiteral("True") : QStringLiteral("False");
}

// The containers, images and selector columns of workloads (`-o wide`).
QJsonArray containersImagesSelector(const QJsonObject& podTemplate, const QJsonObject& selector) {
    QStringList containers, images, terms;
    for (const QJsonValue& c :
         podTemplate.value(kSpec).toObject().value(QStringLiteral("containers")).toArray()) {
        containers << c.toObject().value(QStringLiteral("name")).toString();
        images << c.toObject().value(QStringLiteral("image")).toString();
    }
    const QJsonObject labels = selector.value(QStringLiteral("matchLabels")).toObject();
    for (auto it = labels.begin(); it != labels.end(); ++it)
        terms << it.key() + QLatin1Char('=') + it.value().toString();
    return {containers.join(QLatin1Char(',')), images.join(QLatin1Char(',')),
            selector.isEmpty() ? kNone : terms.join(QLatin1Char(','))};
}

QJsonArray defaultColumns() {
    return {nameColumn(), column("Age", "string")};
}
QJsonArray defaultCells(const QJsonObject& o, int64_t nowMs) {
    return {nameOf(o), ageOf(o, nowMs)};
}

QJsonArray podColumns() {
    return {nameColumn(),
            column("Ready", "string"),
            column("Status", "string"),
            column("Restarts", "string"),
            column("Age", "string"),
            column("IP", "string", 1),
            column("Node", "string", 1)};
}
QJsonArray podCells(const QJsonObject& o, int64_t nowMs) {
    const QJsonObject spec = o.value(kSpec).toObject();
    const QJsonObject status = o.value(kStatus).toObject();
    int ready = 0, restarts = 0;
    QString reason = status.value(QStringLiteral("phase")).toString();
    for (const QJsonValue& c : status.value(QStringLiteral("containerStatuses")).toArray()) {
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
    if (o.value(kMetadata).toObject().contains(QStringLiteral("deletionTimestamp")))
        reason = QStringLiteral("Terminating");
    const int total = spec.value(QStringLiteral("containers")).toArray().size();
    return {nameOf(o),
            QStringLiteral("%1/%2").arg(ready).arg(total),
            reason,
            QString::number(restarts),
            ageOf(o, nowMs),
            status.value(QStringLiteral("podIP")).toString(kNone),
            spec.value(QStringLiteral("nodeName")).toString(kNone)};
}

QJsonArray jobColumns() {
    return {nameColumn(),
            column("Status", "string"),
            column("Completions", "string"),
            column("Duration", "string"),
            column("Age", "string"),
            column("Containers", "string", 1),
            column("Images", "string", 1),
            column("Selector", "string", 1)};
}
QString jobStatusText(const QJsonObject& job) {
    const QJsonObject status = job.value(kStatus).toObject();
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
QJsonArray jobCells(const QJsonObject& o, int64_t nowMs) {
    const QJsonObject spec = o.value(kSpec).toObject();
    const QJsonObject status = o.value(kStatus).toObject();
    const int succeeded = status.value(QStringLiteral("succeeded")).toInt();
    const QString completions = spec.value(QStringLiteral("completions")).isDouble()
                                    ? QStringLiteral("%1/%2").arg(succeeded).arg(
                                          spec.value(QStringLiteral("completions")).toInt(1))
                                    : QStringLiteral("%1/1 of %2")
                                          .arg(succeeded)
                                          .arg(spec.value(QStringLiteral("parallelism")).toInt(1));
    QString duration;
    if (status.contains(QStringLiteral("startTime"))) {
        const auto start =
            codec::parseRfc3339(status.value(QStringLiteral("startTime")).toString().toStdString());
        const auto end =
            status.contains(QStringLiteral("completionTime"))
                ? codec::parseRfc3339(
                      status.value(QStringLiteral("completionTime")).toString().toStdString())
                : std::optional<engine::TimePoint>(engine::fromUnixMillis(nowMs));
        if (start && end)
            duration =
                humanDuration((engine::toUnixMillis(*end) - engine::toUnixMillis(*start)) / 1000);
    }
    QJsonArray cells{nameOf(o), jobStatusText(o), completions, duration, ageOf(o, nowMs)};
    for (const QJsonValue& v :
         containersImagesSelector(spec.value(QStringLiteral("template")).toObject(),
                                  spec.value(QStringLiteral("selector")).toObject()))
        cells.append(v);
    return cells;
}

QJsonArray eventColumns() {
    return {column("Last Seen", "string"), column("Type", "string"), column("Reason", "string"),
            column("Object", "string"), column("Message", "string")};
}
QJsonArray eventCells(const QJsonObject& o, int64_t nowMs) {
    const QJsonObject involved = o.value(QStringLiteral("involvedObject")).toObject();
    return {humanDuration(secondsSince(o.value(QStringLiteral("lastTimestamp")).toString(), nowMs)),
            o.value(QStringLiteral("type")).toString(),
            o.value(QStringLiteral("reason")).toString(),
            involved.value(QStringLiteral("kind")).toString().toLower() + QLatin1Char('/') +
                involved.value(QStringLiteral("name")).toString(),
            o.value(QStringLiteral("message")).toString()};
}

QJsonArray nodeColumns() {
    return {nameColumn(),
            column("Status", "string"),
            column("Roles", "string"),
            column("Age", "string"),
            column("Version", "string"),
            column("Internal-IP", "string", 1),
            column("External-IP", "string", 1),
            column("OS-Image", "string", 1),
            column("Kernel-Version", "string", 1),
            column("Container-Runtime", "string", 1)};
}
QJsonArray nodeCells(const QJsonObject& o, int64_t nowMs) {
    const QJsonObject status = o.value(kStatus).toObject();
    QString ready = QStringLiteral("Unknown");
    for (const QJsonValue& c : status.value(QStringLiteral("conditions")).toArray())
        if (c.toObject().value(QStringLiteral("type")).toString() == QLatin1String("Ready"))
            ready = c.toObject().value(QStringLiteral("status")).toString() == QLatin1String("True")
                        ? QStringLiteral("Ready")
                        : QStringLiteral("NotReady");
    if (o.value(kSpec).toObject().value(QStringLiteral("unschedulable")).toBool())
        ready += QStringLiteral(",SchedulingDisabled");
    // Roles: the node-role.kubernetes.io/ROLE labels (and kubernetes.io/role).
    QStringList roles;
    const QJsonObject labels =
        o.value(kMetadata).toObject().value(QStringLiteral("labels")).toObject();
    for (auto it = labels.begin(); it != labels.end(); ++it) {
        if (it.key().startsWith(QLatin1String("node-role.kubernetes.io/")))
            roles << it.key().section(QLatin1Char('/'), 1);
        else if (it.key() == QLatin1String("kubernetes.io/role"))
            roles << it.value().toString();
    }
    roles.removeAll(QString());
    roles.sort();
    QString internalIp, externalIp;
    for (const QJsonValue& a : status.value(QStringLiteral("addresses")).toArray()) {
        const QString type = a.toObject().value(QStringLiteral("type")).toString();
        const QString address = a.toObject().value(QStringLiteral("address")).toString();
        if (type == QLatin1String("InternalIP") && internalIp.isEmpty())
            internalIp = address;
        else if (type == QLatin1String("ExternalIP") && externalIp.isEmpty())
            externalIp = address;
    }
    const QJsonObject info = status.value(QStringLiteral("nodeInfo")).toObject();
    const auto infoText = [&](const char* key) {
        const QString text = info.value(QLatin1String(key)).toString();
        return text.isEmpty() ? QStringLiteral("<unknown>") : text;
    };
    return {nameOf(o),
            ready,
            roles.isEmpty() ? kNone : roles.join(QLatin1Char(',')),
            ageOf(o, nowMs),
            info.value(QStringLiteral("kubeletVersion")).toString(),
            orNone(internalIp),
            orNone(externalIp),
            infoText("osImage"),
            infoText("kernelVersion"),
            infoText("containerRuntimeVersion")};
}

QJsonArray namespaceColumns() {
    return {nameColumn(), column("Status", "string"), column("Age", "string")};
}
QJsonArray namespaceCells(const QJsonObject& o, int64_t nowMs) {
    return {nameOf(o), o.value(kStatus).toObject().value(QStringLiteral("phase")).toString(),
            ageOf(o, nowMs)};
}

QJsonArray configMapColumns() {
    return {nameColumn(), column("Data", "string"), column("Age", "string")};
}
QJsonArray configMapCells(const QJsonObject& o, int64_t nowMs) {
    const qsizetype data = o.value(QStringLiteral("data")).toObject().size() +
                           o.value(QStringLiteral("binaryData")).toObject().size();
    return {nameOf(o), QString::number(data), ageOf(o, nowMs)};
}

QJsonArray secretColumns() {
    return {nameColumn(), column("Type", "string"), column("Data", "string"),
            column("Age", "string")};
}
QJsonArray secretCells(const QJsonObject& o, int64_t nowMs) {
    return {nameOf(o), o.value(QStringLiteral("type")).toString(),
            QString::number(o.value(QStringLiteral("data")).toObject().size()), ageOf(o, nowMs)};
}

QJsonArray serviceAccountColumns() {
    return {nameColumn(), column("Secrets", "string"), column("Age", "string")};
}
QJsonArray serviceAccountCells(const QJsonObject& o, int64_t nowMs) {
    return {nameOf(o), QString::number(o.value(QStringLiteral("secrets")).toArray().size()),
            ageOf(o, nowMs)};
}

QJsonArray serviceColumns() {
    return {nameColumn(),
            column("Type", "string"),
            column("Cluster-IP", "string"),
            column("External-IP", "string"),
            column("Port(s)", "string"),
            column("Age", "string"),
            column("Selector", "string", 1)};
}
QJsonArray serviceCells(const QJsonObject& o, int64_t nowMs) {
    const QJsonObject spec = o.value(kSpec).toObject();
    const QString type = spec.value(QStringLiteral("type")).toString();
    // getServiceExternalIP: LoadBalancer ingress or <pending>, externalIPs, externalName.
    QStringList external;
    for (const QJsonValue& ip : spec.value(QStringLiteral("externalIPs")).toArray())
        external << ip.toString();
    if (type == QLatin1String("LoadBalancer")) {
        for (const QJsonValue& in : o.value(kStatus)
                                        .toObject()
                                        .value(QStringLiteral("loadBalancer"))
                                        .toObject()
                                        .value(QStringLiteral("ingress"))
                                        .toArray()) {
            const QJsonObject i = in.toObject();
            external << i.value(QStringLiteral("ip"))
                            .toString(i.value(QStringLiteral("hostname")).toString());
        }
        if (external.isEmpty())
            external << QStringLiteral("<pending>");
    } else if (type == QLatin1String("ExternalName")) {
        external << spec.value(QStringLiteral("externalName")).toString();
    }
    QStringList ports;
    for (const QJsonValue& v : spec.value(QStringLiteral("ports")).toArray()) {
        const QJsonObject p = v.toObject();
        const QString protocol =
            p.value(QStringLiteral("protocol")).toString(QStringLiteral("TCP"));
        const int port = p.value(QStringLiteral("port")).toInt();
        ports << (p.contains(QStringLiteral("nodePort"))
                      ? QStringLiteral("%1:%2/%3")
                            .arg(port)
                            .arg(p.value(QStringLiteral("nodePort")).toInt())
                            .arg(protocol)
                      : QStringLiteral("%1/%2").arg(port).arg(protocol));
    }
    QStringList selector;
    const QJsonObject labels = spec.value(QStringLiteral("selector")).toObject();
    for (auto it = labels.begin(); it != labels.end(); ++it)
        selector << it.key() + QLatin1Char('=') + it.value().toString();
    return {nameOf(o),
            type,
            orNone(spec.value(QStringLiteral("clusterIP")).toString()),
            external.isEmpty() ? kNone : external.join(QLatin1Char(',')),
            ports.isEmpty() ? kNone : ports.join(QLatin1Char(',')),
            ageOf(o, nowMs),
            selector.isEmpty() ? kNone : selector.join(QLatin1Char(','))};
}

QJsonArray cronJobColumns() {
    return {nameColumn(),
            column("Schedule", "string"),
            column("Timezone", "string"),
            column("Suspend", "boolean"),
            column("Active", "integer"),
            column("Last Schedule", "string"),
            column("Age", "string"),
            column("Containers", "string", 1),
            column("Images", "string", 1),
            column("Selector", "string", 1)};
}
QJsonArray cronJobCells(const QJsonObject& o, int64_t nowMs) {
    const QJsonObject spec = o.value(kSpec).toObject();
    const QJsonObject status = o.value(kStatus).toObject();
    const QJsonObject jobSpec =
        spec.value(QStringLiteral("jobTemplate")).toObject().value(kSpec).toObject();
    QJsonArray cells{nameOf(o),
                     spec.value(QStringLiteral("schedule")).toString(),
                     orNone(spec.value(QStringLiteral("timeZone")).toString()),
                     boolText(spec.value(QStringLiteral("suspend"))),
                     status.value(QStringLiteral("active")).toArray().size(),
                     since(status.value(QStringLiteral("lastScheduleTime")), nowMs),
                     ageOf(o, nowMs)};
    for (const QJsonValue& v :
         containersImagesSelector(jobSpec.value(QStringLiteral("template")).toObject(),
                                  jobSpec.value(QStringLiteral("selector")).toObject()))
        cells.append(v);
    return cells;
}

} // namespace

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

const Printer kDefault{defaultColumns, defaultCells};
const Printer kPod{podColumns, podCells};
const Printer kJob{jobColumns, jobCells};
const Printer kEvent{eventColumns, eventCells};
const Printer kNode{nodeColumns, nodeCells};
const Printer kNamespace{namespaceColumns, namespaceCells};
const Printer kConfigMap{configMapColumns, configMapCells};
const Printer kSecret{secretColumns, secretCells};
const Printer kServiceAccount{serviceAccountColumns, serviceAccountCells};
const Printer kService{serviceColumns, serviceCells};
const Printer kCronJob{cronJobColumns, cronJobCells};

} // namespace tessera::serve::printers
