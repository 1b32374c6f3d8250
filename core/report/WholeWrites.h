#pragma once
// A write-only QIODevice that passes everything written to it on to a target device, whole or
// not at all. A file system that fills up takes part of a large write and reports no error (a
// QSaveFile then commits the truncated file as a success), and a refused write leaves
// QFileDevice::errorString() at "Unknown error": this device repeats short writes until the
// target refuses, and keeps the system's reason ("No space left on device").
#include <QIODevice>
#include <QString>

namespace tessera::report {

class WholeWrites : public QIODevice {
public:
    // Opened write-only and unbuffered: a failure shows at the write that met it.
    explicit WholeWrites(QIODevice& target);

    // Why a write failed ("" while none has).
    QString failure() const { return m_failure; }

protected:
    qint64 readData(char* data, qint64 maxSize) override;
    qint64 writeData(const char* data, qint64 size) override;

private:
    QIODevice& m_target;
    QString m_failure;
};

} // namespace tessera::report
