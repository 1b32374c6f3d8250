#pragma once
// Runs `work` on the global thread pool and hands its result to `done` in `context`'s thread.
// The result travels through a QFuture watched by a QFutureWatcher owned by `context`, so when
// `context` is destroyed first the watcher goes with it and `done` never runs (no dangling
// receiver). `work` must not touch `context`: give it copies.
//
//   runAsync(this, [path] { return worklist::loadWorkList(path); },
//            [this](engine::Result<worklist::WorkList> r) { show(r); });
#include <QFutureWatcher>
#include <QObject>
#include <QPromise>
#include <QThreadPool>
#include <memory>
#include <type_traits>
#include <utility>

namespace tessera::ui::launch {

template <typename Work, typename Done> void runAsync(QObject* context, Work work, Done done) {
    using T = std::invoke_result_t<Work&>;
    auto promise = std::make_shared<QPromise<T>>();
    auto* watcher = new QFutureWatcher<T>(context);
    QObject::connect(watcher, &QFutureWatcherBase::finished, context,
                     [watcher, done = std::move(done)]() mutable {
                         if (watcher->future().resultCount() > 0)
                             done(watcher->future().takeResult());
                         watcher->deleteLater();
                     });
    watcher->setFuture(promise->future());
    promise->start();
    QThreadPool::globalInstance()->start([promise, work = std::move(work)]() mutable {
        promise->addResult(work());
        promise->finish();
    });
}

} // namespace tessera::ui::launch
