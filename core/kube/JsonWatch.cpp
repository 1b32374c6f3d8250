#include "JsonWatch.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <optional>

namespace tessera::kube {

namespace {

std::string text(const QJsonObject& o, const char* field) {
    return o.value(QLatin1String(field)).toString().toStdString();
}

// An object's name and namespace are path segments of its URL: neither may hold a '/', so the
// "namespace/name" key of every object is unambiguous (a name "a/b" in "ns" and a name "b" in
// "ns/a" would share one). `path` prefixes the field in the message ("items[3].").
std::optional<QString> keyProblem(const QJsonObject& object, const QString& path) {
    const QJsonObject meta = object.value(QLatin1String("metadata")).toObject();
    for (const char* field : {"namespace", "name"}) {
        const QString value = meta.value(QLatin1String(field)).toString();
        if (value.contains(QLatin1Char('/')))
            return QStringLiteral("%1metadata.%2: \"%3\" may not contain '/'")
                .arg(path, QLatin1String(field), value);
    }
    return std::nullopt;
}

} // namespace

QString objectKeyOf(const QJsonObject& object) {
    const QJsonObject meta = object.value(QLatin1String("metadata")).toObject();
    return meta.value(QLatin1String("namespace")).toString() + QLatin1Char('/') +
           meta.value(QLatin1String("name")).toString();
}

tl::expected<JsonListPage, QString> decodeJsonListPage(const QByteArray& body) {
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError)
        return tl::unexpected(
            QStringLiteral("not JSON: %1 at offset %2").arg(error.errorString()).arg(error.offset));
    if (!doc.isObject() || !doc.object().value(QLatin1String("items")).isArray())
        return tl::unexpected(QStringLiteral("not a list: no items array"));
    const QJsonObject list = doc.object();
    const QJsonObject meta = list.value(QLatin1String("metadata")).toObject();
    JsonListPage page;
    page.metadata.resourceVersion = text(meta, "resourceVersion");
    page.metadata.continueToken = text(meta, "continue");
    const QJsonArray items = list.value(QLatin1String("items")).toArray();
    page.items.reserve(static_cast<size_t>(items.size()));
    for (const QJsonValue& item : items) {
        if (!item.isObject())
            return tl::unexpected(
                QStringLiteral("items[%1]: not an object").arg(page.items.size()));
        const QString path = QStringLiteral("items[%1].").arg(page.items.size());
        if (const auto problem = keyProblem(item.toObject(), path))
            return tl::unexpected(*problem);
        page.items.push_back(item.toObject());
    }
    return page;
}

tl::expected<JsonWatchEvent, QString> decodeJsonWatchLine(std::string_view line) {
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(
        QByteArray(line.data(), static_cast<qsizetype>(line.size())), &error);
    if (error.error != QJsonParseError::NoError)
        return tl::unexpected(
            QStringLiteral("not JSON: %1 at offset %2").arg(error.errorString()).arg(error.offset));
    const QJsonObject event = doc.object();
    static const QHash<QString, codec::WatchEventType> kTypes{
        {QStringLiteral("ADDED"), codec::WatchEventType::Added},
        {QStringLiteral("MODIFIED"), codec::WatchEventType::Modified},
        {QStringLiteral("DELETED"), codec::WatchEventType::Deleted},
        {QStringLiteral("BOOKMARK"), codec::WatchEventType::Bookmark},
        {QStringLiteral("ERROR"), codec::WatchEventType::Error}};
    const QString type = event.value(QLatin1String("type")).toString();
    const auto known = kTypes.constFind(type);
    if (known == kTypes.constEnd())
        return tl::unexpected(QStringLiteral("type: unknown \"%1\"").arg(type));
    if (!event.value(QLatin1String("object")).isObject())
        return tl::unexpected(QStringLiteral("object: missing or not an object"));
    JsonWatchEvent out;
    out.type = *known;
    out.object = event.value(QLatin1String("object")).toObject();
    if (out.type == codec::WatchEventType::Error) {
        out.status.status = text(out.object, "status");
        out.status.code = out.object.value(QLatin1String("code")).toInt();
        out.status.reason = text(out.object, "reason");
        out.status.message = text(out.object, "message");
        return out;
    }
    const QJsonObject meta = out.object.value(QLatin1String("metadata")).toObject();
    out.resourceVersion = text(meta, "resourceVersion");
    if (out.type != codec::WatchEventType::Bookmark) {
        if (meta.value(QLatin1String("name")).toString().isEmpty())
            return tl::unexpected(QStringLiteral("object.metadata.name: missing"));
        if (const auto problem = keyProblem(out.object, QStringLiteral("object.")))
            return tl::unexpected(*problem);
        out.key = objectKeyOf(out.object);
    }
    return out;
}

} // namespace tessera::kube
