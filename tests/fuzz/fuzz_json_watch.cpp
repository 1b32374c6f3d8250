// The list pages and watch lines an Informer reads as JSON objects (CronJobs, Events, a described
// pod): whatever arrives, an answer or an error, and a decoded event keeps its promises.
#include "FuzzTarget.h"
#include "kube/JsonWatch.h"

using namespace tessera;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text = fuzz::asText(data, size);
    const auto page = kube::decodeJsonListPage(QByteArray(text.data(), qsizetype(text.size())));
    if (!page)
        fuzz::require(!page.error().isEmpty(), "a list error says what");
    const auto event = kube::decodeJsonWatchLine(text);
    if (!event) {
        fuzz::require(!event.error().isEmpty(), "an event error says what");
        return 0;
    }
    const bool named = event->type == codec::WatchEventType::Added ||
                       event->type == codec::WatchEventType::Modified ||
                       event->type == codec::WatchEventType::Deleted;
    fuzz::require(!named || event->key.contains(QLatin1Char('/')),
                  "a named event has a namespace/name key");
    fuzz::require(!named || !event->key.endsWith(QLatin1Char('/')), "the key has a name");
    return 0;
}
