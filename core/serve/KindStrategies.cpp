#include "KindStrategies.h"

#include "ApiKinds.h"
#include "ApiValidation.h"
#include "CronJobSchedule.h"
#include "ObjectStore.h"
#include "PodDefaults.h"

#include <QRegularExpression>

namespace tessera::serve {

namespace {

const QString kMetadata = QStringLiteral("metadata");
const QString kSpec = QStringLiteral("spec");

void insertDefault(QJsonObject& o, const char* key, const QJsonValue& value) {
    if (!o.contains(QLatin1String(key)))
        o.insert(QLatin1String(key), value);
}

// Cluster IPs from 10.96.0.0/12, as kubeadm's default service range: .1 is `kubernetes`.
QString nextClusterIp() {
    static int next = 2;
    const int n = next++;
    return QStringLiteral("10.96.%1.%2").arg(n / 250).arg(n % 250 + (n / 250 == 0 ? 0 : 1));
}

} // namespace

namespace strategies {

void defaultService(QJsonObject& object, const ObjectPtr& previous) {
    QJsonObject spec = object.value(kSpec).toObject();
    insertDefault(spec, "type", QStringLiteral("ClusterIP"));
    insertDefault(spec, "sessionAffinity", QStringLiteral("None"));
    const bool headless =
        spec.value(QStringLiteral("clusterIP")).toString() == QLatin1String("None");
    const bool external =
        spec.value(QStringLiteral("type")).toString() == QLatin1String("ExternalName");
    if (!external && !headless) {
        // The allocated address is kept on update, as the real allocator keeps it.
        const QString kept = previous ? previous->json.value(kSpec)
                                            .toObject()
                                            .value(QStringLiteral("clusterIP"))
                                            .toString()
                                      : QString();
        if (!kept.isEmpty())
            spec.insert(QStringLiteral("clusterIP"), kept);
        else if (spec.value(QStringLiteral("clusterIP")).toString().isEmpty())
            spec.insert(QStringLiteral("clusterIP"), nextClusterIp());
        spec.insert(QStringLiteral("clusterIPs"),
                    QJsonArray{spec.value(QStringLiteral("clusterIP"))});
        insertDefault(spec, "ipFamilies", QJsonArray{QStringLiteral("IPv4")});
        insertDefault(spec, "ipFamilyPolicy", QStringLiteral("SingleStack"));
        insertDefault(spec, "internalTrafficPolicy", QStringLiteral("Cluster"));
    }
    QJsonArray ports;
    for (const QJsonValue& v : spec.value(QStringLiteral("ports")).toArray()) {
        QJsonObject p = v.toObject();
        insertDefault(p, "protocol", QStringLiteral("TCP"));
        insertDefault(p, "targetPort", p.value(QStringLiteral("port")));
        ports.append(p);
    }
    if (!ports.isEmpty())
        spec.insert(QStringLiteral("ports"), ports);
    object.insert(kSpec, spec);
    if (!previous)
        object.insert(QStringLiteral("status"),
                      QJsonObject{{QStringLiteral("loadBalancer"), QJsonObject()}});
}

void defaultSecret(QJsonObject& object, const ObjectPtr&) {
    insertDefault(object, "type", QStringLiteral("Opaque"));
    // stringData is write-only: merged into data (base64) and never stored, as the API does.
    const QJsonObject stringData = object.value(QStringLiteral("stringData")).toObject();
    if (!stringData.isEmpty()) {
        QJsonObject data = object.value(QStringLiteral("data")).toObject();
        for (auto it = stringData.begin(); it != stringData.end(); ++it)
            data.insert(it.key(), QString::fromLatin1(it.value().toString().toUtf8().toBase64()));
        object.insert(QStringLiteral("data"), data);
    }
    object.remove(QStringLiteral("stringData"));
}

void defaultCronJob(QJsonObject& object, const ObjectPtr&) {
    QJsonObject spec = object.value(kSpec).toObject();
    insertDefault(spec, "concurrencyPolicy", QStringLiteral("Allow"));
    insertDefault(spec, "suspend", false);
    insertDefault(spec, "successfulJobsHistoryLimit", 3);
    insertDefault(spec, "failedJobsHistoryLimit", 1);
    QJsonObject jobTemplate = spec.value(QStringLiteral("jobTemplate")).toObject();
    QJsonObject jobSpec = jobTemplate.value(kSpec).toObject();
    QJsonObject podTemplate = jobSpec.value(QStringLiteral("template")).toObject();
    QJsonObject podSpec = podTemplate.value(kSpec).toObject();
    defaultContainers(podSpec);
    podTemplate.insert(kSpec, podSpec);
    jobSpec.insert(QStringLiteral("template"), podTemplate);
    jobTemplate.insert(kSpec, jobSpec);
    spec.insert(QStringLiteral("jobTemplate"), jobTemplate);
    object.insert(kSpec, spec);
    insertDefault(object, "status", QJsonObject());
}

void defaultPod(QJsonObject& object, const ObjectPtr&) {
    QJsonObject spec = object.value(kSpec).toObject();
    defaultContainers(spec);
    object.insert(kSpec, spec);
}

QJsonArray validateService(const QJsonObject& object) {
    QJsonArray out;
    const QJsonObject spec = object.value(kSpec).toObject();
    const QString type = spec.value(QStringLiteral("type")).toString();
    static const QStringList types{QStringLiteral("ClusterIP"), QStringLiteral("NodePort"),
                                   QStringLiteral("LoadBalancer"), QStringLiteral("ExternalName")};
    if (!types.contains(type))
        out.append(fieldCause(QStringLiteral("spec.type"), "FieldValueNotSupported",
                              QStringLiteral("Unsupported value: \"%1\": supported values: "
                                             "\"ClusterIP\", \"ExternalName\", \"LoadBalancer\", "
                                             "\"NodePort\"")
                                  .arg(type)));
    const QJsonArray ports = spec.value(QStringLiteral("ports")).toArray();
    if (ports.isEmpty() && type != QLatin1String("ExternalName") &&
        spec.value(QStringLiteral("clusterIP")).toString() != QLatin1String("None"))
        out.append(fieldCause(QStringLiteral("spec.ports"), "FieldValueRequired",
                              QStringLiteral("Required value")));
    for (qsizetype i = 0; i < ports.size(); ++i) {
        const QJsonValue port = ports[i].toObject().value(QStringLiteral("port"));
        if (!port.isDouble() || port.toInt() < 1 || port.toInt() > 65535)
            out.append(fieldCause(QStringLiteral("spec.ports[%1].port").arg(i), "FieldValueInvalid",
                                  QStringLiteral("Invalid value: %1: must be between 1 and "
                                                 "65535, inclusive")
                                      .arg(port.toInt())));
    }
    return out;
}

QJsonArray validateSecret(const QJsonObject& object) {
    QJsonArray out;
    static const QRegularExpression key(QStringLiteral("^[-._a-zA-Z0-9]+$"));
    const QJsonObject data = object.value(QStringLiteral("data")).toObject();
    for (auto it = data.begin(); it != data.end(); ++it) {
        // The value is never echoed: a Secret's data must not reach an error message or a log.
        if (!key.match(it.key()).hasMatch() || it.key().size() > 253)
            out.append(fieldCause(QStringLiteral("data[%1]").arg(it.key()), "FieldValueInvalid",
                                  QStringLiteral("Invalid value: \"%1\": a valid config key must "
                                                 "consist of alphanumeric characters, '-', '_' "
                                                 "or '.'")
                                      .arg(it.key())));
        const QByteArray text = it.value().toString().toLatin1();
        if (QByteArray::fromBase64Encoding(text, QByteArray::AbortOnBase64DecodingErrors)
                .decodingStatus != QByteArray::Base64DecodingStatus::Ok)
            out.append(fieldCause(QStringLiteral("data[%1]").arg(it.key()), "FieldValueInvalid",
                                  QStringLiteral("Invalid value: \"<secret>\": not base64")));
    }
    return out;
}

// ValidateConfigMap: data and binaryData (decoded) hold at most core.MaxSecretSize (1 MiB)
// together; the error is the whole object's (no field), as upstream's.
QJsonArray validateConfigMap(const QJsonObject& object) {
    constexpr qint64 kMaxConfigMapBytes = qint64{1024} * 1024;
    qint64 total = 0;
    const QJsonObject data = object.value(QStringLiteral("data")).toObject();
    for (auto it = data.begin(); it != data.end(); ++it)
        total += it.value().toString().toUtf8().size();
    const QJsonObject binary = object.value(QStringLiteral("binaryData")).toObject();
    for (auto it = binary.begin(); it != binary.end(); ++it)
        total += QByteArray::fromBase64(it.value().toString().toLatin1()).size();
    if (total <= kMaxConfigMapBytes)
        return {};
    return {fieldCause(
        QString(), "FieldValueTooLong",
        QStringLiteral("Too long: may not be more than %1 bytes").arg(kMaxConfigMapBytes))};
}

QJsonArray validateCronJob(const QJsonObject& object) {
    QJsonArray out;
    const QJsonObject spec = object.value(kSpec).toObject();
    for (const QJsonValue& c : validateCronJobSchedule(spec))
        out.append(c);
    // A Job's name is the CronJob's plus "-" and the scheduled minute (up to 11 characters),
    // within the 63 of a label value.
    const QString name =
        object.value(kMetadata).toObject().value(QStringLiteral("name")).toString();
    if (name.size() > 52)
        out.append(fieldCause(QStringLiteral("metadata.name"), "FieldValueInvalid",
                              QStringLiteral("Invalid value: \"%1\": must be no more than 52 "
                                             "characters")
                                  .arg(name)));
    for (const char* counter :
         {"startingDeadlineSeconds", "successfulJobsHistoryLimit", "failedJobsHistoryLimit"}) {
        const QJsonValue value = spec.value(QLatin1String(counter));
        if (value.isDouble() && value.toDouble() < 0)
            out.append(fieldCause(QStringLiteral("spec.") + QLatin1String(counter),
                                  "FieldValueInvalid",
                                  QStringLiteral("Invalid value: %1: must be greater than or "
                                                 "equal to 0")
                                      .arg(value.toInteger())));
    }
    const QString policy = spec.value(QStringLiteral("concurrencyPolicy")).toString();
    if (policy != QLatin1String("Allow") && policy != QLatin1String("Forbid") &&
        policy != QLatin1String("Replace"))
        out.append(fieldCause(QStringLiteral("spec.concurrencyPolicy"), "FieldValueNotSupported",
                              QStringLiteral("Unsupported value: \"%1\": supported values: "
                                             "\"Allow\", \"Forbid\", \"Replace\"")
                                  .arg(policy)));
    const QJsonObject podSpec = spec.value(QStringLiteral("jobTemplate"))
                                    .toObject()
                                    .value(kSpec)
                                    .toObject()
                                    .value(QStringLiteral("template"))
                                    .toObject()
                                    .value(kSpec)
                                    .toObject();
    for (const QJsonValue& c :
         validatePodSpec(podSpec, QStringLiteral("spec.jobTemplate.spec.template.spec"), false))
        out.append(c);
    const QString restart = podSpec.value(QStringLiteral("restartPolicy")).toString();
    if (restart != QLatin1String("OnFailure") && restart != QLatin1String("Never"))
        out.append(fieldCause(QStringLiteral("spec.jobTemplate.spec.template.spec.restartPolicy"),
                              "FieldValueNotSupported",
                              QStringLiteral("Unsupported value: \"%1\": supported values: "
                                             "\"OnFailure\", \"Never\"")
                                  .arg(restart)));
    return out;
}

QJsonArray validatePod(const QJsonObject& object) {
    return validatePodSpec(object.value(kSpec).toObject(), QStringLiteral("spec"), false);
}

} // namespace strategies

void createDefaultServiceAccount(ObjectStore& store, const QString& namespace_) {
    store.create(
        QStringLiteral("serviceaccounts"), namespace_,
        QJsonObject{{QStringLiteral("apiVersion"), QStringLiteral("v1")},
                    {QStringLiteral("kind"), QStringLiteral("ServiceAccount")},
                    {kMetadata, QJsonObject{{QStringLiteral("name"), QStringLiteral("default")}}}});
}

void createBuiltinObjects(ObjectStore& store, int port) {
    for (const ObjectPtr& ns : store.list(QStringLiteral("namespaces"), QString()))
        createDefaultServiceAccount(store, ns->name);
    const QJsonObject port443{{QStringLiteral("name"), QStringLiteral("https")},
                              {QStringLiteral("port"), 443},
                              {QStringLiteral("protocol"), QStringLiteral("TCP")},
                              {QStringLiteral("targetPort"), port}};
    store.create(
        QStringLiteral("services"), QStringLiteral("default"),
        QJsonObject{
            {QStringLiteral("apiVersion"), QStringLiteral("v1")},
            {QStringLiteral("kind"), QStringLiteral("Service")},
            {kMetadata,
             QJsonObject{
                 {QStringLiteral("name"), QStringLiteral("kubernetes")},
                 {QStringLiteral("labels"),
                  QJsonObject{{QStringLiteral("component"), QStringLiteral("apiserver")},
                              {QStringLiteral("provider"), QStringLiteral("kubernetes")}}}}},
            {kSpec,
             QJsonObject{{QStringLiteral("type"), QStringLiteral("ClusterIP")},
                         {QStringLiteral("clusterIP"), QStringLiteral("10.96.0.1")},
                         {QStringLiteral("clusterIPs"), QJsonArray{QStringLiteral("10.96.0.1")}},
                         {QStringLiteral("sessionAffinity"), QStringLiteral("None")},
                         {QStringLiteral("ipFamilies"), QJsonArray{QStringLiteral("IPv4")}},
                         {QStringLiteral("ipFamilyPolicy"), QStringLiteral("SingleStack")},
                         {QStringLiteral("internalTrafficPolicy"), QStringLiteral("Cluster")},
                         {QStringLiteral("ports"), QJsonArray{port443}}}},
            {QStringLiteral("status"),
             QJsonObject{{QStringLiteral("loadBalancer"), QJsonObject()}}}});
}

} // namespace tessera::serve
