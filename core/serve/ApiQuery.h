#pragma once
// The query parameters of list and watch requests whose values the API server checks before it
// acts: resourceVersion, timeoutSeconds and continue tokens. A value that does not parse is a
// 400, as upstream answers it, never a silent default (a garbage resourceVersion once replayed
// a watch's whole history; timeoutSeconds=4294968 overflowed into a 0.7-s watch).
#include "ServeTypes.h"

#include <QString>
#include <chrono>
#include <optional>

namespace tessera::serve {

// "" and absent: nullopt (no version asked for); else a decimal unsigned number.
ApiOutcome<std::optional<quint64>> parseResourceVersion(const QString& text);

// A watch's timeoutSeconds: nullopt when absent or 0 (no timeout); a non-negative number of
// seconds; values past what a timer holds (about 24 days) mean no timeout either.
ApiOutcome<std::optional<std::chrono::milliseconds>> parseTimeoutSeconds(const QString& text);

// A list's continue token: the resourceVersion of the list it continues and the key
// ("namespace/name") of the last object that list returned, as base64url JSON the way
// kube-apiserver makes its own ({"v":"meta.k8s.io/v1","rv":N,"start":"..."}).
struct ContinueToken {
    quint64 resourceVersion = 0;
    QString after;
};
QString encodeContinueToken(const ContinueToken& token);
// 400 for a token this server did not make (or from a version it has not reached); 410 Expired
// when the version it was made at is older than `oldestVersion` (the store has forgotten the
// changes since).
ApiOutcome<ContinueToken> decodeContinueToken(const QString& text, quint64 oldestVersion,
                                              quint64 currentVersion);

} // namespace tessera::serve
