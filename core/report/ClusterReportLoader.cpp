#include "ClusterReportLoader.h"

#include "PodAttempts.h"
#include "codec/Decode.h"
#include "kube/ApiClient.h"

#include <QCoreApplication>
#include <algorithm>
#include <memory>

namespace tessera::report {

namespace {

struct LoadState {
    kube::ApiClient* client = nullptr;
    QString namespace_;
    QString job;
    QObject* context = nullptr;
    ClusterReportLoader::Done done;
    ReportInput input;
    std::vector<engine::Pod> pods;
};

engine::Error error(const QString& message) {
    engine::Error e;
    e.message = message.toStdString();
    return e;
}

void listPods(const std::shared_ptr<LoadState>& s, const QString& continueToken) {
    kube::ApiClient::Request req;
    req.path = kube::ApiClient::podsPath(s->namespace_);
    req.query.addQueryItem(QStringLiteral("labelSelector"),
                           QString::fromUtf8(engine::kJobNameLabel) + QLatin1Char('=') + s->job);
    req.query.addQueryItem(QStringLiteral("limit"),
                           QString::number(ClusterReportLoader::kPageSize));
    if (!continueToken.isEmpty())
        req.query.addQueryItem(QStringLiteral("continue"), continueToken);
    s->client->send(req, s->context, [s](const kube::ApiResult<kube::ApiResponse>& r) {
        if (!r) {
            s->done(error(r.error().message));
            return;
        }
        auto list = codec::decodePodList(
            std::string_view(r->body.constData(), static_cast<std::size_t>(r->body.size())));
        if (!list) {
            s->done(error(QCoreApplication::translate("ClusterReportLoader", "pods of job %1: %2")
                              .arg(s->job, QString::fromStdString(list.error().describe()))));
            return;
        }
        // Only the pods this Job owns (a label selector alone could match a same-named old Job).
        const std::string& uid = s->input.job.metadata.uid;
        for (codec::PodObject& p : list->items) {
            const bool owned =
                uid.empty() || p.meta.ownerReferences.empty() ||
                std::any_of(p.meta.ownerReferences.begin(), p.meta.ownerReferences.end(),
                            [&](const codec::OwnerReference& o) { return o.uid == uid; });
            if (owned)
                s->pods.push_back(std::move(p.pod));
        }
        if (!list->metadata.continueToken.empty()) {
            listPods(s, QString::fromStdString(list->metadata.continueToken));
            return;
        }
        s->input.attempts = PodAttempts::fromPods(s->pods);
        s->done(std::move(s->input));
    });
}

} // namespace

void ClusterReportLoader::load(kube::ApiClient& client, const QString& namespace_,
                               const QString& job, QObject* context, Done done) {
    auto s = std::make_shared<LoadState>();
    s->client = &client;
    s->namespace_ = namespace_;
    s->job = job;
    s->context = context;
    s->done = std::move(done);
    kube::ApiClient::Request req;
    req.path = kube::ApiClient::jobsPath(namespace_) + QLatin1Char('/') + job;
    client.send(req, context, [s](const kube::ApiResult<kube::ApiResponse>& r) {
        if (!r) {
            s->done(error(r.error().message));
            return;
        }
        auto decoded = codec::decodeJob(
            std::string_view(r->body.constData(), static_cast<std::size_t>(r->body.size())));
        if (!decoded) {
            s->done(error(QCoreApplication::translate("ClusterReportLoader", "job %1: %2")
                              .arg(s->job, QString::fromStdString(decoded.error().describe()))));
            return;
        }
        s->input.job = std::move(decoded->job);
        if (const auto it =
                decoded->meta.annotations.find(ReportBuilder::kOriginalIndexesAnnotation);
            it != decoded->meta.annotations.end())
            s->input.originalIndexes = ReportBuilder::originalIndexesFromAnnotation(it->second);
        s->input.source =
            s->client->connection().contextName.toStdString() + "/" + s->namespace_.toStdString();
        listPods(s, {});
    });
}

} // namespace tessera::report
