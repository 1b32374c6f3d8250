// gtest main with a QApplication: the widgets under test paint, get events and run timers.
// Offscreen unless the caller chose a platform (gtest_discover_tests runs this at build time).
#include <QApplication>
#include <gtest/gtest.h>

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    // Local runs launched from a window are `tessera run` processes: this binary is not tessera,
    // so point the window at the real one (the override LocalSource documents).
    if (qEnvironmentVariableIsEmpty("TESSERA_RUNNER"))
        qputenv("TESSERA_RUNNER", TESSERA_BINARY);
    QApplication app(argc, argv);
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
