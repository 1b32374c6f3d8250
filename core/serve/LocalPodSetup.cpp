#include "LocalPodSetup.h"

#include "ObjectStore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tessera::serve {

namespace {

// The PATH of a container whose image sets none (what container runtimes default to).
const QString kDefaultPath =
    QStringLiteral("/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin");
constexpr int kDefaultFileMode = 0644; // configMap and secret volumes' defaultMode

using Problem = tl::unexpected<LocalPodProblem>;

Problem waitFor(const char* reason, const QString& message) {
    return Problem(LocalPodProblem{true, QLatin1String(reason), message});
}
Problem cannotRun(const QString& message) {
    return Problem(LocalPodProblem{false, QStringLiteral("StartError"), message});
}

QString homeDirectory() {
    // The user's home from the password database, not the server's $HOME.
    if (const passwd* pw = ::getpwuid(::getuid()); pw && pw->pw_dir)
        return QString::fromLocal8Bit(pw->pw_dir);
    return QStringLiteral("/");
}

// The environment being built: later definitions replace earlier ones, order kept.
class Environment {
public:
    void set(const QString& name, const QString& value) {
        if (!m_values.contains(name))
            m_order.append(name);
        m_values.insert(name, value);
    }
    const QHash<QString, QString>& values() const { return m_values; }
    QStringList entries() const {
        QStringList out;
        for (const QString& name : m_order)
            out << name + QLatin1Char('=') + m_values.value(name);
        return out;
    }

private:
    QStringList m_order;
    QHash<QString, QString> m_values;
};

// A ConfigMap's or Secret's data as bytes per key (Secrets and binaryData are base64).
struct Source {
    bool found = false;
    QHash<QString, QByteArray> data;
};

Source sourceOf(const ObjectStore& store, const QString& ns, bool secret, const QString& name) {
    Source s;
    const ObjectPtr o =
        store.get(secret ? QStringLiteral("secrets") : QStringLiteral("configmaps"), ns, name);
    if (!o)
        return s;
    s.found = true;
    const QJsonObject data = o->json.value(QStringLiteral("data")).toObject();
    for (auto it = data.begin(); it != data.end(); ++it)
        s.data.insert(it.key(), secret ? QByteArray::fromBase64(it.value().toString().toLatin1())
                                       : it.value().toString().toUtf8());
    if (!secret) {
        const QJsonObject binary = o->json.value(QStringLiteral("binaryData")).toObject();
        for (auto it = binary.begin(); it != binary.end(); ++it)
            s.data.insert(it.key(), QByteArray::fromBase64(it.value().toString().toLatin1()));
    }
    return s;
}

QString kindText(bool secret) {
    return secret ? QStringLiteral("secret") : QStringLiteral("configmap");
}

// metadata.labels['k'] and metadata.annotations['k'], plus the plain fields the downward API has.
std::optional<QString> fieldValue(const QJsonObject& pod, const QString& path) {
    const QJsonObject meta = pod.value(QStringLiteral("metadata")).toObject();
    for (const char* map : {"labels", "annotations"}) {
        const QString prefix = QStringLiteral("metadata.%1['").arg(QLatin1String(map));
        if (path.startsWith(prefix) && path.endsWith(QLatin1String("']")))
            return meta.value(QLatin1String(map))
                .toObject()
                .value(path.mid(prefix.size(), path.size() - prefix.size() - 2))
                .toString();
    }
    const QJsonObject spec = pod.value(QStringLiteral("spec")).toObject();
    const QJsonObject status = pod.value(QStringLiteral("status")).toObject();
    const std::pair<const char*, QJsonValue> fields[] = {
        {"metadata.name", meta.value(QStringLiteral("name"))},
        {"metadata.namespace", meta.value(QStringLiteral("namespace"))},
        {"metadata.uid", meta.value(QStringLiteral("uid"))},
        {"spec.nodeName", spec.value(QStringLiteral("nodeName"))},
        {"spec.serviceAccountName", spec.value(QStringLiteral("serviceAccountName"))},
        {"status.hostIP", status.value(QStringLiteral("hostIP"))},
        {"status.podIP", status.value(QStringLiteral("podIP"))},
    };
    for (const auto& [name, value] : fields)
        if (path == QLatin1String(name))
            return value.toString();
    return std::nullopt;
}

// A relative path inside a volume or the pod's root: no "..", not absolute (items[].path).
bool staysInside(const QString& path) {
    if (path.isEmpty() || path.startsWith(QLatin1Char('/')))
        return false;
    for (const QString& part : path.split(QLatin1Char('/')))
        if (part == QLatin1String(".."))
            return false;
    return true;
}

bool writeFile(const QString& path, const QByteArray& bytes, int mode) {
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(bytes) != bytes.size())
        return false;
    f.close();
    return ::chmod(QFile::encodeName(path).constData(), static_cast<mode_t>(mode & 0777)) == 0;
}

tl::expected<void, LocalPodProblem> buildEnvironment(const ObjectStore& store,
                                                     const QJsonObject& pod,
                                                     const QJsonObject& container,
                                                     const QString& root, Environment& env) {
    const QString ns = pod.value(QStringLiteral("metadata"))
                           .toObject()
                           .value(QStringLiteral("namespace"))
                           .toString();
    const QJsonObject spec = pod.value(QStringLiteral("spec")).toObject();
    const QString hostname = spec.value(QStringLiteral("hostname"))
                                 .toString(pod.value(QStringLiteral("metadata"))
                                               .toObject()
                                               .value(QStringLiteral("name"))
                                               .toString());
    env.set(QStringLiteral("PATH"), kDefaultPath);
    env.set(QStringLiteral("HOME"), homeDirectory());
    env.set(QStringLiteral("HOSTNAME"), hostname);
    env.set(QStringLiteral("TESSERA_POD_HOSTNAME"), hostname);
    env.set(QStringLiteral("TESSERA_POD_ROOT"), root);

    const QJsonArray envFrom = container.value(QStringLiteral("envFrom")).toArray();
    for (int i = 0; i < envFrom.size(); ++i) {
        const QJsonObject from = envFrom[i].toObject();
        const bool secret = from.contains(QStringLiteral("secretRef"));
        const QJsonObject ref =
            from.value(secret ? QStringLiteral("secretRef") : QStringLiteral("configMapRef"))
                .toObject();
        const QString name = ref.value(QStringLiteral("name")).toString();
        const Source source = sourceOf(store, ns, secret, name);
        if (!source.found) {
            if (ref.value(QStringLiteral("optional")).toBool())
                continue;
            return waitFor("CreateContainerConfigError",
                           QStringLiteral("envFrom[%1]: %2 \"%3\" not found")
                               .arg(i)
                               .arg(kindText(secret), name));
        }
        const QString prefix = from.value(QStringLiteral("prefix")).toString();
        for (auto it = source.data.begin(); it != source.data.end(); ++it)
            if (!it.key().contains(QLatin1Char('=')))
                env.set(prefix + it.key(), QString::fromUtf8(it.value()));
    }

    const QJsonArray vars = container.value(QStringLiteral("env")).toArray();
    for (int i = 0; i < vars.size(); ++i) {
        const QJsonObject var = vars[i].toObject();
        const QString name = var.value(QStringLiteral("name")).toString();
        const QString field = QStringLiteral("env[%1] (%2)").arg(i).arg(name);
        if (!var.contains(QStringLiteral("valueFrom"))) {
            env.set(name,
                    expandVariables(var.value(QStringLiteral("value")).toString(), env.values()));
            continue;
        }
        const QJsonObject from = var.value(QStringLiteral("valueFrom")).toObject();
        if (from.contains(QStringLiteral("fieldRef"))) {
            const QString path = from.value(QStringLiteral("fieldRef"))
                                     .toObject()
                                     .value(QStringLiteral("fieldPath"))
                                     .toString();
            const std::optional<QString> value = fieldValue(pod, path);
            if (!value)
                return cannotRun(QStringLiteral("%1: fieldRef %2 is not supported by "
                                                "serve --local")
                                     .arg(field, path));
            env.set(name, *value);
            continue;
        }
        const bool secret = from.contains(QStringLiteral("secretKeyRef"));
        if (!secret && !from.contains(QStringLiteral("configMapKeyRef")))
            return cannotRun(QStringLiteral("%1: only value, fieldRef, configMapKeyRef and "
                                            "secretKeyRef are supported by serve --local")
                                 .arg(field));
        const QJsonObject ref =
            from.value(secret ? QStringLiteral("secretKeyRef") : QStringLiteral("configMapKeyRef"))
                .toObject();
        const QString source = ref.value(QStringLiteral("name")).toString();
        const QString key = ref.value(QStringLiteral("key")).toString();
        const Source s = sourceOf(store, ns, secret, source);
        if (s.found && s.data.contains(key)) {
            env.set(name, QString::fromUtf8(s.data.value(key)));
            continue;
        }
        if (ref.value(QStringLiteral("optional")).toBool())
            continue;
        return waitFor(
            "CreateContainerConfigError",
            s.found
                ? QStringLiteral("%1: couldn't find key %2 in %3 %4/%5")
                      .arg(field, key, kindText(secret), ns, source)
                : QStringLiteral("%1: %2 \"%3\" not found").arg(field, kindText(secret), source));
    }
    return {};
}

// Writes volume `volume` (spec.volumes[index]) into `dir`.
tl::expected<void, LocalPodProblem> materialiseVolume(const ObjectStore& store, const QString& ns,
                                                      const QJsonObject& volume, int index,
                                                      const QString& dir) {
    const QString field = QStringLiteral("spec.volumes[%1] (%2)")
                              .arg(index)
                              .arg(volume.value(QStringLiteral("name")).toString());
    QDir().mkpath(dir);
    if (volume.contains(QStringLiteral("emptyDir")))
        return {};
    const bool secret = volume.contains(QStringLiteral("secret"));
    if (!secret && !volume.contains(QStringLiteral("configMap")))
        return cannotRun(QStringLiteral("%1: only configMap, secret and emptyDir volumes are "
                                        "mounted by serve --local")
                             .arg(field));
    const QJsonObject source =
        volume.value(secret ? QStringLiteral("secret") : QStringLiteral("configMap")).toObject();
    const QString name =
        source.value(secret ? QStringLiteral("secretName") : QStringLiteral("name")).toString();
    const bool optional = source.value(QStringLiteral("optional")).toBool();
    const int defaultMode = source.value(QStringLiteral("defaultMode")).toInt(kDefaultFileMode);
    const Source s = sourceOf(store, ns, secret, name);
    if (!s.found) {
        if (optional)
            return {};
        return waitFor(
            "FailedMount",
            QStringLiteral("%1: %2 \"%3\" not found").arg(field, kindText(secret), name));
    }
    const auto write = [&](const QString& path, const QByteArray& bytes,
                           int mode) -> tl::expected<void, LocalPodProblem> {
        if (!staysInside(path))
            return cannotRun(QStringLiteral("%1: path \"%2\" leaves the volume").arg(field, path));
        if (!writeFile(dir + QLatin1Char('/') + path, bytes, mode))
            return cannotRun(QStringLiteral("%1: cannot write %2/%3").arg(field, dir, path));
        return {};
    };
    if (!source.contains(QStringLiteral("items"))) {
        for (auto it = s.data.begin(); it != s.data.end(); ++it)
            if (auto written = write(it.key(), it.value(), defaultMode); !written)
                return written;
        return {};
    }
    for (const QJsonValue& v : source.value(QStringLiteral("items")).toArray()) {
        const QJsonObject item = v.toObject();
        const QString key = item.value(QStringLiteral("key")).toString();
        if (!s.data.contains(key)) {
            if (optional)
                continue;
            return waitFor("FailedMount", QStringLiteral("%1: couldn't find key %2 in %3 %4/%5")
                                              .arg(field, key, kindText(secret), ns, name));
        }
        if (auto written = write(item.value(QStringLiteral("path")).toString(), s.data.value(key),
                                 item.value(QStringLiteral("mode")).toInt(defaultMode));
            !written)
            return written;
    }
    return {};
}

} // namespace

QString expandVariables(const QString& text, const QHash<QString, QString>& defined) {
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size();) {
        if (text[i] == QLatin1Char('$') && i + 1 < text.size()) {
            if (text[i + 1] == QLatin1Char('$')) {
                out += QLatin1Char('$');
                i += 2;
                continue;
            }
            const qsizetype close =
                text[i + 1] == QLatin1Char('(') ? text.indexOf(QLatin1Char(')'), i + 2) : -1;
            if (close > 0) {
                const QString name = text.mid(i + 2, close - i - 2);
                out += defined.contains(name) ? defined.value(name) : text.mid(i, close - i + 1);
                i = close + 1;
                continue;
            }
        }
        out += text[i];
        ++i;
    }
    return out;
}

tl::expected<LocalProcessSpec, LocalPodProblem> prepareLocalPod(const ObjectStore& store,
                                                                const QJsonObject& pod,
                                                                const QString& podDir,
                                                                const QJsonObject& chosen) {
    const QString ns = pod.value(QStringLiteral("metadata"))
                           .toObject()
                           .value(QStringLiteral("namespace"))
                           .toString();
    const QJsonObject spec = pod.value(QStringLiteral("spec")).toObject();
    const QJsonObject container =
        chosen.isEmpty() ? spec.value(QStringLiteral("containers")).toArray().at(0).toObject()
                         : chosen;
    LocalProcessSpec out;
    out.root = podDir + QStringLiteral("/root");
    if (!QDir().mkpath(out.root) || ::chmod(QFile::encodeName(podDir).constData(), 0700) != 0)
        return cannotRun(QStringLiteral("cannot create the pod's directory %1").arg(podDir));

    Environment env;
    if (auto built = buildEnvironment(store, pod, container, out.root, env); !built)
        return tl::unexpected(built.error());
    for (const char* field : {"command", "args"})
        for (const QJsonValue& v : container.value(QLatin1String(field)).toArray())
            out.argv << expandVariables(v.toString(), env.values());
    if (out.argv.isEmpty())
        return cannotRun(QStringLiteral("the container has no command or args to run (serve "
                                        "--local does not run images)"));
    out.env = env.entries();

    // Volumes: each written once under <pod dir>/volumes/<name>, then linked at its mount paths.
    const QJsonArray volumes = spec.value(QStringLiteral("volumes")).toArray();
    QHash<QString, QString> volumeDirs;
    for (int i = 0; i < volumes.size(); ++i) {
        const QJsonObject volume = volumes[i].toObject();
        const QString name = volume.value(QStringLiteral("name")).toString();
        const QString dir = podDir + QStringLiteral("/volumes/") + name;
        if (!staysInside(name))
            return cannotRun(QStringLiteral("spec.volumes[%1]: bad name \"%2\"").arg(i).arg(name));
        if (auto written = materialiseVolume(store, ns, volume, i, dir); !written)
            return tl::unexpected(written.error());
        volumeDirs.insert(name, dir);
    }
    const QJsonArray mounts = container.value(QStringLiteral("volumeMounts")).toArray();
    for (int i = 0; i < mounts.size(); ++i) {
        const QJsonObject mount = mounts[i].toObject();
        const QString field = QStringLiteral("volumeMounts[%1]").arg(i);
        const QString volume = mount.value(QStringLiteral("name")).toString();
        if (!volumeDirs.contains(volume))
            return cannotRun(
                QStringLiteral("%1: volume \"%2\" is not in spec.volumes").arg(field, volume));
        const QString mountPath =
            QDir::cleanPath(mount.value(QStringLiteral("mountPath")).toString())
                .section(QLatin1Char('/'), 1);
        const QString subPath = mount.value(QStringLiteral("subPath")).toString();
        if (!staysInside(mountPath) || (!subPath.isEmpty() && !staysInside(subPath)))
            return cannotRun(
                QStringLiteral("%1: mountPath %2 (subPath \"%3\") is not a path "
                               "inside the pod")
                    .arg(field, mount.value(QStringLiteral("mountPath")).toString(), subPath));
        const QString target =
            volumeDirs.value(volume) + (subPath.isEmpty() ? QString() : QLatin1Char('/') + subPath);
        const QString link = out.root + QLatin1Char('/') + mountPath;
        QDir().mkpath(QFileInfo(link).path());
        QFile::remove(link);
        if (!QFile::link(target, link))
            return cannotRun(QStringLiteral("%1: cannot mount %2 at %3").arg(field, target, link));
    }
    return out;
}

} // namespace tessera::serve
