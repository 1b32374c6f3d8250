#pragma once
// The API's `fieldSelector` query parameter: `path=value`, `path==value`, `path!=value`,
// comma-separated and ANDed, where path is a dotted JSON path (metadata.name, status.phase,
// spec.nodeName, involvedObject.uid, ...). A missing field compares as "" (or as the kind says:
// a Job's status.successful as "0"). The API server's selectors are checked against the kind's
// selectable fields (ApiKinds.h). kubectl uses metadata.name for `get NAME -w` and `wait`, and
// involvedObject.* for the events of `describe`.
#include "ApiKinds.h"
#include "ServeTypes.h"

#include <QJsonObject>
#include <QStringList>
#include <vector>

namespace tessera::serve {

class FieldSelector {
public:
    FieldSelector() = default;
    static ApiOutcome<FieldSelector> parse(const QString& text);
    // As parse, with each field checked against what `kind` can select (its row's selectable
    // fields) and read where the kind keeps it: an unknown field is the API server's 400.
    static ApiOutcome<FieldSelector> parse(const QString& text, const ResourceInfo& kind);

    bool empty() const { return m_terms.empty(); }
    bool matches(const QJsonObject& object) const;
    // The value a term on metadata.name asks for ("" when there is none): lets a list skip to one
    // object instead of scanning.
    QString exactName() const;

private:
    struct Term {
        QStringList path;
        QString value;
        bool negate = false;
        QString whenMissing; // the field's text when the object does not have it
    };
    std::vector<Term> m_terms;
};

} // namespace tessera::serve
