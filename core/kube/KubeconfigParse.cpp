// Kubeconfig::loadFile and Kubeconfig::parse: one file's bytes to clusters, users and contexts,
// every error naming the file, line, column and field.
#include "Kubeconfig.h"
#include "KubeconfigErrors.h"
#include "codec/BoundedFile.h"
#include "codec/YamlReader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <yaml-cpp/yaml.h>

namespace tessera::kube {

using detail::makeError;
using detail::plainError;

namespace {

// Walks one parsed file, remembering the first error (file:line:column: field: reason).
class FileParser {
public:
    explicit FileParser(QString file)
        : m_file(std::move(file))
        , m_dir(QFileInfo(m_file).absolutePath()) {}

    std::optional<engine::Error> error;

    engine::Error at(const YAML::Node& node, const QString& field, const QString& reason) const {
        const YAML::Mark m = node.Mark();
        if (m.is_null())
            return makeError(m_file, -1, -1, field, reason);
        return makeError(m_file, m.line + 1, m.column + 1, field, reason);
    }

    void fail(const YAML::Node& node, const QString& field, const QString& reason) {
        if (!error)
            error = at(node, field, reason);
    }

    // A string field; absent or null leaves `out` empty.
    void str(const YAML::Node& map, const char* key, const QString& path, QString& out) {
        const YAML::Node v = map[key];
        if (!v || v.IsNull())
            return;
        if (!v.IsScalar()) {
            fail(v, path + QLatin1Char('.') + QLatin1String(key),
                 QStringLiteral("expected a string"));
            return;
        }
        out = QString::fromStdString(v.Scalar());
    }

    void boolean(const YAML::Node& map, const char* key, const QString& path, bool& out) {
        const YAML::Node v = map[key];
        if (!v || v.IsNull())
            return;
        bool b = false;
        if (!v.IsScalar() || !YAML::convert<bool>::decode(v, b)) {
            fail(v, path + QLatin1Char('.') + QLatin1String(key),
                 QStringLiteral("expected true or false"));
            return;
        }
        out = b;
    }

    // A path field, made absolute relative to the kubeconfig file's directory.
    void path(const YAML::Node& map, const char* key, const QString& fieldPath, QString& out) {
        QString p;
        str(map, key, fieldPath, p);
        if (!p.isEmpty())
            out = absolute(p);
    }

    QString absolute(const QString& p) const {
        return QDir::isAbsolutePath(p) ? QDir::cleanPath(p)
                                       : QDir::cleanPath(m_dir + QLatin1Char('/') + p);
    }

    void base64(const YAML::Node& map, const char* key, const QString& path, QByteArray& out) {
        QString text;
        str(map, key, path, text);
        if (text.isEmpty())
            return;
        auto decoded = QByteArray::fromBase64Encoding(text.toLatin1().trimmed(),
                                                      QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded) {
            fail(map[key], path + QLatin1Char('.') + QLatin1String(key),
                 QStringLiteral("not valid base64"));
            return;
        }
        out = *decoded;
    }

    // A list of {name: ..., <inner>: {...}} entries.
    template <typename F>
    void namedList(const YAML::Node& root, const char* key, const char* inner, F&& each) {
        const YAML::Node list = root[key];
        if (!list || list.IsNull())
            return;
        const QString listName = QLatin1String(key);
        if (!list.IsSequence()) {
            fail(list, listName, QStringLiteral("expected a list"));
            return;
        }
        QSet<QString> seen;
        for (std::size_t i = 0; i < list.size() && !error; ++i) {
            const YAML::Node item = list[i];
            const QString itemPath =
                listName + QLatin1Char('[') + QString::number(i) + QLatin1Char(']');
            if (!item.IsMap()) {
                fail(item, itemPath,
                     QStringLiteral("expected a map with name and %1").arg(QLatin1String(inner)));
                return;
            }
            QString name;
            str(item, "name", itemPath, name);
            if (error)
                return;
            if (name.isEmpty()) {
                fail(item, itemPath + QStringLiteral(".name"), QStringLiteral("missing"));
                return;
            }
            if (seen.contains(name)) {
                fail(item["name"], itemPath + QStringLiteral(".name"),
                     QStringLiteral("duplicate name \"%1\" in %2").arg(name, listName));
                return;
            }
            seen.insert(name);
            const YAML::Node body = item[inner];
            const QString bodyPath = itemPath + QLatin1Char('.') + QLatin1String(inner);
            if (body && !body.IsNull() && !body.IsMap()) {
                fail(body, bodyPath, QStringLiteral("expected a map"));
                return;
            }
            each(name, body ? body : YAML::Node(YAML::NodeType::Map), bodyPath);
        }
    }

    void exec(const YAML::Node& user, const QString& userPath, KubeUser& out) {
        const YAML::Node e = user["exec"];
        if (!e || e.IsNull())
            return;
        const QString path = userPath + QStringLiteral(".exec");
        if (!e.IsMap()) {
            fail(e, path, QStringLiteral("expected a map"));
            return;
        }
        ExecConfig x;
        str(e, "apiVersion", path, x.apiVersion);
        str(e, "command", path, x.command);
        str(e, "installHint", path, x.installHint);
        str(e, "interactiveMode", path, x.interactiveMode);
        boolean(e, "provideClusterInfo", path, x.provideClusterInfo);
        if (error)
            return;
        if (x.command.isEmpty()) {
            fail(e, path + QStringLiteral(".command"), QStringLiteral("missing"));
            return;
        }
        // A command given as a path is relative to the kubeconfig; a bare name is looked up on
        // PATH.
        if (x.command.contains(QLatin1Char('/')))
            x.command = absolute(x.command);
        static const QStringList versions = {
            QStringLiteral("client.authentication.k8s.io/v1"),
            QStringLiteral("client.authentication.k8s.io/v1beta1")};
        if (!versions.contains(x.apiVersion)) {
            fail(e["apiVersion"] ? e["apiVersion"] : e, path + QStringLiteral(".apiVersion"),
                 x.apiVersion.isEmpty()
                     ? QStringLiteral(
                           "missing (expected client.authentication.k8s.io/v1 or v1beta1)")
                     : QStringLiteral("\"%1\" is not supported (expected "
                                      "client.authentication.k8s.io/v1 or v1beta1)")
                           .arg(x.apiVersion));
            return;
        }
        static const QStringList modes = {QString(), QStringLiteral("Never"),
                                          QStringLiteral("IfAvailable"), QStringLiteral("Always")};
        if (!modes.contains(x.interactiveMode)) {
            fail(e["interactiveMode"], path + QStringLiteral(".interactiveMode"),
                 QStringLiteral("\"%1\" is not one of Never, IfAvailable, Always")
                     .arg(x.interactiveMode));
            return;
        }
        if (x.interactiveMode.isEmpty() && x.apiVersion.endsWith(QLatin1String("/v1"))) {
            // kubectl requires it for v1 plugins, so a config that works here works there too.
            fail(e, path + QStringLiteral(".interactiveMode"),
                 QStringLiteral("required for client.authentication.k8s.io/v1 plugins"));
            return;
        }
        if (const YAML::Node args = e["args"]; args && !args.IsNull()) {
            if (!args.IsSequence()) {
                fail(args, path + QStringLiteral(".args"),
                     QStringLiteral("expected a list of strings"));
                return;
            }
            for (std::size_t i = 0; i < args.size(); ++i) {
                if (!args[i].IsScalar()) {
                    fail(args[i], path + QStringLiteral(".args[%1]").arg(i),
                         QStringLiteral("expected a string"));
                    return;
                }
                x.args << QString::fromStdString(args[i].Scalar());
            }
        }
        if (const YAML::Node env = e["env"]; env && !env.IsNull()) {
            if (!env.IsSequence()) {
                fail(env, path + QStringLiteral(".env"),
                     QStringLiteral("expected a list of {name, value}"));
                return;
            }
            for (std::size_t i = 0; i < env.size(); ++i) {
                const QString envPath = path + QStringLiteral(".env[%1]").arg(i);
                if (!env[i].IsMap()) {
                    fail(env[i], envPath, QStringLiteral("expected a map with name and value"));
                    return;
                }
                QString name, value;
                str(env[i], "name", envPath, name);
                str(env[i], "value", envPath, value);
                if (error)
                    return;
                if (name.isEmpty()) {
                    fail(env[i], envPath + QStringLiteral(".name"), QStringLiteral("missing"));
                    return;
                }
                x.env.append({name, value});
            }
        }
        out.exec = std::move(x);
    }

private:
    QString m_file;
    QString m_dir;
};

} // namespace

engine::Result<Kubeconfig> Kubeconfig::loadFile(const QString& path) {
    const QString file = QFileInfo(path).absoluteFilePath();
    if (!QFileInfo::exists(file) && !QFileInfo(file).isSymLink())
        return plainError(QStringLiteral("%1: kubeconfig file does not exist").arg(file));
    // Bounded, regular files only, and never blocking: a FIFO would wait for a writer (QFile
    // would), /dev/zero would fill the memory.
    const std::string native = QFile::encodeName(file).toStdString();
    auto text = codec::readBoundedFile(native, codec::FileKind::Kubeconfig);
    if (!text.ok()) {
        std::string reason = text.error().message;
        if (reason.rfind(native + ": ", 0) == 0)
            reason.erase(0, native.size() + 2);
        return plainError(QStringLiteral("%1: cannot read kubeconfig: %2")
                              .arg(file, QString::fromStdString(reason)));
    }
    return parse(QByteArray::fromStdString(*text), file);
}

engine::Result<Kubeconfig> Kubeconfig::parse(const QByteArray& bytes, const QString& file) {
    const std::string text = bytes.toStdString();
    // libyaml checks the text first; yaml-cpp builds the first document (codec/YamlReader.h).
    auto read = codec::readYamlDocument(text);
    if (!read.ok()) {
        const engine::Error& bad = read.error();
        QString why = QString::fromStdString(bad.message);
        if (why.startsWith(QLatin1String("YAML: ")))
            why.remove(0, 6);
        return makeError(file, bad.line, bad.column, QString(),
                         QStringLiteral("invalid YAML: %1").arg(why));
    }
    const YAML::Node root = *read;

    Kubeconfig cfg;
    cfg.m_files << file;
    if (!root || root.IsNull())
        return cfg; // an empty file is an empty config, as for kubectl

    FileParser p(file);
    if (!root.IsMap())
        return p.at(
            root, QString(),
            QStringLiteral("expected a kubeconfig map (apiVersion, clusters, users, contexts)"));

    try {
        p.str(root, "current-context", QString(), cfg.m_currentContext);
        if (const YAML::Node kind = root["kind"];
            kind && kind.IsScalar() && kind.Scalar() != "Config")
            p.fail(kind, QStringLiteral("kind"),
                   QStringLiteral("expected Config, found %1")
                       .arg(QString::fromStdString(kind.Scalar())));

        p.namedList(root, "clusters", "cluster",
                    [&](const QString& name, const YAML::Node& c, const QString& at) {
                        KubeCluster k;
                        k.name = name;
                        k.sourceFile = file;
                        p.str(c, "server", at, k.server);
                        p.path(c, "certificate-authority", at, k.caFile);
                        p.base64(c, "certificate-authority-data", at, k.caData);
                        p.boolean(c, "insecure-skip-tls-verify", at, k.insecureSkipTlsVerify);
                        p.str(c, "tls-server-name", at, k.tlsServerName);
                        p.str(c, "proxy-url", at, k.proxyUrl);
                        cfg.m_clusters.append(std::move(k));
                    });
        p.namedList(root, "users", "user",
                    [&](const QString& name, const YAML::Node& u, const QString& at) {
                        KubeUser k;
                        k.name = name;
                        k.sourceFile = file;
                        p.str(u, "token", at, k.token);
                        p.path(u, "tokenFile", at, k.tokenFile);
                        p.path(u, "client-certificate", at, k.clientCertFile);
                        p.path(u, "client-key", at, k.clientKeyFile);
                        p.base64(u, "client-certificate-data", at, k.clientCertData);
                        p.base64(u, "client-key-data", at, k.clientKeyData);
                        p.str(u, "username", at, k.username);
                        p.str(u, "password", at, k.password);
                        if (const YAML::Node ap = u["auth-provider"]; ap && ap.IsMap())
                            p.str(ap, "name", at + QStringLiteral(".auth-provider"),
                                  k.authProvider);
                        p.exec(u, at, k);
                        cfg.m_users.append(std::move(k));
                    });
        p.namedList(root, "contexts", "context",
                    [&](const QString& name, const YAML::Node& c, const QString& at) {
                        KubeContext k;
                        k.name = name;
                        k.sourceFile = file;
                        p.str(c, "cluster", at, k.cluster);
                        p.str(c, "user", at, k.user);
                        p.str(c, "namespace", at, k.namespace_);
                        cfg.m_contexts.append(std::move(k));
                    });
    } catch (const YAML::Exception& ex) {
        return makeError(file, ex.mark.is_null() ? -1 : ex.mark.line + 1,
                         ex.mark.is_null() ? -1 : ex.mark.column + 1, QString(),
                         QString::fromStdString(ex.msg));
    }
    if (p.error)
        return *p.error;
    return cfg;
}

} // namespace tessera::kube
