#pragma once
// Splits a log that arrives in pieces (logTextArrived) into whole lines: a piece may end in the
// middle of a line, which waits for the next piece. The log view calls it once per piece, so its
// cost per call is bounded by the piece (at most 1 MiB from every source), never by the log.
#include <QString>
#include <QStringList>

namespace tessera::store {

class LogLineSplitter {
public:
    // The lines `piece` completes (without their newlines).
    QStringList push(const QString& piece);
    // The last line when the log does not end with a newline ("" when it does), and a fresh start.
    QString finish();
    void clear() { m_partial.clear(); }

private:
    QString m_partial; // a line still being written
};

} // namespace tessera::store
