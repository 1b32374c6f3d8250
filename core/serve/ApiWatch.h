#pragma once
// One watch stream of the API server (internal to ApiServer*.cpp).
#include "ApiCodec.h"
#include "ApiSelectors.h"
#include "ApiServer.h"

namespace tessera::serve {

// One watch stream.
struct ApiServer::Watch {
    quint64 id = 0;
    QPointer<HttpConnection> connection;
    const ResourceInfo* resource = nullptr;
    QString namespace_;
    ApiSelectors selectors;
    bool bookmarks = false;
    bool table = false;
    bool tableColumnsSent = false;
    QString includeObject;
    WireFormat format = WireFormat::Json;
    QByteArray pending;
    bool flushScheduled = false;
    QTimer timeout;

    bool matches(const ObjectPtr& o) const {
        if (!o)
            return false;
        if (!namespace_.isEmpty() && o->namespace_ != namespace_)
            return false;
        return selectors.matches(o->json);
    }
};

} // namespace tessera::serve
