#include "ApiSelectors.h"

namespace tessera::serve {

ApiOutcome<ApiSelectors> ApiSelectors::parse(const QString& labelSelector,
                                             const QString& fieldSelector) {
    auto labels = LabelSelector::parse(labelSelector);
    if (!labels)
        return tl::unexpected(labels.error());
    auto fields = FieldSelector::parse(fieldSelector);
    if (!fields)
        return tl::unexpected(fields.error());
    return ApiSelectors{std::move(*labels), std::move(*fields)};
}

ApiOutcome<ApiSelectors> ApiSelectors::parse(const QString& labelSelector,
                                             const QString& fieldSelector,
                                             const ResourceInfo& kind) {
    auto labels = LabelSelector::parse(labelSelector);
    if (!labels)
        return tl::unexpected(labels.error());
    auto fields = FieldSelector::parse(fieldSelector, kind);
    if (!fields)
        return tl::unexpected(fields.error());
    return ApiSelectors{std::move(*labels), std::move(*fields)};
}

ApiOutcome<ApiSelectors> ApiSelectors::fromQuery(const HttpRequest& r, const ResourceInfo& kind) {
    return parse(r.param("labelSelector"), r.param("fieldSelector"), kind);
}

} // namespace tessera::serve
