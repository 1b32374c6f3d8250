#include "FakeCollection.h"

namespace tessera::kube::test {

QByteArray podJson(const QString& ns, const QString& name, int index, const QString& phase,
                   qint64 rv) {
    const QByteArray n = name.toUtf8();
    const QByteArray i = QByteArray::number(index);
    const QByteArray running =
        phase == QLatin1String("Running")
            ? R"("running":{"startedAt":"2026-11-22T10:00:05Z"})"
            : R"("terminated":{"exitCode":)" +
                  QByteArray(phase == QLatin1String("Failed") ? "1" : "0") +
                  R"(,"reason":"Completed","startedAt":"2026-11-22T10:00:05Z","finishedAt":"2026-11-22T10:01:00Z"})";
    return R"({"kind":"Pod","apiVersion":"v1","metadata":{"name":")" + n +
           R"(","generateName":"render-)" + i + R"(-","namespace":")" + ns.toUtf8() +
           R"(","uid":"uid-)" + n + R"(","resourceVersion":")" + QByteArray::number(rv) +
           R"(","creationTimestamp":"2026-11-22T10:00:00Z","labels":{"batch.kubernetes.io/controller-uid":"job-uid","batch.kubernetes.io/job-completion-index":")" +
           i +
           R"(","batch.kubernetes.io/job-name":"render","controller-uid":"job-uid","job-name":"render"},"annotations":{"batch.kubernetes.io/job-completion-index":")" +
           i +
           R"("},"ownerReferences":[{"apiVersion":"batch/v1","kind":"Job","name":"render","uid":"job-uid","controller":true,"blockOwnerDeletion":true}],"finalizers":["batch.kubernetes.io/job-tracking"],"managedFields":[{"manager":"kube-controller-manager","operation":"Update","apiVersion":"v1","fieldsType":"FieldsV1","fieldsV1":{"f:metadata":{}}}]},"spec":{"containers":[{"name":"main","image":"registry.example/render:1.4","command":["render","--frame-from-env"],"env":[{"name":"JOB_COMPLETION_INDEX","valueFrom":{"fieldRef":{"fieldPath":"metadata.labels['batch.kubernetes.io/job-completion-index']"}}}],"resources":{"requests":{"cpu":"500m","memory":"256Mi"}},"terminationMessagePath":"/dev/termination-log","imagePullPolicy":"IfNotPresent"}],"restartPolicy":"Never","nodeName":"node-3","hostname":"render-)" +
           i +
           R"(","subdomain":"render","schedulerName":"default-scheduler","futureField":{"x":[1,2,3]}},"status":{"phase":")" +
           phase.toUtf8() +
           R"(","conditions":[{"type":"Ready","status":"True","lastTransitionTime":"2026-11-22T10:00:06Z"}],"hostIP":"10.0.0.3","podIP":"10.1.3.)" +
           QByteArray::number(index % 250) +
           R"(","startTime":"2026-11-22T10:00:01Z","containerStatuses":[{"name":"main","ready":true,"restartCount":0,"image":"registry.example/render:1.4","imageID":"sha256:abc","state":{)" +
           running + R"(}}],"qosClass":"Burstable"}})";
}

QByteArray jobJson(const QString& ns, const QString& name, const QString& completedIndexes,
                   qint64 rv) {
    const QByteArray n = name.toUtf8();
    return R"({"kind":"Job","apiVersion":"batch/v1","metadata":{"name":")" + n +
           R"(","namespace":")" + ns.toUtf8() + R"(","uid":"uid-)" + n +
           R"(","resourceVersion":")" + QByteArray::number(rv) +
           R"(","labels":{"team":"vfx"}},"spec":{"parallelism":10,"completions":100000,"completionMode":"Indexed","backoffLimitPerIndex":2,"template":{"metadata":{"labels":{"batch.kubernetes.io/job-name":")" +
           n + R"(","batch.kubernetes.io/controller-uid":"uid-)" + n +
           R"("}},"spec":{"restartPolicy":"Never","containers":[{"name":"main","image":"busybox"}]}}},"status":{"active":10,"succeeded":5,"completedIndexes":")" +
           completedIndexes.toUtf8() + R"(","failedIndexes":"","newStatusField":true}})";
}

FakeCollection::FakeCollection(FakeApiServer& server, QString path, QByteArray listKind)
    : m_path(std::move(path))
    , m_listKind(std::move(listKind)) {
    server.route("GET", m_path, [this](const HttpRequest& q, const ResponderPtr& r) {
        if (q.param("watch") == QLatin1String("1") || q.param("watch") == QLatin1String("true"))
            handleWatch(q, r);
        else
            handleList(q, r);
    });
}

void FakeCollection::broadcast(const QByteArray& line) {
    for (const auto& w : std::as_const(m_open))
        if (w->alive())
            w->write(line);
}

void FakeCollection::upsert(const QString& name, Render render) {
    const bool added = !m_objects.contains(name);
    Object& o = m_objects[name];
    o.render = std::move(render);
    o.rv = ++m_rv;
    const QByteArray line = R"({"type":")" + QByteArray(added ? "ADDED" : "MODIFIED") +
                            R"(","object":)" + o.render(name, o.rv) + "}\n";
    m_history.append({o.rv, line});
    broadcast(line);
}

void FakeCollection::remove(const QString& name) {
    auto it = m_objects.find(name);
    if (it == m_objects.end())
        return;
    const qint64 rv = ++m_rv;
    const QByteArray line = R"({"type":"DELETED","object":)" + it->render(name, rv) + "}\n";
    m_objects.erase(it);
    m_history.append({rv, line});
    broadcast(line);
}

void FakeCollection::bookmark() {
    broadcast(
        R"({"type":"BOOKMARK","object":{"kind":"Pod","apiVersion":"v1","metadata":{"resourceVersion":")" +
        QByteArray::number(m_rv) + R"(","annotations":{"k8s.io/initial-events-end":"true"}}}})" +
        "\n");
}

void FakeCollection::sendRaw(const QByteArray& line) {
    broadcast(line);
}

void FakeCollection::dropWatches() {
    for (const auto& w : std::as_const(m_open))
        w->drop();
    m_open.clear();
}

void FakeCollection::endWatches() {
    for (const auto& w : std::as_const(m_open))
        w->end();
    m_open.clear();
}

void FakeCollection::compact() {
    m_history.clear();
    m_oldest = m_rv;
}

int FakeCollection::openWatches() const {
    int n = 0;
    for (const auto& w : m_open)
        n += w->alive() ? 1 : 0;
    return n;
}

void FakeCollection::handleList(const HttpRequest& q, const ResponderPtr& r) {
    m_lists << q;
    if (onList && onList(q, r))
        return;
    const int limit = q.param("limit").toInt();
    qint64 listRv = m_rv;
    int offset = 0;
    if (const QString token = q.param("continue"); !token.isEmpty()) {
        const QStringList parts = token.split(QLatin1Char(':'));
        offset = parts.value(0).toInt();
        listRv = parts.value(1).toLongLong();
        if (listRv < m_oldest) {
            r->replyJson(410,
                         statusJson(410, "Expired", "The provided continue parameter is too old"));
            return;
        }
    }
    QByteArray items;
    int i = 0;
    int written = 0;
    for (auto it = m_objects.cbegin(); it != m_objects.cend(); ++it, ++i) {
        if (i < offset)
            continue;
        if (limit > 0 && written == limit)
            break;
        if (written++)
            items += ',';
        items += it->render(it.key(), it->rv);
    }
    const int next = offset + written;
    const QByteArray cont = next < m_objects.size() && limit > 0
                                ? QByteArray::number(next) + ':' + QByteArray::number(listRv)
                                : QByteArray();
    r->replyJson(200, R"({"kind":")" + m_listKind +
                          R"(","apiVersion":"v1","metadata":{"resourceVersion":")" +
                          QByteArray::number(listRv) + R"(","continue":")" + cont +
                          R"("},"items":[)" + items + "]}");
}

void FakeCollection::handleWatch(const HttpRequest& q, const ResponderPtr& r) {
    m_watches << q;
    if (onWatch && onWatch(q, r))
        return;
    const qint64 from = q.param("resourceVersion").toLongLong();
    if (from < m_oldest) {
        const QByteArray status = statusJson(410, "Expired", "too old resource version");
        if (goneAsErrorEvent) {
            r->beginStream();
            r->write(R"({"type":"ERROR","object":)" + status + "}\n");
            r->end();
        } else {
            r->replyJson(410, status);
        }
        return;
    }
    r->beginStream();
    for (const auto& [rv, line] : std::as_const(m_history))
        if (rv > from)
            r->write(line);
    m_open << r;
}

} // namespace tessera::kube::test
