#pragma once
// The Demo source: `tessera serve --sim` started in-process (its own thread) with the built-in
// demo jobs, watched by a ClusterSource through the same ApiClient as a real cluster, so the
// cluster path runs every time someone opens the app.
//
//   auto demo = store::startDemo({});
//   if (!demo) show(demo.error().message);
//   JobStore* store = (*demo)->store();   // keys "demo/default/render-frames", ...
#include "ClusterSource.h"
#include "StoreThread.h"
#include "engine/Result.h"
#include "serve/ServeOptions.h"

#include <memory>

namespace tessera::store {

struct DemoOptions {
    serve::ServeOptions serve;    // simulation parameters (pod duration, fail rate, ...)
    bool demoJobs = true;         // create Server::demoManifest()'s jobs
    QByteArray manifest;          // more objects to create (YAML/JSON), may be empty
    ClusterSource::Options store; // namespace "" = all; no history by default
    QString sourceName = QStringLiteral("demo");
};

engine::Result<std::unique_ptr<StoreThread>> startDemo(DemoOptions options);

} // namespace tessera::store
