#include "WholeWrites.h"

#include <cerrno>
#include <cstring>

namespace tessera::report {

WholeWrites::WholeWrites(QIODevice& target)
    : m_target(target) {
    open(QIODevice::WriteOnly | QIODevice::Unbuffered);
}

qint64 WholeWrites::readData(char*, qint64) {
    return -1;
}

qint64 WholeWrites::writeData(const char* data, qint64 size) {
    if (!m_failure.isEmpty())
        return -1;
    qint64 done = 0;
    while (done < size) {
        errno = 0;
        const qint64 n = m_target.write(data + done, size - done);
        if (n <= 0) {
            const int why = errno;
            m_failure =
                why != 0 ? QString::fromLocal8Bit(std::strerror(why)) : m_target.errorString();
            setErrorString(m_failure);
            return -1;
        }
        done += n;
    }
    return done;
}

} // namespace tessera::report
