#include "Informer.h"

#include "JsonWatch.h"
#include "codec/Decode.h"
#include "engine/Model.h"

#include <QThread>
#include <algorithm>
#include <cmath>

namespace tessera::kube {

namespace {

QString keyOf(const engine::ObjectMeta& m) {
    return QString::fromStdString(m.namespace_) + QLatin1Char('/') + QString::fromStdString(m.name);
}

ApiError badData(const QString& what) {
    ApiError e;
    e.kind = ApiError::Kind::BadResponse;
    e.message = what;
    return e;
}

std::string_view view(const QByteArray& b) {
    return {b.constData(), size_t(b.size())};
}

} // namespace

Informer::Options Informer::podsOfJob(const codec::JobObject& job) {
    Options o;
    o.resource = Resource::Pods;
    o.namespace_ = QString::fromStdString(job.job.metadata.namespace_);
    // Succeeded pods are history: status.completedIndexes already says which indexes are done.
    o.fieldSelector = QStringLiteral("status.phase!=Succeeded");
    const QString name = QString::fromStdString(job.job.metadata.name);
    const QString uid = QString::fromStdString(job.job.metadata.uid);
    codec::Labels labels;
    if (!job.templateJson.empty())
        if (auto t = codec::decodePod(job.templateJson))
            labels = t->meta.labels;
    // By the Job's uid where its template carries it (the API server adds it unless the selector
    // is manual): a Job deleted with orphaned pods and created again under the same name must
    // not show the old Job's pods. The name only when there is no uid label to select by.
    if (labels.count(engine::kControllerUidLabel))
        o.labelSelector = QLatin1String(engine::kControllerUidLabel) + QLatin1Char('=') + uid;
    else if (labels.count("controller-uid"))
        o.labelSelector = QStringLiteral("controller-uid=") + uid; // clusters before 1.27
    else
        o.labelSelector = QLatin1String(engine::kJobNameLabel) + QLatin1Char('=') + name;
    return o;
}

Informer::Informer(ApiClient* client, Options options)
    : m_client(client)
    , m_options(std::move(options))
    , m_backoff(m_options.initialBackoff)
    , m_random(std::random_device{}()) {
    qRegisterMetaType<InformerBatchPtr>();
    qRegisterMetaType<WatchState>();
    m_batchTimer.setSingleShot(true);
    m_retryTimer.setSingleShot(true);
    // The timers are members, not children: move them with us.
    m_batchTimer.setParent(this);
    m_retryTimer.setParent(this);
    connect(&m_batchTimer, &QTimer::timeout, this, &Informer::flush);
    connect(&m_retryTimer, &QTimer::timeout, this, [this] {
        const bool relist = m_retryRelist;
        m_retryRelist = false;
        if (relist || m_resourceVersion.isEmpty())
            beginList();
        else
            beginWatch();
    });
    moveToThread(client->thread());
}

Informer::~Informer() {
    m_batchTimer.setParent(nullptr);
    m_retryTimer.setParent(nullptr);
    cancelWatch();
}

QString Informer::path() const {
    switch (m_options.resource) {
    case Resource::Jobs:
        return ApiClient::jobsPath(m_options.namespace_);
    case Resource::Pods:
    case Resource::PodsJson:
        return ApiClient::podsPath(m_options.namespace_);
    case Resource::CronJobs:
        return ApiClient::cronJobsPath(m_options.namespace_);
    case Resource::Events:
        return ApiClient::eventsPath(m_options.namespace_);
    }
    return {};
}

bool Informer::isJsonResource() const {
    return m_options.resource != Resource::Jobs && m_options.resource != Resource::Pods;
}

bool Informer::takeJsonPage(const QByteArray& body, codec::ListMeta& meta) {
    auto page = decodeJsonListPage(body);
    if (!page) {
        fail(badData(QStringLiteral("GET %1: undecodable list: %2").arg(path(), page.error())),
             true);
        return false;
    }
    meta = std::move(page->metadata);
    std::move(page->items.begin(), page->items.end(), std::back_inserter(m_listObjects));
    return true;
}

void Informer::start() {
    if (QThread::currentThread() != thread()) {
        QMetaObject::invokeMethod(
            this, [this] { start(); }, Qt::QueuedConnection);
        return;
    }
    if (m_running)
        return;
    m_running = true;
    m_backoff = m_options.initialBackoff;
    setState({WatchState::Phase::Connecting, 0, m_client->connection().server.toString()});
    beginList();
}

void Informer::stop() {
    if (QThread::currentThread() != thread()) {
        QMetaObject::invokeMethod(
            this, [this] { stop(); }, Qt::QueuedConnection);
        return;
    }
    if (!m_running)
        return;
    m_running = false;
    ++m_generation;
    cancelWatch();
    m_retryTimer.stop();
    m_batchTimer.stop();
    m_pending.clear();
    m_pendingCount = 0;
    setState({WatchState::Phase::Stopped, 0, {}});
}

void Informer::cancelWatch() {
    if (m_streamId && m_client)
        m_client->cancelStream(m_streamId);
    m_streamId = 0;
    m_lineBuffer.clear();
    m_bufferedBytes = 0;
}

void Informer::setState(const WatchState& s) {
    if (s.phase == m_state.phase && s.detail == m_state.detail &&
        s.retryInSeconds == m_state.retryInSeconds)
        return;
    m_state = s;
    emit stateChanged(s);
}

std::chrono::milliseconds Informer::nextBackoff() {
    // Full delay plus up to 50 % jitter, then double, capped.
    std::uniform_real_distribution<double> jitter(0.0, 0.5);
    const auto delay = std::chrono::milliseconds(
        std::llround(double(m_backoff.count()) * (1.0 + jitter(m_random))));
    m_backoff = std::min(m_backoff * 2, m_options.maxBackoff);
    return std::min(delay, m_options.maxBackoff + m_options.maxBackoff / 2);
}

// ---- List ----

void Informer::beginList() {
    if (!m_running)
        return;
    ++m_generation;
    cancelWatch();
    m_retryTimer.stop();
    m_listJobs.clear();
    m_listPods.clear();
    m_listObjects.clear();
    m_listTimer.start();
    m_progressSinceList = false;
    requestPage(QString());
}

void Informer::requestPage(const QString& continueToken) {
    ApiClient::Request r;
    r.path = path();
    r.query.addQueryItem(QStringLiteral("limit"), QString::number(m_options.pageSize));
    if (!continueToken.isEmpty())
        r.query.addQueryItem(QStringLiteral("continue"), continueToken);
    if (!m_options.labelSelector.isEmpty())
        r.query.addQueryItem(QStringLiteral("labelSelector"), m_options.labelSelector);
    if (!m_options.fieldSelector.isEmpty())
        r.query.addQueryItem(QStringLiteral("fieldSelector"), m_options.fieldSelector);
    const quint64 gen = m_generation;
    m_client->send(r, this, [this, gen](const ApiResult<ApiResponse>& resp) { onPage(gen, resp); });
}

void Informer::onPage(quint64 generation, const ApiResult<ApiResponse>& r) {
    if (generation != m_generation || !m_running)
        return;
    if (!r) {
        // An expired continue token is also a 410: start the list over.
        fail(r.error(), true);
        return;
    }
    codec::ListMeta meta;
    if (isJsonResource()) {
        if (!takeJsonPage(r->body, meta))
            return;
    } else if (m_options.resource == Resource::Jobs) {
        auto list = codec::decodeJobList(view(r->body));
        if (!list) {
            fail(badData(QStringLiteral("GET %1: undecodable JobList: %2")
                             .arg(path(), QString::fromStdString(list.error().describe()))),
                 true);
            return;
        }
        meta = list->metadata;
        std::move(list->items.begin(), list->items.end(), std::back_inserter(m_listJobs));
    } else {
        auto list = codec::decodePodList(view(r->body));
        if (!list) {
            fail(badData(QStringLiteral("GET %1: undecodable PodList: %2")
                             .arg(path(), QString::fromStdString(list.error().describe()))),
                 true);
            return;
        }
        meta = list->metadata;
        std::move(list->items.begin(), list->items.end(), std::back_inserter(m_listPods));
    }
    if (!meta.continueToken.empty()) {
        requestPage(QString::fromStdString(meta.continueToken));
        return;
    }
    m_resourceVersion = QString::fromStdString(meta.resourceVersion);
    ++m_relists;

    // The list is the whole truth: older pending watch events are superseded.
    m_batchTimer.stop();
    m_pending.clear();
    m_pendingEvents = 0;
    m_pendingCount = 0;
    auto batch = std::make_shared<InformerBatch>();
    batch->resource = m_options.resource;
    batch->replace = true;
    batch->jobs = std::move(m_listJobs);
    batch->pods = std::move(m_listPods);
    batch->objects = std::move(m_listObjects);
    batch->resourceVersion = m_resourceVersion;
    m_listJobs = {};
    m_listPods = {};
    m_listObjects = {};
    const int count = int(batch->size());
    emit batchReady(batch);
    emit listed(count, m_listTimer.elapsed());
    // The backoff is not reset here: a list followed by a watch that fails at once (a stream
    // that is always corrupt) is no progress, and resetting would relist every second or two
    // forever. A watch that works resets it (watchWorked()).
    setState({WatchState::Phase::Connected, 0, {}});
    beginWatch();
}

// ---- Watch ----

void Informer::beginWatch() {
    if (!m_running)
        return;
    ++m_generation;
    cancelWatch();
    ApiClient::Request r;
    r.path = path();
    int timeout = m_options.watchTimeoutSeconds;
    if (timeout <= 0)
        timeout = std::uniform_int_distribution<int>(300, 600)(m_random);
    r.query.addQueryItem(QStringLiteral("watch"), QStringLiteral("1"));
    r.query.addQueryItem(QStringLiteral("resourceVersion"), m_resourceVersion);
    r.query.addQueryItem(QStringLiteral("allowWatchBookmarks"), QStringLiteral("true"));
    r.query.addQueryItem(QStringLiteral("timeoutSeconds"), QString::number(timeout));
    if (!m_options.labelSelector.isEmpty())
        r.query.addQueryItem(QStringLiteral("labelSelector"), m_options.labelSelector);
    if (!m_options.fieldSelector.isEmpty())
        r.query.addQueryItem(QStringLiteral("fieldSelector"), m_options.fieldSelector);
    // A silent connection is dead after the server's own timeout plus a margin.
    r.idleTimeout = std::chrono::seconds(timeout + 60);
    const quint64 gen = m_generation;
    m_watchTimer.start();
    m_watchSawEvent = false;
    m_watchDelivered = false;
    ++m_watches;
    m_streamId = m_client->openStream(
        r, this, [this, gen](const QByteArray& chunk) { onWatchData(gen, chunk); },
        [this, gen](const std::optional<ApiError>& e) { onWatchEnd(gen, e); });
}

void Informer::onWatchData(quint64 generation, const QByteArray& chunk) {
    if (generation != m_generation || !m_running)
        return;
    if (chunk.isEmpty()) {
        // Response headers with a 2xx status: the watch is established.
        setState({WatchState::Phase::Connected, 0, {}});
        return;
    }
    m_lineBuffer += chunk;
    qsizetype start = 0;
    for (;;) {
        const qsizetype nl = m_lineBuffer.indexOf('\n', start);
        if (nl < 0)
            break;
        std::string_view line(m_lineBuffer.constData() + start, size_t(nl - start));
        start = nl + 1;
        while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
            line.remove_suffix(1);
        if (line.empty())
            continue;
        if (!handleLine(line))
            return; // the stream was abandoned; the buffer is already cleared
    }
    m_lineBuffer.remove(0, start);
    m_bufferedBytes = m_lineBuffer.size();
    if (!m_pending.isEmpty() && !m_batchTimer.isActive())
        m_batchTimer.start(m_options.batchInterval);
}

bool Informer::decodeJsonEvent(std::string_view line, codec::WatchEventType& type,
                               std::string& resourceVersion, codec::ApiStatus& status, QString& key,
                               Pending& pending) {
    auto event = decodeJsonWatchLine(line);
    if (!event) {
        fail(badData(QStringLiteral("watch %1: undecodable event: %2").arg(path(), event.error())),
             true);
        return false;
    }
    type = event->type;
    resourceVersion = std::move(event->resourceVersion);
    status = std::move(event->status);
    key = std::move(event->key);
    if (type == codec::WatchEventType::Added || type == codec::WatchEventType::Modified)
        pending.object = std::move(event->object);
    return true;
}

bool Informer::handleLine(std::string_view line) {
    ++m_eventsReceived;
    m_watchSawEvent = true;
    codec::WatchEventType type;
    std::string rv;
    codec::ApiStatus status;
    QString key;
    Pending p;
    if (isJsonResource()) {
        if (!decodeJsonEvent(line, type, rv, status, key, p))
            return false;
    } else if (m_options.resource == Resource::Jobs) {
        auto ev = codec::decodeJobWatchEvent(line);
        if (!ev) {
            fail(badData(QStringLiteral("watch %1: undecodable event: %2")
                             .arg(path(), QString::fromStdString(ev.error().describe()))),
                 true);
            return false;
        }
        type = ev->type;
        rv = std::move(ev->resourceVersion);
        status = std::move(ev->status);
        if (type == codec::WatchEventType::Added || type == codec::WatchEventType::Modified ||
            type == codec::WatchEventType::Deleted) {
            key = keyOf(ev->object.job.metadata);
            if (type != codec::WatchEventType::Deleted)
                p.job = std::move(ev->object);
        }
    } else {
        auto ev = codec::decodePodWatchEvent(line);
        if (!ev) {
            fail(badData(QStringLiteral("watch %1: undecodable event: %2")
                             .arg(path(), QString::fromStdString(ev.error().describe()))),
                 true);
            return false;
        }
        type = ev->type;
        rv = std::move(ev->resourceVersion);
        status = std::move(ev->status);
        if (type == codec::WatchEventType::Added || type == codec::WatchEventType::Modified ||
            type == codec::WatchEventType::Deleted) {
            key = keyOf(ev->object.pod.metadata);
            if (type != codec::WatchEventType::Deleted)
                p.pod = std::move(ev->object);
        }
    }
    switch (type) {
    case codec::WatchEventType::Added:
    case codec::WatchEventType::Modified:
    case codec::WatchEventType::Deleted:
        p.deleted = type == codec::WatchEventType::Deleted;
        m_watchDelivered = true;
        m_progressSinceList = true;
        m_pending.insert(key, p); // QHash::insert takes a const reference
        m_pendingCount = int(m_pending.size());
        ++m_pendingEvents;
        break;
    case codec::WatchEventType::Bookmark:
        m_watchDelivered = true;
        m_progressSinceList = true;
        break;
    case codec::WatchEventType::Error: {
        ApiError e;
        e.httpStatus = status.code;
        e.reason = QString::fromStdString(status.reason);
        e.kind = status.code == 410   ? ApiError::Kind::Gone
                 : status.code >= 500 ? ApiError::Kind::Server
                                      : ApiError::Kind::BadResponse;
        e.message =
            QStringLiteral("watch %1: the server sent an error (code %2): %3")
                .arg(path(), QString::number(status.code), QString::fromStdString(status.message));
        if (watchWorked())
            m_progressSinceList = true; // open long enough to count, even without events
        fail(e, status.code == 410);
        return false;
    }
    }
    if (!rv.empty())
        m_resourceVersion = QString::fromStdString(rv);
    return true;
}

void Informer::onWatchEnd(quint64 generation, const std::optional<ApiError>& e) {
    if (generation != m_generation || !m_running)
        return;
    m_streamId = 0;
    if (!m_pending.isEmpty() && !m_batchTimer.isActive())
        m_batchTimer.start(m_options.batchInterval);
    if (e) {
        // A cut connection after a watch that delivered events is a fresh failure, not the
        // next in a series: retry soon (the delay used to climb to 30 s over a few such cuts,
        // leaving the window that long behind a cluster that was answering all along).
        if (watchWorked()) {
            m_backoff = m_options.initialBackoff;
            m_progressSinceList = true;
        }
        fail(*e, e->kind == ApiError::Kind::Gone);
        return;
    }
    if (!m_watchSawEvent && m_watchTimer.elapsed() < 1000) {
        // A server that closes every watch at once would otherwise make us spin.
        ApiError quick;
        quick.kind = ApiError::Kind::Network;
        quick.message =
            QStringLiteral("watch %1: the server closed the stream at once").arg(path());
        fail(quick, false);
        return;
    }
    m_backoff = m_options.initialBackoff;
    m_progressSinceList = true;
    beginWatch(); // the server's timeoutSeconds ran out: carry on from the last resourceVersion
}

bool Informer::watchWorked() const {
    return m_watchDelivered || m_watchTimer.elapsed() >= m_options.maxBackoff.count();
}

void Informer::fail(const ApiError& e, bool relist) {
    const bool gone = e.kind == ApiError::Kind::Gone;
    if (gone && m_progressSinceList) {
        // Our resourceVersion is too old for the server's history (compacted during a watch
        // that worked): list again, now.
        m_backoff = m_options.initialBackoff;
        scheduleRetry(
            std::chrono::milliseconds(0), true,
            {WatchState::Phase::Connecting, 0, QStringLiteral("relisting: %1").arg(e.message)});
        return;
    }
    // Everything else backs off, a 410 with no progress since the last list too: a watch that
    // is Gone right after the list gave its version (or a continue token that expires every
    // time) would otherwise relist in a tight loop.
    auto delay = nextBackoff();
    if (e.retryAfterSeconds)
        delay =
            std::max<std::chrono::milliseconds>(delay, std::chrono::seconds(*e.retryAfterSeconds));
    WatchState s;
    s.phase = e.kind == ApiError::Kind::Unauthorized ? WatchState::Phase::Unauthorized
              : e.kind == ApiError::Kind::Forbidden  ? WatchState::Phase::Forbidden
                                                     : WatchState::Phase::Retrying;
    s.retryInSeconds = int((delay.count() + 999) / 1000);
    s.detail = gone ? QStringLiteral("relisting: %1").arg(e.message) : e.message;
    scheduleRetry(delay, relist || gone, s);
}

void Informer::scheduleRetry(std::chrono::milliseconds delay, bool relist,
                             const WatchState& state) {
    ++m_generation;
    cancelWatch();
    m_retryRelist = m_retryRelist || relist;
    if (relist) {
        m_listJobs.clear();
        m_listPods.clear();
        m_listObjects.clear();
    }
    setState(state);
    m_retryTimer.start(delay);
}

void Informer::flush() {
    if (m_pending.isEmpty())
        return;
    auto batch = std::make_shared<InformerBatch>();
    batch->resource = m_options.resource;
    batch->resourceVersion = m_resourceVersion;
    batch->events = m_pendingEvents;
    for (auto it = m_pending.begin(); it != m_pending.end(); ++it) {
        if (it->deleted)
            batch->deleted.push_back(it.key());
        else if (it->job)
            batch->jobs.push_back(std::move(*it->job));
        else if (it->pod)
            batch->pods.push_back(std::move(*it->pod));
        else if (it->object)
            batch->objects.push_back(std::move(*it->object));
    }
    m_pending.clear();
    m_pendingEvents = 0;
    m_pendingCount = 0;
    emit batchReady(batch);
}

} // namespace tessera::kube
