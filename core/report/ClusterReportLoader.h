#pragma once
// Fetches what a report of a cluster (or demo) Job needs: the Job, then its pods (paged), through
// an ApiClient. Asynchronous like the client: the callback runs in `context`'s thread.
//
//   ClusterReportLoader::load(client, "default", "render", this, [](auto result) { ... });
#include "ReportBuilder.h"
#include "engine/Result.h"

#include <QObject>
#include <QString>
#include <functional>

namespace tessera::kube {
class ApiClient;
}

namespace tessera::report {

class ClusterReportLoader {
public:
    using Done = std::function<void(engine::Result<ReportInput>)>;
    static constexpr int kPageSize = 500;

    static void load(kube::ApiClient& client, const QString& namespace_, const QString& job,
                     QObject* context, Done done);
};

} // namespace tessera::report
