#pragma once
// The list pages and watch lines of the collections an Informer hands over as JSON objects
// (CronJobs, Events, a described pod): what the Informer needs of each (items and list metadata;
// the event's type, object, Status and resourceVersion), nothing decoded beyond that. Errors say
// what did not decode.
#include "codec/Objects.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <string>
#include <string_view>
#include <tl/expected.hpp>
#include <vector>

namespace tessera::kube {

struct JsonListPage {
    std::vector<QJsonObject> items;
    codec::ListMeta metadata; // resourceVersion, continue
};

struct JsonWatchEvent {
    codec::WatchEventType type = codec::WatchEventType::Added;
    QJsonObject object;          // ADDED, MODIFIED, DELETED, BOOKMARK
    codec::ApiStatus status;     // ERROR
    std::string resourceVersion; // the object's metadata.resourceVersion ("" for ERROR)
    QString key;                 // "namespace/name" of ADDED, MODIFIED, DELETED
};

tl::expected<JsonListPage, QString> decodeJsonListPage(const QByteArray& body);
// "namespace/name" of an object (a list item or a watch event's): the key InformerBatch::deleted
// names objects by.
QString objectKeyOf(const QJsonObject& object);
tl::expected<JsonWatchEvent, QString> decodeJsonWatchLine(std::string_view line);

} // namespace tessera::kube
