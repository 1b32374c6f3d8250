#include "Wait.h"

#include <QTest>

namespace tessera::test {

bool waitUntil(const std::function<bool()>& condition, int timeoutMs) {
    return QTest::qWaitFor(condition, timeoutMs);
}

} // namespace tessera::test
