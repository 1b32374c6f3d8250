#pragma once
// How a `tessera serve` instance behaves: simulation parameters, security, limits.
#include <QByteArray>
#include <QString>
#include <QStringList>
#include <chrono>
#include <cstddef>

namespace tessera::serve {

struct ServeOptions {
    // ---- Simulated pods (jobs may override per job with annotations, see JobRunner.h) ----
    std::chrono::milliseconds podDuration{3000}; // each pod runs about this long (±25 %)
    double failRate = 0.0;                       // share of attempts that exit 1
    std::chrono::milliseconds startLatency{700}; // scheduled -> running
    int nodeCount = 4;                           // fake nodes over three zones
    quint64 seed = 1;
    bool runJobs = true; // false: a plain object store (benchmarks, client tests)
    // `tessera serve --local`: each pod runs its first container's command and args as a real
    // process on this machine (LocalPods: its own process group; the image is not used), with
    // the environment and volume files its spec says (LocalPodSetup.h). Its output is the pod's
    // log and its exit code the container's.
    bool localProcesses = false;
    // The CronJob controller's clock (tests: hidden `serve --cron-clock-offset/--cron-clock-rate`):
    // its "now" is the wall clock moved by the offset, then running `rate` times as fast, so a
    // test sees a schedule of every minute fire every 1/rate minutes.
    std::chrono::milliseconds cronClockOffset{0};
    double cronClockRate = 1.0;

    // ---- Security ----
    QString token;         // non-empty: every request needs "Authorization: Bearer <token>"
    QByteArray tlsCertPem; // non-empty: HTTPS with this certificate (chain) and key
    QByteArray tlsKeyPem;
    QByteArray tlsCaPem; // written to the kubeconfig; defaults to the certificate itself
    // Host names a request's Host header may name besides the address served (FrontDoor.h):
    // e.g. the DNS name in the TLS certificate of a server bound to all addresses.
    QStringList extraHostNames;

    // ---- Limits ----
    std::chrono::milliseconds bookmarkInterval{5000}; // watches with allowWatchBookmarks
    std::size_t historyLimit = 20000;                 // changes kept for watch resumption
    int maxFinishedPodsPerJob = 1000;                 // older finished pods are garbage-collected
    int maxEvents = 5000;
    std::chrono::milliseconds tick{100};               // simulation step
    std::chrono::milliseconds syncPeriod{500};         // controller sync batching (upstream: 1 s)
    qint64 maxWatchBacklogBytes = 256LL * 1024 * 1024; // a slower watcher is dropped
    // Connections served at once; past it, only health checks are answered (503 for the rest)
    // and, at four times it, connections are closed on arrival.
    int maxConnections = 1000;
    std::chrono::milliseconds requestTimeout{30000}; // a request's head and body, once begun
    std::chrono::milliseconds idleTimeout{120000};   // between requests on a kept-alive connection
};

} // namespace tessera::serve
