// The job list's scope as the window reads it from its two fields (JobScope::parse): the
// namespaces text and the label selector, split at the first newline of the input.
#include "FuzzTarget.h"
#include "engine/ValidationNames.h"
#include "store/JobScope.h"

using namespace tessera;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QString text =
        QString::fromUtf8(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const qsizetype newline = text.indexOf(QLatin1Char('\n'));
    const QString namespaces = newline < 0 ? text : text.left(newline);
    const QString selector = newline < 0 ? QString() : text.mid(newline + 1);
    const auto scope = store::JobScope::parse(namespaces, selector);
    if (!scope) {
        fuzz::require(!scope.error().field.empty(), "a refused scope names its field");
        return 0;
    }
    for (qsizetype i = 0; i < scope->namespaces.size(); ++i) {
        fuzz::require(engine::isDns1123Label(scope->namespaces[i].toStdString()),
                      "every namespace is a DNS-1123 label");
        if (i > 0)
            fuzz::require(scope->namespaces[i - 1] < scope->namespaces[i],
                          "namespaces sorted and unique");
    }
    // What the fields show again parses to the same scope (the window writes it back).
    const auto again = store::JobScope::parse(scope->namespacesText(), scope->labelSelector);
    fuzz::require(again && *again == *scope, "a scope's own text parses to the same scope");
    return 0;
}
