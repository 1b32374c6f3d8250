// The pods/log query of `tessera serve` (container, previous, follow, timestamps, sinceSeconds,
// sinceTime, tailLines, limitBytes) as PodLogQuery reads the request's query string, and its
// rendering of a log: an answer or a 4xx, and never more than limitBytes bytes.
#include "FuzzTarget.h"
#include "serve/PodLogQuery.h"

#include <QUrlQuery>

using namespace tessera;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    serve::HttpRequest r;
    r.method = "GET";
    r.query = QUrlQuery(QString::fromUtf8(bytes));
    const auto query = serve::PodLogQuery::fromRequest(r, QStringLiteral("p"), 1'000'000);
    if (!query) {
        fuzz::require(query.error().code == 400 || query.error().code == 422,
                      "refused options are a 400 or a 422");
        return 0;
    }
    const serve::LogLines lines{{1000, "one\n"}, {500'000, "two\n"}, {999'000, "three"}};
    const QByteArray out = query->render(lines);
    if (query->limitBytes)
        fuzz::require(out.size() <= *query->limitBytes, "no more than limitBytes");
    if (!query->timestamps && !query->limitBytes)
        fuzz::require(QByteArray("one\ntwo\nthree").endsWith(out), "a suffix of the log");
    return 0;
}
