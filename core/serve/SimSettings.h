#pragma once
// How `tessera serve` simulates a Job's pods (when they are not real processes): the server's
// defaults (ServeOptions), overridden per job by annotations on the Job's metadata:
//   tessera.dev/sim-duration: "5s" | "1500ms" | "2m"   (default ServeOptions::podDuration)
//   tessera.dev/sim-fail-rate: "0.1"                    (default ServeOptions::failRate)
//   tessera.dev/sim-fail-indexes: "3,7"                 (these indexes fail every attempt)
//   tessera.dev/sim-exit-code: "2"                      (exit code of failures, default 1)
//   tessera.dev/sim-backoff-scale: "0.1"                (multiplies the controller's retry delays,
//                                                        10 s doubling to 10 min; default 1; real
//                                                        processes too)
#include "ServeOptions.h"
#include "engine/JobController.h"

#include <QJsonObject>
#include <QSet>

namespace tessera::serve {

struct SimSettings {
    engine::Duration duration{3000};
    double failRate = 0;
    QSet<int> failIndexes;
    int exitCode = 1;
    engine::SyncOptions sync;

    static SimSettings of(const QJsonObject& annotations, const ServeOptions& options);
};

} // namespace tessera::serve
