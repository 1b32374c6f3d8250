#pragma once
// Small value types the API client hands across threads: results, errors, connection states.
#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>
#include <optional>

namespace tessera::kube {

struct ApiError {
    enum class Kind {
        Network,         // connection refused/reset, DNS, proxy
        Tls,             // certificate verification, handshake
        Timeout,         // no answer in time
        Credentials,     // token file, exec plugin
        Unauthorized,    // 401
        Forbidden,       // 403
        NotFound,        // 404
        Conflict,        // 409 (already exists, changed meanwhile)
        Gone,            // 410: resourceVersion too old
        TooManyRequests, // 429
        Invalid,         // 400, 422: the request was refused as malformed
        Server,          // 5xx
        BadResponse,     // the answer could not be decoded
        Cancelled,
    };
    Kind kind = Kind::Network;
    int httpStatus = 0;
    QString reason;  // Status.reason ("Expired", "Forbidden", ...)
    QString message; // complete, names the URL and the context/user; never a secret
    std::optional<int> retryAfterSeconds;
    // The Status's details.causes[]: each field a 422 refused (or a 409 apply conflict names).
    struct Cause {
        QString field; // "spec.parallelism"; empty when the cause names none
        QString message;
        QString type; // "FieldValueInvalid", "FieldManagerConflict", ...
    };
    QList<Cause> causes;

    bool isAuth() const { return kind == Kind::Unauthorized || kind == Kind::Forbidden; }
};

struct ApiResponse {
    int httpStatus = 0;
    QByteArray body;
    QByteArray contentType;
};

// The state of one watch (or of the client), as the UI shows it.
struct WatchState {
    enum class Phase { Connecting, Connected, Retrying, Unauthorized, Forbidden, Failed, Stopped };
    Phase phase = Phase::Connecting;
    int retryInSeconds = 0; // Retrying: when the next attempt starts
    QString detail;         // why (the last error), or what is connected

    // "connected", "retrying in 4 s: connection refused", "unauthorized: ..."
    QString text() const;
};

// /version and discovery.
struct ServerInfo {
    QString gitVersion; // "v1.31.2"
    QString major;
    QString minor;
    QString platform;
    bool batchV1Jobs = false; // /apis/batch/v1 serves "jobs"
};

// A core/v1 Event about one object.
struct KubeEvent {
    QString type;   // Normal, Warning
    QString reason; // SuccessfulCreate, BackoffLimitExceeded, ...
    QString message;
    int count = 1;
    QDateTime firstTimestamp;
    QDateTime lastTimestamp;
    QString source; // source.component or reportingComponent
    QString involvedName;
    QString involvedKind;

    // From a core/v1 Event's JSON (a list's item or a watch event's object): eventTime stands
    // in for a missing lastTimestamp, the reporting component for a missing source.
    static KubeEvent fromJson(const QJsonObject& event);
};

} // namespace tessera::kube

Q_DECLARE_METATYPE(tessera::kube::ApiError)
Q_DECLARE_METATYPE(tessera::kube::WatchState)
