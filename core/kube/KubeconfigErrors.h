#pragma once
// The two shapes of a kubeconfig error, shared by the parser, the loader and resolve():
// "file:line:column: field: reason" for a place in a file, and a complete message otherwise.
#include "engine/Result.h"

#include <QString>

namespace tessera::kube::detail {

inline engine::Error makeError(const QString& file, long line, long column, const QString& field,
                               const QString& reason) {
    QString text = file;
    if (line >= 0)
        text +=
            QLatin1Char(':') + QString::number(line) + QLatin1Char(':') + QString::number(column);
    text += QStringLiteral(": ");
    if (!field.isEmpty())
        text += field + QStringLiteral(": ");
    text += reason;
    engine::Error e;
    e.message = text.toStdString();
    e.field = field.toStdString();
    e.line = line;
    e.column = column;
    return e;
}

inline engine::Error plainError(const QString& text) {
    engine::Error e;
    e.message = text.toStdString();
    return e;
}

} // namespace tessera::kube::detail
