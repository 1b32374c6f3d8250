#pragma once
// What ApiClient.cpp (transport: TLS, requests, streams) and ApiClientCalls.cpp (the API calls
// built on them) share. Internal to tessera_kube.
#include "ApiClient.h"

#include <QMetaObject>
#include <QPointer>
#include <functional>

namespace tessera::kube::api_client_detail {

// Calls `done` with `result`: directly without a context, else queued on the context's thread
// (not at all when the context is gone).
template <typename T>
void deliver(const QPointer<QObject>& context, bool hasContext,
             const std::function<void(const ApiResult<T>&)>& done, ApiResult<T> result) {
    if (!done)
        return;
    if (!hasContext) {
        done(result);
        return;
    }
    if (!context)
        return; // the receiver is gone
    QMetaObject::invokeMethod(context.data(), [done, r = std::move(result)] { done(r); });
}

inline ApiError makeError(ApiError::Kind kind, const QString& message, int status = 0) {
    ApiError e;
    e.kind = kind;
    e.message = message;
    e.httpStatus = status;
    return e;
}

} // namespace tessera::kube::api_client_detail
