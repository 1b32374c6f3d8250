// The window under load, for scripts/soak.sh (not a ctest): opens a cluster context (KUBECONFIG,
// e.g. a `tessera serve` instance), waits for a Job, opens it and keeps it open for a while.
// Meanwhile a heartbeat timer on the GUI thread measures how late it fires: the lateness is the
// time the event loop could not run (a freeze the user would see). Every 10 s one line:
//   sample t_s=<s> rss_mib=<MiB> heap_used_mib=<MiB> heap_free_mib=<MiB> stall_max_ms=<worst
//          lateness in these 10 s> late_100ms=<count> succeeded=<n> active=<n> completions=<n>
//          attempts=<attempts in the job view's snapshot>
// then a summary line. heap_used is what malloc has handed out and not had back (every arena,
// mmapped blocks included), heap_free what it holds free: RSS growing with heap_used is memory
// the program keeps; RSS growing with heap_free is fragmentation.
// Usage: tessera_gui_soak CONTEXT JOB SECONDS
#include "JobListModel.h"
#include "JobView.h"
#include "MainWindow.h"
#include "SourceHost.h"
#include "store/JobSnapshot.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <malloc.h>

using namespace tessera;

namespace {

constexpr int kHeartbeatMs = 20;

double rssMiB() {
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toDouble() / 1024.0;
    return -1;
}

struct HeapMiB {
    double used = -1, free = -1;
};

HeapMiB heapMiB() {
#if defined(__GLIBC__)
    const struct mallinfo2 m = mallinfo2();
    return {static_cast<double>(m.uordblks + m.hblkhd) / (1024.0 * 1024.0),
            static_cast<double>(m.fordblks) / (1024.0 * 1024.0)};
#else
    return {};
#endif
}

double cpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

class Soak : public QObject {
public:
    Soak(ui::MainWindow* window, QString job, int seconds)
        : m_window(window)
        , m_job(std::move(job))
        , m_seconds(seconds) {
        m_heartbeat.setTimerType(Qt::PreciseTimer);
        m_heartbeat.setInterval(kHeartbeatMs);
        connect(&m_heartbeat, &QTimer::timeout, this, [this] { beat(); });
        m_heartbeat.start();
        m_since.start();
        m_lastBeat.start();
    }

private:
    void beat() {
        const qint64 late = m_lastBeat.restart() - kHeartbeatMs;
        if (!m_opened.isValid()) {
            open();
            return;
        }
        m_windowMax = std::max(m_windowMax, late);
        m_totalMax = std::max(m_totalMax, late);
        if (late >= 100) {
            ++m_late100;
            ++m_totalLate100;
        }
        if (m_opened.elapsed() >= m_nextSampleMs)
            sample();
    }

    void open() {
        if (m_since.elapsed() > 120000) {
            std::fprintf(stderr, "soak: job %s not found within 120 s\n", qPrintable(m_job));
            QApplication::exit(1);
            return;
        }
        ui::JobListModel* model = m_window->jobModel();
        for (int r = 0; r < model->rowCount(); ++r) {
            if (model->job(r).name == m_job) {
                m_window->openJob(model->job(r).key);
                m_opened.start();
                m_lastCpu = cpuSeconds();
                std::printf("opened %s after %lld ms\n", qPrintable(m_job),
                            static_cast<long long>(m_since.elapsed()));
                std::fflush(stdout);
                return;
            }
        }
    }

    void sample() {
        m_nextSampleMs += 10000;
        const double cpu = cpuSeconds();
        const qint64 elapsedMs = m_opened.elapsed();
        const double cpuPercent =
            100.0 * (cpu - m_lastCpu) * 1000.0 / static_cast<double>(elapsedMs - m_lastSampleMs);
        m_lastCpu = cpu;
        m_lastSampleMs = elapsedMs;
        const double rss = rssMiB();
        m_rssMin = m_rssMin < 0 ? rss : std::min(m_rssMin, rss);
        m_rssMax = std::max(m_rssMax, rss);
        const HeapMiB heap = heapMiB();
        int succeeded = -1, active = -1, completions = -1;
        long long attempts = -1;
        if (ui::JobView* view = m_window->jobView(); view && view->snapshot()) {
            const store::JobSummary& s = view->snapshot()->summary;
            succeeded = s.succeeded;
            active = s.active;
            completions = s.completions;
            attempts = static_cast<long long>(view->snapshot()->attempts.size());
        }
        std::printf("sample t_s=%lld rss_mib=%.1f heap_used_mib=%.1f heap_free_mib=%.1f "
                    "stall_max_ms=%lld late_100ms=%d succeeded=%d active=%d completions=%d "
                    "attempts=%lld cpu_pct=%.0f\n",
                    static_cast<long long>(m_opened.elapsed() / 1000), rss, heap.used, heap.free,
                    static_cast<long long>(m_windowMax), m_late100, succeeded, active, completions,
                    attempts, cpuPercent);
        std::fflush(stdout);
        m_windowMax = 0;
        m_late100 = 0;
        if (m_opened.elapsed() >= qint64(m_seconds) * 1000) {
            std::printf("summary seconds=%d stall_max_ms=%lld late_100ms=%d rss_first_min_mib=%.1f "
                        "rss_max_mib=%.1f\n",
                        m_seconds, static_cast<long long>(m_totalMax), m_totalLate100, m_rssMin,
                        m_rssMax);
            std::fflush(stdout);
            QApplication::exit(0);
        }
    }

    ui::MainWindow* m_window;
    QString m_job;
    int m_seconds;
    QTimer m_heartbeat;
    QElapsedTimer m_since, m_lastBeat, m_opened;
    qint64 m_nextSampleMs = 10000;
    qint64 m_windowMax = 0, m_totalMax = 0;
    int m_late100 = 0, m_totalLate100 = 0;
    double m_rssMin = -1, m_rssMax = -1;
    double m_lastCpu = 0;      // process CPU seconds at the previous sample
    qint64 m_lastSampleMs = 0; // and when it was taken
};

} // namespace

int main(int argc, char** argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: tessera_gui_soak CONTEXT JOB SECONDS\n");
        return 2;
    }
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("tessera-soak"));
    QApplication::setApplicationName(QStringLiteral("tessera-soak"));
    ui::MainWindow window;
    const QString source = ui::SourceHost::contextId(QString::fromLocal8Bit(argv[1]));
    window.setSourceIds({source}, source);
    window.resize(1400, 900);
    window.show();
    Soak soak(&window, QString::fromLocal8Bit(argv[2]), QByteArray(argv[3]).toInt());
    return app.exec();
}
