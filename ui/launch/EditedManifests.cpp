#include "EditedManifests.h"

#include "codec/Decode.h"
#include "codec/Manifests.h"
#include "kube/ApiClient.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cmath>
#include <optional>

namespace tessera::ui::launch {

using tessera::launch::ManifestNode;

namespace {

engine::Error fail(std::string message, long line = -1, long column = -1) {
    engine::Error e;
    e.message = std::move(message);
    e.line = line;
    e.column = column;
    return e;
}

// JSON (as the codec produced it from the YAML) to the generator's document tree. Numbers must
// be integers: no field of a ConfigMap or Job takes a fraction.
std::optional<ManifestNode> toNode(const QJsonValue& v, std::string& error) {
    switch (v.type()) {
    case QJsonValue::Bool:
        return ManifestNode(v.toBool());
    case QJsonValue::String:
        return ManifestNode(v.toString().toStdString());
    case QJsonValue::Double: {
        const double d = v.toDouble();
        if (std::floor(d) != d) {
            error = "a number with a fraction";
            return std::nullopt;
        }
        return ManifestNode(static_cast<int64_t>(d));
    }
    case QJsonValue::Array: {
        ManifestNode list = ManifestNode::list();
        for (const QJsonValue& item : v.toArray()) {
            auto n = toNode(item, error);
            if (!n)
                return std::nullopt;
            list.append(std::move(*n));
        }
        return list;
    }
    case QJsonValue::Object: {
        ManifestNode map;
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (it.value().isNull())
                continue;
            auto n = toNode(it.value(), error);
            if (!n)
                return std::nullopt;
            map.add(it.key().toStdString(), std::move(*n));
        }
        return map;
    }
    default:
        return ManifestNode();
    }
}

} // namespace

engine::Result<tessera::launch::LaunchManifests> manifestsFromYaml(std::string_view yaml) {
    const std::string source =
        QCoreApplication::translate("EditedManifests", "YAML preview").toStdString();
    auto documents = codec::parseManifests(yaml, source);
    if (!documents.ok())
        return documents.error();
    tessera::launch::LaunchManifests out;
    bool haveJob = false;
    for (const codec::Manifest& m : *documents) {
        if (m.kind != "Job" && m.kind != "ConfigMap")
            return fail(source + ":" + std::to_string(m.line) + ": " +
                            QCoreApplication::translate("EditedManifests",
                                                        "only a ConfigMap and a Job can be "
                                                        "launched here, not kind \"%1\"")
                                .arg(QString::fromStdString(m.kind))
                                .toStdString(),
                        m.line, m.column);
        if (m.name.empty())
            return fail(source + ":" + std::to_string(m.line) + ": metadata.name is required",
                        m.line, m.column);
        QJsonParseError parseError{};
        const QJsonDocument doc =
            QJsonDocument::fromJson(QByteArray::fromStdString(m.json), &parseError);
        std::string error;
        auto node = doc.isObject() ? toNode(doc.object(), error) : std::nullopt;
        if (!node)
            return fail(source + ":" + std::to_string(m.line) + ": " +
                            (error.empty() ? std::string("not an object") : error),
                        m.line, m.column);
        if (m.kind == "Job") {
            if (haveJob)
                return fail(source + ":" + std::to_string(m.line) + ": a second Job", m.line,
                            m.column);
            auto decoded = codec::decodeJob(m.json);
            if (!decoded.ok()) {
                engine::Error e = m.locate(decoded.error());
                e.message = m.describe(e);
                return e;
            }
            haveJob = true;
            out.jobName = m.name;
            out.completions = decoded->job.spec.completions.value_or(1);
            out.job = std::move(*node);
        } else {
            if (!out.configMapName.empty())
                return fail(source + ":" + std::to_string(m.line) + ": a second ConfigMap", m.line,
                            m.column);
            out.configMapName = m.name;
            out.configMap = std::move(*node);
        }
    }
    if (!haveJob)
        return fail(source + ": no document of kind Job");
    return out;
}

void launchJobOnly(kube::ApiClient& client, const QString& namespace_,
                   const tessera::launch::LaunchManifests& manifests, QObject* context,
                   tessera::launch::ClusterLauncher::Done done) {
    const std::string name = manifests.jobName;
    const std::string ns = namespace_.toStdString();
    client.createJob(
        namespace_, QByteArray::fromStdString(manifests.job.toJson()), context,
        [done = std::move(done), name, ns](const kube::ApiResult<kube::ApiResponse>& r) {
            if (!r) {
                done(fail(QCoreApplication::translate("EditedManifests", "creating Job %1: %2")
                              .arg(QString::fromStdString(name), r.error().message)
                              .toStdString()));
                return;
            }
            const auto created = codec::decodeJob(
                std::string_view(r->body.constData(), static_cast<std::size_t>(r->body.size())));
            tessera::launch::LaunchedJob job{ns, name, {}};
            if (created.ok())
                job.uid = created->job.metadata.uid;
            done(std::move(job));
        });
}

} // namespace tessera::ui::launch
