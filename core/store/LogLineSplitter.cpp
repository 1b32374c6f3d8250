#include "LogLineSplitter.h"

namespace tessera::store {

QStringList LogLineSplitter::push(const QString& piece) {
    QStringList lines;
    qsizetype start = 0;
    qsizetype newline = piece.indexOf(QLatin1Char('\n'));
    if (newline < 0) {
        m_partial += piece;
        return lines;
    }
    m_partial.append(QStringView(piece).left(newline));
    lines.push_back(std::move(m_partial));
    m_partial.clear();
    start = newline + 1;
    while ((newline = piece.indexOf(QLatin1Char('\n'), start)) >= 0) {
        lines.push_back(piece.mid(start, newline - start));
        start = newline + 1;
    }
    m_partial = piece.mid(start);
    return lines;
}

QString LogLineSplitter::finish() {
    QString last;
    last.swap(m_partial);
    return last;
}

} // namespace tessera::store
