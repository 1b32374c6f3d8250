#include "JobEvents.h"

#include "ObjectStore.h"
#include "PodObject.h"

#include <QJsonObject>

namespace tessera::serve {

void JobEvents::record(const InvolvedObject& about, const QString& component, const QString& type,
                       const QString& reason, const QString& message, engine::TimePoint now) {
    const QString name =
        QStringLiteral("%1.%2").arg(about.name).arg(++m_counter + m_nameBase, 0, 16);
    const QString at = timeText(now);
    QJsonObject event{
        {QStringLiteral("apiVersion"), QStringLiteral("v1")},
        {QStringLiteral("kind"), QStringLiteral("Event")},
        {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("name"), name},
                                                 {QStringLiteral("namespace"), about.namespace_}}},
        {QStringLiteral("involvedObject"),
         QJsonObject{{QStringLiteral("apiVersion"), about.apiVersion},
                     {QStringLiteral("kind"), about.kind},
                     {QStringLiteral("name"), about.name},
                     {QStringLiteral("namespace"), about.namespace_},
                     {QStringLiteral("uid"), about.uid}}},
        {QStringLiteral("reason"), reason},
        {QStringLiteral("message"), message},
        {QStringLiteral("type"), type},
        {QStringLiteral("count"), 1},
        {QStringLiteral("firstTimestamp"), at},
        {QStringLiteral("lastTimestamp"), at},
        {QStringLiteral("eventTime"), QJsonValue::Null},
        {QStringLiteral("source"), QJsonObject{{QStringLiteral("component"), component}}},
        {QStringLiteral("reportingComponent"), component},
        {QStringLiteral("reportingInstance"), QString()},
    };
    if (!m_store.create(QStringLiteral("events"), about.namespace_, event))
        return;
    m_events.emplace_back(about.namespace_, name);
    while (static_cast<int>(m_events.size()) > m_maxEvents) {
        m_store.remove(QStringLiteral("events"), m_events.front().first, m_events.front().second);
        m_events.pop_front();
    }
}

} // namespace tessera::serve
