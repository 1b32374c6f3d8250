#pragma once
// Kubernetes label selectors as the API's `labelSelector` query parameter writes them:
// `a=b`, `a==b`, `a!=b`, `a in (x,y)`, `a notin (x,y)`, `a` (exists), `!a` (does not exist),
// comma-separated and ANDed. Also the matchLabels/matchExpressions form of a Job's spec.selector.
#include "ServeTypes.h"

#include <QJsonObject>
#include <QStringList>
#include <vector>

namespace tessera::serve {

class LabelSelector {
public:
    // The empty selector matches everything.
    LabelSelector() = default;
    static ApiOutcome<LabelSelector> parse(const QString& text);
    // A metav1.LabelSelector object ({matchLabels, matchExpressions}).
    static ApiOutcome<LabelSelector> fromJson(const QJsonObject& selector);

    bool empty() const { return m_requirements.empty(); }
    bool matches(const QJsonObject& labels) const;
    // The same test on a whole object (its metadata.labels).
    bool matchesObject(const QJsonObject& object) const;

private:
    enum class Op { Equals, NotEquals, In, NotIn, Exists, DoesNotExist };
    struct Requirement {
        QString key;
        Op op = Op::Exists;
        QStringList values;
    };
    std::vector<Requirement> m_requirements;
};

} // namespace tessera::serve
