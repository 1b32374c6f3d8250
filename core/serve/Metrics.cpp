#include "Metrics.h"

namespace tessera::serve {

namespace {

QString labelSet(std::initializer_list<std::pair<const char*, QString>> labels) {
    QString out;
    for (const auto& [name, value] : labels) {
        if (!out.isEmpty())
            out += QLatin1Char(',');
        QString escaped = value;
        escaped.replace(QLatin1Char('\\'), QLatin1String("\\\\"))
            .replace(QLatin1Char('"'), QLatin1String("\\\""))
            .replace(QLatin1Char('\n'), QLatin1String("\\n"));
        out += QLatin1String(name) + QLatin1String("=\"") + escaped + QLatin1Char('"');
    }
    return out;
}

double bucketBound(int i) {
    return 0.004 * static_cast<double>(1 << i);
}

void counterBlock(QByteArray& out, const char* name, const char* help,
                  const std::map<QString, quint64>& values) {
    out += QByteArray("# HELP ") + name + ' ' + help + "\n# TYPE " + name + " counter\n";
    for (const auto& [labels, value] : values)
        out += QByteArray(name) + '{' + labels.toUtf8() + "} " + QByteArray::number(value) + '\n';
}

} // namespace

void Metrics::observeSync(const QString& completionMode, const QString& result,
                          const QString& action, double seconds) {
    const QString labels =
        labelSet({{"completion_mode", completionMode}, {"result", result}, {"action", action}});
    Histogram& h = m_syncDuration[labels];
    for (int i = 0; i < kBuckets; ++i)
        if (seconds <= bucketBound(i))
            ++h.buckets[static_cast<std::size_t>(i)];
    ++h.count;
    h.sum += seconds;
    ++m_syncTotal[labels];
}

void Metrics::jobFinished(const QString& completionMode, const QString& result,
                          const QString& reason) {
    ++m_finished[labelSet(
        {{"completion_mode", completionMode}, {"result", result}, {"reason", reason}})];
}

void Metrics::podsFinished(const QString& completionMode, const QString& result, int count) {
    if (count > 0)
        m_podsFinished[labelSet({{"completion_mode", completionMode}, {"result", result}})] +=
            static_cast<quint64>(count);
}

void Metrics::request(const QString& verb, const QString& resource, int code) {
    ++m_requests[labelSet(
        {{"verb", verb}, {"resource", resource}, {"code", QString::number(code)}})];
}

void Metrics::setGauge(const QString& name, const QString& labels, double value) {
    m_gauges[name][labels] = value;
}

QByteArray Metrics::render() const {
    QByteArray out;
    out += "# HELP job_sync_duration_seconds The time it took to sync a job\n"
           "# TYPE job_sync_duration_seconds histogram\n";
    for (const auto& [labels, h] : m_syncDuration) {
        const QByteArray l = labels.toUtf8();
        for (int i = 0; i < kBuckets; ++i)
            out += "job_sync_duration_seconds_bucket{" + l + ",le=\"" +
                   QByteArray::number(bucketBound(i), 'g', 6) + "\"} " +
                   QByteArray::number(h.buckets[static_cast<std::size_t>(i)]) + '\n';
        out += "job_sync_duration_seconds_bucket{" + l + ",le=\"+Inf\"} " +
               QByteArray::number(h.count) + '\n';
        out +=
            "job_sync_duration_seconds_sum{" + l + "} " + QByteArray::number(h.sum, 'g', 9) + '\n';
        out += "job_sync_duration_seconds_count{" + l + "} " + QByteArray::number(h.count) + '\n';
    }
    counterBlock(out, "job_sync_total", "The number of job syncs", m_syncTotal);
    counterBlock(out, "job_finished_total", "The number of finished jobs", m_finished);
    counterBlock(out, "job_pods_finished_total",
                 "The number of finished Pods that are fully tracked", m_podsFinished);
    counterBlock(out, "apiserver_request_total", "Requests by verb, resource and HTTP code",
                 m_requests);
    for (const auto& [name, values] : m_gauges) {
        out += "# TYPE " + name.toUtf8() + " gauge\n";
        for (const auto& [labels, value] : values)
            out += name.toUtf8() + (labels.isEmpty() ? QByteArray() : '{' + labels.toUtf8() + '}') +
                   ' ' + QByteArray::number(value, 'g', 12) + '\n';
    }
    return out;
}

} // namespace tessera::serve
