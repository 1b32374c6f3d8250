// gtest main with a QApplication (offscreen unless the caller chose a platform): the job view's
// widgets are real and the PDF writer needs fonts.
#include <QApplication>
#include <gtest/gtest.h>

namespace {

QtMessageHandler g_previous = nullptr;

// The offscreen platform says this of every window shown; the test shows a job view per run.
void quietOffscreen(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    if (message.contains(QLatin1String("does not support propagateSizeHints")))
        return;
    if (g_previous)
        g_previous(type, context, message);
}

} // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    g_previous = qInstallMessageHandler(quietOffscreen);
    QApplication app(argc, argv);
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
