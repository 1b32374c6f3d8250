#pragma once
// The controller and API metrics `tessera serve` exposes at /metrics, in the Prometheus text
// format. Names and labels follow the upstream Job controller (pkg/controller/job/metrics):
//   job_sync_duration_seconds{completion_mode,result,action} (histogram)
//   job_sync_total{completion_mode,result,action}
//   job_finished_total{completion_mode,result,reason}
//   job_pods_finished_total{completion_mode,result}
// plus apiserver_request_total{verb,resource,code} and object counts.
#include <QByteArray>
#include <QString>
#include <array>
#include <map>

namespace tessera::serve {

class Metrics {
public:
    void observeSync(const QString& completionMode, const QString& result, const QString& action,
                     double seconds);
    void jobFinished(const QString& completionMode, const QString& result, const QString& reason);
    void podsFinished(const QString& completionMode, const QString& result, int count);
    void request(const QString& verb, const QString& resource, int code);
    void setGauge(const QString& name, const QString& labels, double value);

    QByteArray render() const;

private:
    static constexpr int kBuckets = 15; // 4 ms doubling, as upstream
    struct Histogram {
        std::array<quint64, kBuckets> buckets{};
        quint64 count = 0;
        double sum = 0;
    };
    std::map<QString, Histogram> m_syncDuration; // key: rendered label set
    std::map<QString, quint64> m_syncTotal;
    std::map<QString, quint64> m_finished;
    std::map<QString, quint64> m_podsFinished;
    std::map<QString, quint64> m_requests;
    std::map<QString, std::map<QString, double>> m_gauges;
};

} // namespace tessera::serve
