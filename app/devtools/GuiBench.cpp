#include "GuiBench.h"

#include "serve/Server.h"
#include "ui/JobListModel.h"
#include "ui/JobView.h"
#include "ui/MainWindow.h"
#include "ui/SourceHost.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QFile>
#include <QTimer>
#include <cstdio>
#include <unistd.h>

namespace tessera::devtools {

using namespace tessera::ui;

namespace {

// Milliseconds since this process started (its start time in /proc), so the figure includes
// loading the binary and its libraries, as a user waiting for the window sees it.
qint64 millisSinceProcessStart() {
    QFile stat(QStringLiteral("/proc/self/stat"));
    QFile uptime(QStringLiteral("/proc/uptime"));
    if (!stat.open(QIODevice::ReadOnly) || !uptime.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray line = stat.readAll();
    // Field 22 (starttime, clock ticks since boot) counts from after the ')' closing field 2.
    const QList<QByteArray> fields = line.mid(line.lastIndexOf(')') + 2).split(' ');
    if (fields.size() < 20)
        return -1;
    const double startSeconds = fields[19].toDouble() / double(sysconf(_SC_CLK_TCK));
    const double nowSeconds = uptime.readAll().split(' ').value(0).toDouble();
    return qint64((nowSeconds - startSeconds) * 1000.0);
}

// "VmRSS" or "VmHWM" of this process, in MiB.
double memoryMiB(const char* field) {
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith(field))
            return line.mid(int(qstrlen(field)) + 1).trimmed().split(' ').value(0).toDouble() /
                   1024.0;
    }
    return -1;
}

// What GuiBench.h says; --bench-gui's figures, by name, one per line.
class GuiBench : public QObject {
public:
    GuiBench(MainWindow* window, int indexes)
        : m_window(window)
        , m_indexes(indexes) {
        window->installEventFilter(this);
        m_timer.setInterval(100);
        connect(&m_timer, &QTimer::timeout, this, [this] { step(); });
        m_timer.start();
        m_clock.start();
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (watched == m_window && event->type() == QEvent::Paint && m_shownMs < 0) {
            m_shownMs = millisSinceProcessStart();
            std::printf("window_shown_ms %lld\n", static_cast<long long>(m_shownMs));
            std::fflush(stdout);
        }
        return false;
    }

private:
    void step() {
        if (m_clock.elapsed() > 120000) {
            std::fprintf(stderr, "tessera-devtools: bench-gui timed out at step %d\n", m_step);
            QApplication::exit(1);
            return;
        }
        SourceHost* host = m_window->sourceHost();
        switch (m_step) {
        case 0: { // the Demo is up: add the big job
            if (m_shownMs < 0 || !host || !host->server() || m_window->jobModel()->rowCount() < 3)
                return;
            const QByteArray manifest =
                QStringLiteral("apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: bench-big\n"
                               "  annotations:\n    tessera.dev/sim-duration: \"5s\"\n"
                               "spec:\n  completions: %1\n  parallelism: 500\n"
                               "  completionMode: Indexed\n  backoffLimitPerIndex: 2\n"
                               "  maxFailedIndexes: %1\n  template:\n    spec:\n"
                               "      restartPolicy: Never\n      containers:\n"
                               "      - name: main\n        image: busybox\n")
                    .arg(m_indexes)
                    .toUtf8();
            if (!host->server()->createFromManifest(manifest)) {
                std::fprintf(stderr, "tessera-devtools: cannot create the bench job\n");
                QApplication::exit(1);
                return;
            }
            break;
        }
        case 1: { // open it
            JobListModel* model = m_window->jobModel();
            for (int r = 0; r < model->rowCount(); ++r) {
                if (model->job(r).name == QLatin1String("bench-big")) {
                    m_window->openJob(model->job(r).key);
                    ++m_step;
                    m_opened.start();
                    return;
                }
            }
            return;
        }
        case 2: // its scoreboard filled, then ten seconds of pods coming and going
            if (!m_window->jobView() || !m_window->jobView()->snapshot() ||
                m_window->jobView()->snapshot()->states.size() != m_indexes ||
                m_opened.elapsed() < 10000)
                return;
            std::printf("indexes %d\nsucceeded_after_10s %d\nrss_mib %.1f\npeak_rss_mib %.1f\n",
                        m_indexes, m_window->jobView()->snapshot()->summary.succeeded,
                        memoryMiB("VmRSS:"), memoryMiB("VmHWM:"));
            std::fflush(stdout);
            QApplication::exit(0);
            return;
        }
        ++m_step;
    }

    MainWindow* m_window;
    int m_indexes;
    QTimer m_timer;
    QElapsedTimer m_clock, m_opened;
    qint64 m_shownMs = -1;
    int m_step = 0;
};

} // namespace

std::unique_ptr<QObject> startGuiBench(MainWindow* window, int indexes) {
    return std::make_unique<GuiBench>(window, indexes);
}

} // namespace tessera::devtools
