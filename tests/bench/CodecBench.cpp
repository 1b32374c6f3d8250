// Codec benchmarks on the `tessera reconcile` benchmark document: 10,000 running pods as the API
// serves them and a 45,000-interval completedIndexes (scripts/gen-reconcile-input.py, generated
// on first use). Figures and commands: docs/PERFORMANCE.md.
#include "codec/Decode.h"
#include "codec/Encode.h"
#include "codec/InputRules.h"
#include "codec/Manifests.h"
#include "codec/Rfc3339.h"

#include <benchmark/benchmark.h>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <malloc.h>
#include <simdjson.h>

using namespace tessera;

namespace {

const std::string& document() {
    static const std::string text = [] {
        const std::string path = std::string(TESSERA_BENCH_DIR) + "/reconcile-input.json";
        if (!std::filesystem::exists(path)) {
            std::filesystem::create_directories(TESSERA_BENCH_DIR);
            const std::string cmd = std::string("python3 ") + TESSERA_SOURCE_DIR +
                                    "/scripts/gen-reconcile-input.py --out " + path;
            if (std::system(cmd.c_str()) != 0) {
                std::fprintf(stderr, "cannot generate %s\n", path.c_str());
                std::exit(1);
            }
        }
        auto t = codec::readTextFile(path);
        if (!t.ok()) {
            std::fprintf(stderr, "%s\n", t.error().message.c_str());
            std::exit(1);
        }
        return std::move(t.value()); // keeps the padding capacity readTextFile reserved
    }();
    return text;
}

// The pods of the document as a PodList, the shape an informer lists.
const std::string& podList() {
    static const std::string text = [] {
        const std::string& doc = document();
        const auto begin = doc.find("\"pods\":[") + 7;
        const auto end = doc.rfind(']') + 1;
        std::string out =
            R"({"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"1"},"items":)";
        out.append(doc, begin, end - begin);
        out += '}';
        out.reserve(out.size() + codec::kJsonPadding);
        return out;
    }();
    return text;
}

void BM_DecodeReconcileInput(benchmark::State& state) {
    const std::string& doc = document();
    for (auto _ : state) {
        auto r = codec::decodeReconcileInput(doc);
        if (!r.ok())
            state.SkipWithError(r.error().describe().c_str());
        benchmark::DoNotOptimize(r);
    }
    state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(doc.size()));
}
BENCHMARK(BM_DecodeReconcileInput)->Unit(benchmark::kMillisecond);

// The nesting check every decode starts with (part of the figure above).
void BM_JsonNesting(benchmark::State& state) {
    const std::string& doc = document();
    for (auto _ : state) {
        auto deep = codec::checkJsonNesting(doc);
        if (deep)
            state.SkipWithError(deep->message.c_str());
        benchmark::DoNotOptimize(deep);
    }
    state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(doc.size()));
}
BENCHMARK(BM_JsonNesting)->Unit(benchmark::kMillisecond);

// Lower bound for a DOM-based decoder: simdjson's DOM parse alone, before reading any field.
void BM_DomParseOnly(benchmark::State& state) {
    const std::string& doc = document();
    simdjson::dom::parser parser;
    simdjson::padded_string padded(doc);
    for (auto _ : state) {
        simdjson::dom::element root;
        if (parser.parse(padded).get(root) != simdjson::SUCCESS)
            state.SkipWithError("parse failed");
        benchmark::DoNotOptimize(root);
    }
    state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(doc.size()));
}
BENCHMARK(BM_DomParseOnly)->Unit(benchmark::kMillisecond);

// The alternative design, measured: simdjson DOM (parse everything, then look fields up) filling
// the same engine fields. A sketch without error paths, so it is a lower bound for a DOM decoder.
std::string domString(simdjson::dom::element e, std::string_view key) {
    std::string_view s;
    return e[key].get_string().get(s) == simdjson::SUCCESS ? std::string(s) : std::string();
}
std::optional<engine::TimePoint> domTime(simdjson::dom::element e, std::string_view key) {
    std::string_view s;
    if (e[key].get_string().get(s) != simdjson::SUCCESS)
        return std::nullopt;
    return codec::parseRfc3339(s);
}
void BM_DomDecodeReconcileInputSketch(benchmark::State& state) {
    const std::string& doc = document();
    simdjson::dom::parser parser;
    for (auto _ : state) {
        simdjson::dom::element root;
        if (parser.parse(doc).get(root) != simdjson::SUCCESS)
            state.SkipWithError("parse failed");
        std::vector<engine::Pod> pods;
        simdjson::dom::array list;
        if (root["pods"].get_array().get(list) == simdjson::SUCCESS) {
            pods.reserve(list.size());
            for (simdjson::dom::element p : list) {
                engine::Pod& pod = pods.emplace_back();
                simdjson::dom::element meta = p["metadata"];
                pod.metadata.name = domString(meta, "name");
                pod.metadata.namespace_ = domString(meta, "namespace");
                pod.metadata.uid = domString(meta, "uid");
                pod.metadata.resourceVersion = domString(meta, "resourceVersion");
                pod.metadata.creationTimestamp = domTime(meta, "creationTimestamp");
                std::string_view idx;
                if (meta["annotations"][engine::kCompletionIndexKey].get_string().get(idx) ==
                    simdjson::SUCCESS)
                    pod.completionIndexAnnotation = std::string(idx);
                simdjson::dom::array fin;
                pod.hasTrackingFinalizer = false;
                if (meta["finalizers"].get_array().get(fin) == simdjson::SUCCESS)
                    for (simdjson::dom::element f : fin)
                        if (f.get_string().value_unsafe() == engine::kTrackingFinalizer)
                            pod.hasTrackingFinalizer = true;
                simdjson::dom::element spec = p["spec"];
                pod.nodeName = domString(spec, "nodeName");
                pod.hostname = domString(spec, "hostname");
                simdjson::dom::element status = p["status"];
                pod.phase = engine::podPhaseFromString(domString(status, "phase"))
                                .value_or(engine::PodPhase::Pending);
                pod.startTime = domTime(status, "startTime");
                simdjson::dom::array conds;
                if (status["conditions"].get_array().get(conds) == simdjson::SUCCESS)
                    for (simdjson::dom::element c : conds) {
                        engine::Condition& cond = pod.conditions.emplace_back();
                        cond.type = domString(c, "type");
                        cond.status = engine::conditionStatusFromString(domString(c, "status"))
                                          .value_or(engine::ConditionStatus::Unknown);
                        cond.lastTransitionTime = domTime(c, "lastTransitionTime");
                    }
                simdjson::dom::array statuses;
                if (status["containerStatuses"].get_array().get(statuses) == simdjson::SUCCESS)
                    for (simdjson::dom::element c : statuses) {
                        engine::ContainerStatus& cs = pod.containerStatuses.emplace_back();
                        cs.name = domString(c, "name");
                        bool ready = false;
                        if (c["ready"].get_bool().get(ready) == simdjson::SUCCESS)
                            cs.ready = ready;
                        simdjson::dom::element running;
                        if (c["state"]["running"].get(running) == simdjson::SUCCESS) {
                            cs.state = engine::ContainerStateKind::Running;
                            cs.startedAt = domTime(running, "startedAt");
                        }
                    }
            }
        }
        benchmark::DoNotOptimize(pods);
    }
    state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(doc.size()));
}
BENCHMARK(BM_DomDecodeReconcileInputSketch)->Unit(benchmark::kMillisecond);

// The informer path: every pod with its extras (labels, annotations, owners, raw spec).
void BM_DecodePodListWithExtras(benchmark::State& state) {
    const std::string& list = podList();
    for (auto _ : state) {
        auto r = codec::decodePodList(list);
        if (!r.ok())
            state.SkipWithError(r.error().describe().c_str());
        benchmark::DoNotOptimize(r);
    }
    state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(list.size()));
}
BENCHMARK(BM_DecodePodListWithExtras)->Unit(benchmark::kMillisecond);

void BM_EncodePods(benchmark::State& state) {
    auto list = codec::decodePodList(podList());
    if (!list.ok()) {
        state.SkipWithError("decode failed");
        return;
    }
    size_t bytes = 0;
    for (auto _ : state) {
        codec::JsonWriter w;
        w.reserve(podList().size());
        w.beginArray();
        for (const codec::PodObject& p : list->items)
            codec::writePod(w, p);
        w.endArray();
        bytes = w.text().size();
        benchmark::DoNotOptimize(w.text().data());
    }
    state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(bytes));
}
BENCHMARK(BM_EncodePods)->Unit(benchmark::kMillisecond);

void BM_ParseRfc3339(benchmark::State& state) {
    const std::string_view text = "2026-11-22T10:00:08.250+02:00";
    for (auto _ : state)
        benchmark::DoNotOptimize(codec::parseRfc3339(text));
}
BENCHMARK(BM_ParseRfc3339);

} // namespace

int main(int argc, char** argv) {
    // Keep freed memory in the process between iterations, as a long-running process (the GUI's
    // informers, tessera serve) does: otherwise glibc hands the ~14 MB model back to the kernel
    // after each iteration and the figure measures page faults, which are very slow in VMs.
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    mallopt(M_MMAP_THRESHOLD, 1 << 30);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
