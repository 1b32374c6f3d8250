#pragma once
// An ApiClient on its own worker thread, as the app runs it, and helpers to wait for its
// callbacks on the test (main) thread.
#include "kube/ApiClient.h"

#include <QObject>
#include <QTest>
#include <QThread>
#include <gtest/gtest.h>
#include <optional>

namespace tessera::kube::test {

class ClientHarness {
public:
    explicit ClientHarness(ClusterConnection connection, ApiClient::Options options = {},
                           const engine::Clock* clock = nullptr) {
        client = new ApiClient(std::move(connection), std::move(options), clock);
        client->moveToThread(&m_thread);
        m_thread.setObjectName(QStringLiteral("kube-worker"));
        m_thread.start();
    }
    ~ClientHarness() {
        QMetaObject::invokeMethod(
            client, [c = client] { delete c; }, Qt::BlockingQueuedConnection);
        m_thread.quit();
        m_thread.wait();
    }
    ClientHarness(const ClientHarness&) = delete;
    ClientHarness& operator=(const ClientHarness&) = delete;

    QThread* thread() { return &m_thread; }

    // Runs `call(context, callback)` and waits for the callback on this thread.
    template <typename T, typename Call> ApiResult<T> wait(Call&& call, int timeoutMs = 20000) {
        std::optional<ApiResult<T>> out;
        QThread* callbackThread = nullptr;
        call(&m_context, [&](const ApiResult<T>& r) {
            out = r;
            callbackThread = QThread::currentThread();
        });
        EXPECT_TRUE(QTest::qWaitFor([&] { return out.has_value(); }, timeoutMs)) << "no answer";
        if (!out) {
            ApiError e;
            e.kind = ApiError::Kind::Cancelled;
            e.message = QStringLiteral("test timed out");
            return tl::unexpected(e);
        }
        EXPECT_EQ(callbackThread, QThread::currentThread())
            << "callbacks must arrive in the context's thread";
        return *out;
    }

    ApiClient* client = nullptr;

private:
    QThread m_thread;
    QObject m_context;
};

} // namespace tessera::kube::test
