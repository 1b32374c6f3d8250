#include "JobScope.h"

#include "engine/ValidationNames.h"
#include "serve/LabelSelector.h"

#include <QRegularExpression>

namespace tessera::store {

namespace {

engine::Error scopeError(const char* field, const QString& value, const QString& message) {
    engine::Error e;
    e.field = field;
    e.value = QStringLiteral("\"%1\"").arg(value).toStdString();
    e.message = message.toStdString();
    return e;
}

} // namespace

engine::Result<JobScope> JobScope::parse(const QString& namespacesText,
                                         const QString& labelSelectorText) {
    JobScope scope;
    static const QRegularExpression separators(QStringLiteral("[,\\s]+"));
    for (const QString& ns : namespacesText.split(separators, Qt::SkipEmptyParts)) {
        if (!engine::isDns1123Label(ns.toStdString()))
            return scopeError("namespace", ns,
                              QStringLiteral("a namespace is a DNS-1123 label (lower-case letters, "
                                             "digits and '-', at most 63)"));
        if (!scope.namespaces.contains(ns))
            scope.namespaces << ns;
    }
    scope.namespaces.sort();
    // The server's own parser: what it would refuse with 400 is refused here, before the list.
    const QString selector = labelSelectorText.trimmed();
    if (auto parsed = serve::LabelSelector::parse(selector); !parsed)
        return scopeError("labelSelector", selector, parsed.error().message);
    scope.labelSelector = selector;
    return scope;
}

QString JobScope::namespacesText() const {
    return namespaces.join(QStringLiteral(", "));
}

} // namespace tessera::store
