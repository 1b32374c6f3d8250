#include "DesktopNotifier.h"

#include <QDBusError>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QVariantMap>

namespace tessera::ui {

namespace {

// The installed desktop entry and icon (packaging/io.github.tessera.Tessera.desktop).
QString appId() {
    return QStringLiteral("io.github.tessera.Tessera");
}

} // namespace

DBusNotifier::DBusNotifier(QObject* parent)
    : DesktopNotifier(parent) {}

DBusNotifier::DBusNotifier(const QDBusConnection& bus, QObject* parent)
    : DesktopNotifier(parent)
    , m_bus(bus) {}

void DBusNotifier::notify(const QString& summary, const QString& body, Urgency urgency) {
    if (!m_bus)
        m_bus = QDBusConnection::sessionBus();
    if (!m_bus->isConnected()) {
        emit failed(tr("Desktop notification \"%1\" not shown: no D-Bus session bus (%2)")
                        .arg(summary, m_bus->lastError().message()));
        return;
    }
    QDBusMessage call =
        QDBusMessage::createMethodCall(service(), path(), service(), QStringLiteral("Notify"));
    // Notify(app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout).
    // Urgency is a byte: 1 normal, 2 critical (critical ones stay until dismissed).
    const QVariantMap hints{{QStringLiteral("urgency"),
                             QVariant::fromValue<uchar>(urgency == Urgency::Critical ? 2 : 1)},
                            {QStringLiteral("desktop-entry"), appId()}};
    call << QStringLiteral("Tessera") << 0u << appId() << summary << body << QStringList() << hints
         << -1;
    auto* watcher = new QDBusPendingCallWatcher(m_bus->asyncCall(call), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this,
            [this, summary](QDBusPendingCallWatcher* w) {
                const QDBusPendingReply<uint> reply = *w;
                if (reply.isError())
                    emit failed(tr("Desktop notification \"%1\" not shown: %2 (%3)")
                                    .arg(summary, reply.error().message(), reply.error().name()));
                w->deleteLater();
            });
}

} // namespace tessera::ui
