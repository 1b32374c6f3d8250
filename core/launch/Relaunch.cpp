#include "Relaunch.h"

#include "ItemWrapper.h"
#include "LaunchGenerator.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <set>

namespace tessera::launch {

namespace {

engine::Error errorAt(std::string field, std::string message) {
    engine::Error e;
    e.field = std::move(field);
    e.message = std::move(message);
    return e;
}

engine::Result<QJsonObject> parseObject(std::string_view json, const char* what) {
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(
        QByteArray::fromRawData(json.data(), static_cast<qsizetype>(json.size())), &parseError);
    if (!doc.isObject())
        return errorAt(what, parseError.error != QJsonParseError::NoError
                                 ? "not JSON: " + parseError.errorString().toStdString()
                                 : std::string("not a JSON object"));
    return doc.object();
}

QString key(const char* k) {
    return QString::fromLatin1(k);
}

std::optional<int32_t> optionalInt(const QJsonObject& o, const char* field) {
    const QJsonValue v = o.value(key(field));
    if (!v.isDouble())
        return std::nullopt;
    return static_cast<int32_t>(v.toInteger());
}

} // namespace

engine::Result<std::string> itemsConfigMapOf(std::string_view jobJson) {
    auto job = parseObject(jobJson, "Job");
    if (!job.ok())
        return job.error();
    const QJsonObject meta = job->value(key("metadata")).toObject();
    const QString name = meta.value(key("name")).toString();
    const QString configMap = meta.value(key("annotations"))
                                  .toObject()
                                  .value(key(LaunchGenerator::kItemsConfigMapAnnotation))
                                  .toString();
    if (configMap.isEmpty())
        return errorAt("Job " + name.toStdString(),
                       "was not launched by Tessera (no " +
                           std::string(LaunchGenerator::kItemsConfigMapAnnotation) +
                           " annotation), so its items are unknown");
    return configMap.toStdString();
}

engine::Result<Relaunch> relaunchFrom(std::string_view jobJson, std::string_view configMapJson) {
    auto jobParsed = parseObject(jobJson, "Job");
    if (!jobParsed.ok())
        return jobParsed.error();
    const QJsonObject& job = *jobParsed;
    const QJsonObject meta = job.value(key("metadata")).toObject();
    const std::string jobName = meta.value(key("name")).toString().toStdString();
    const std::string where = "Job " + jobName;
    auto cmName = itemsConfigMapOf(jobJson);
    if (!cmName.ok())
        return cmName.error();
    auto cmParsed = parseObject(configMapJson, "ConfigMap");
    if (!cmParsed.ok())
        return cmParsed.error();
    const std::string cmWhere = "ConfigMap " + *cmName;
    const QJsonObject data = cmParsed->value(key("data")).toObject();

    const QJsonObject spec = job.value(key("spec")).toObject();
    const std::optional<int32_t> completions = optionalInt(spec, "completions");
    if (!completions || *completions <= 0)
        return errorAt(where + ": spec.completions", "missing or not positive");
    const QJsonArray containers = spec.value(key("template"))
                                      .toObject()
                                      .value(key("spec"))
                                      .toObject()
                                      .value(key("containers"))
                                      .toArray();
    if (containers.isEmpty())
        return errorAt(where + ": spec.template.spec.containers", "missing");
    const QJsonObject container = containers.first().toObject();

    Relaunch r;
    r.spec.name = jobName;
    r.spec.namespace_ = meta.value(key("namespace")).toString().toStdString();
    r.spec.image = container.value(key("image")).toString().toStdString();
    r.spec.parallelism = optionalInt(spec, "parallelism").value_or(1);
    r.spec.backoffLimit = optionalInt(spec, "backoffLimit");
    r.spec.backoffLimitPerIndex = optionalInt(spec, "backoffLimitPerIndex");
    r.spec.maxFailedIndexes = optionalInt(spec, "maxFailedIndexes");
    if (const QJsonValue d = spec.value(key("activeDeadlineSeconds")); d.isDouble())
        r.spec.activeDeadlineSeconds = d.toInteger();

    // The variables are what index 0 carries (generate() writes every variable for every item);
    // a std::set keeps their order stable.
    const std::string envPrefix = "0.env.";
    std::set<std::string> envNames;
    for (auto it = data.begin(); it != data.end(); ++it) {
        const std::string k = it.key().toStdString();
        if (k.starts_with(envPrefix))
            envNames.insert(k.substr(envPrefix.size()));
    }
    const bool withCommands = data.contains(QString::fromStdString(ItemWrapper::commandKey(0)));
    std::string commandTemplate;
    for (const QJsonValue v : container.value(key("env")).toArray())
        if (v.toObject().value(key("name")).toString() == key(ItemWrapper::kCommandEnv))
            commandTemplate = v.toObject().value(key("value")).toString().toStdString();
    if (!withCommands && commandTemplate.empty())
        return errorAt(cmWhere + ": data", "no command for index 0 and the Job has no " +
                                               std::string(ItemWrapper::kCommandEnv) + " template");

    r.list = worklist::WorkList(std::vector<std::string>(envNames.begin(), envNames.end()),
                                withCommands);
    r.list.setCommandTemplate(commandTemplate);
    r.list.setOrigin(cmWhere, "configmap");
    std::vector<std::string> values;
    std::vector<std::string_view> fields;
    for (int32_t i = 0; i < *completions; ++i) {
        values.clear();
        auto take = [&](const std::string& k) {
            const QJsonValue v = data.value(QString::fromStdString(k));
            if (v.isString())
                values.push_back(v.toString().toStdString());
            return v.isString();
        };
        if (withCommands && !take(ItemWrapper::commandKey(i)))
            return errorAt(cmWhere + ": data", "no command for index " + std::to_string(i) +
                                                   " (key " + ItemWrapper::commandKey(i) + ")");
        for (const std::string& name : envNames)
            if (!take(ItemWrapper::envKey(i, name)))
                return errorAt(cmWhere + ": data", "no value of " + name + " for index " +
                                                       std::to_string(i) + " (key " +
                                                       ItemWrapper::envKey(i, name) + ")");
        fields.assign(values.begin(), values.end());
        r.list.append(fields);
        if (const QJsonValue o =
                data.value(QString::fromStdString(ItemWrapper::originalIndexKey(i)));
            o.isString())
            r.originalIndexes.emplace(i, o.toString().toInt());
    }
    return r;
}

} // namespace tessera::launch
