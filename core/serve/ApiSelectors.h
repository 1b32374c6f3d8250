#pragma once
// The labelSelector and fieldSelector query parameters of a list, watch or deletecollection
// request, parsed in one place so the three answer a bad selector with the same 400. The
// message is the parser's own, as the API server returns it (a BadRequest Status whose message
// is labels.Parse's or fields.ParseSelector's error, no prefix): "unable to parse requirement
// …" for a label selector, "invalid selector: 'TEXT'; can't understand 'TERM'" for a field
// selector.
#include "FieldSelector.h"
#include "HttpConnection.h"
#include "LabelSelector.h"
#include "ServeTypes.h"

#include <QJsonObject>

namespace tessera::serve {

struct ApiSelectors {
    LabelSelector labels;
    FieldSelector fields;

    // The label selector is checked first, as the API server converts it first.
    static ApiOutcome<ApiSelectors> parse(const QString& labelSelector,
                                          const QString& fieldSelector);
    // The request's selectors for a list, watch or deletecollection of `kind`: the field
    // selector may name only what the kind can select (ApiKinds.h).
    static ApiOutcome<ApiSelectors> parse(const QString& labelSelector,
                                          const QString& fieldSelector, const ResourceInfo& kind);
    static ApiOutcome<ApiSelectors> fromQuery(const HttpRequest& r, const ResourceInfo& kind);

    bool matches(const QJsonObject& object) const {
        return labels.matchesObject(object) && fields.matches(object);
    }
};

} // namespace tessera::serve
