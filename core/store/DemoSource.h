#pragma once
// The Demo source: `tessera serve --sim` started in-process with the built-in demo jobs, watched by
// a ClusterSource (on its own thread) through the same ApiClient as a real cluster, so the cluster
// path runs every time someone opens the app. The window's Demo (ui::SourceHost) and the tests
// start it here.
//
//   auto demo = store::startDemo({});
//   if (!demo) show(demo.error().detail);
//   JobStore* store = demo->thread->store();   // keys "demo/default/render-frames", ...
#include "ClusterSource.h"
#include "StoreThread.h"
#include "kube/ClusterConnection.h"
#include "serve/ServeOptions.h"

#include <memory>
#include <tl/expected.hpp>

namespace tessera::serve {
class Server;
}

namespace tessera::store {

struct DemoOptions {
    serve::ServeOptions serve;    // simulation parameters (pod duration, fail rate, ...)
    bool demoJobs = true;         // create Server::demoManifest()'s jobs
    QByteArray manifest;          // more objects to create (YAML/JSON), may be empty
    ClusterSource::Options store; // namespace "" = all; no history by default
    QString sourceName = QStringLiteral("demo");
};

struct Demo {
    std::unique_ptr<StoreThread> thread;   // the store; it keeps the server alive until it stops
    std::shared_ptr<serve::Server> server; // the in-process endpoint (tests check actions there)
    kube::ClusterConnection connection;    // how to reach it (the Launch dialog creates jobs there)
};

// What failed while starting the Demo, so each caller can word it (the window translates it).
struct DemoFailure {
    enum class Step { Listen, DemoJobs, Manifest };
    Step step;
    QString detail; // the server's own message
    QString describe() const;
};

tl::expected<Demo, DemoFailure> startDemo(const DemoOptions& options);

} // namespace tessera::store
