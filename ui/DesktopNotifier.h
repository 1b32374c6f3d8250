#pragma once
// Desktop notifications. The window speaks to a DesktopNotifier; DBusNotifier sends through the
// freedesktop notification service (org.freedesktop.Notifications.Notify on the session bus,
// https://specifications.freedesktop.org/notification-spec/latest/protocol.html), which every
// Linux desktop runs. Tests hand the window one of their own.
#include <QDBusConnection>
#include <QObject>
#include <QString>
#include <optional>

namespace tessera::ui {

class DesktopNotifier : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    ~DesktopNotifier() override = default;

    enum class Urgency { Normal, Critical };
    // Shows `summary` (one line) and `body`; never blocks. A notification that cannot be shown
    // is reported as failed().
    virtual void notify(const QString& summary, const QString& body, Urgency urgency) = 0;

signals:
    void failed(QString message);
};

class DBusNotifier : public DesktopNotifier {
    Q_OBJECT
public:
    // The session bus, connected at the first notification (a window that never notifies never
    // connects).
    explicit DBusNotifier(QObject* parent = nullptr);
    DBusNotifier(const QDBusConnection& bus, QObject* parent);
    void notify(const QString& summary, const QString& body, Urgency urgency) override;

    static QString service() { return QStringLiteral("org.freedesktop.Notifications"); }
    static QString path() { return QStringLiteral("/org/freedesktop/Notifications"); }

private:
    std::optional<QDBusConnection> m_bus;
};

} // namespace tessera::ui
