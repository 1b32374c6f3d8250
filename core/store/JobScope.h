#pragma once
// What part of a cluster the job list shows: a set of namespaces (none = all) and a label
// selector sent to the API server as `labelSelector=` (the server filters, so a narrow selector
// on a big cluster costs what it selects). Parsed once from what the user typed, at the edge.
#include "engine/Result.h"

#include <QMetaType>
#include <QString>
#include <QStringList>

namespace tessera::store {

struct JobScope {
    QStringList namespaces; // sorted, unique; empty = all namespaces
    QString labelSelector;  // "" = every job

    bool allNamespaces() const { return namespaces.isEmpty(); }
    // Whether a job of `namespace_` is in the scope (the label selector is the server's).
    bool includesNamespace(const QString& namespace_) const {
        return namespaces.isEmpty() || namespaces.contains(namespace_);
    }
    bool operator==(const JobScope&) const = default;

    // "team-a, team-b" (commas or spaces) and a selector as kubectl takes it ("app=etl,tier!=x").
    // Each namespace must be a DNS-1123 label and the selector must parse; the error names the
    // field and the offending text.
    static engine::Result<JobScope> parse(const QString& namespacesText,
                                          const QString& labelSelectorText);
    // The namespaces as the user types them back ("team-a, team-b").
    QString namespacesText() const;
};

} // namespace tessera::store

Q_DECLARE_METATYPE(tessera::store::JobScope)
