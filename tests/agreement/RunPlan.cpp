#include "RunPlan.h"

#include <QStringList>
#include <algorithm>

namespace tessera::agreement {

namespace {

// SplitMix64: the same draws on every platform and standard library (std::uniform_int_distribution
// is not portable), so a seed names one plan everywhere.
class Draw {
public:
    // Consecutive seeds would start one step apart in the same sequence: start from a draw of
    // the seed instead.
    explicit Draw(uint64_t seed)
        : m_state(seed) {
        m_state = next();
    }
    uint64_t next() {
        uint64_t z = (m_state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    int between(int lo, int hi) { return lo + static_cast<int>(next() % uint64_t(hi - lo + 1)); }
    bool chance(int percent) { return between(1, 100) <= percent; }

private:
    uint64_t m_state;
};

} // namespace

QString nameOf(Source source) {
    switch (source) {
    case Source::Cluster:
        return QStringLiteral("cluster");
    case Source::Local:
        return QStringLiteral("local");
    case Source::DryRun:
        return QStringLiteral("dry-run");
    }
    return {};
}

int RunPlan::exitCodeOf(int index, int attempt) const {
    const std::vector<int>& codes = exitCodes[static_cast<std::size_t>(index)];
    return codes[std::min<std::size_t>(static_cast<std::size_t>(attempt), codes.size() - 1)];
}

bool RunPlan::deterministic() const {
    return !scaleDownKill && !deleteRunningPod && failRate == 0;
}

int RunPlan::failuresOf(int index) const {
    int failures = 0;
    for (int attempt = 0; attempt <= backoffLimitPerIndex; ++attempt) {
        if (exitCodeOf(index, attempt) == 0)
            return failures;
        ++failures;
    }
    return failures;
}

bool RunPlan::indexSucceeds(int index) const {
    return failuresOf(index) <= backoffLimitPerIndex;
}

QString RunPlan::describe() const {
    QStringList items;
    for (const auto& codes : exitCodes) {
        QStringList c;
        for (int code : codes)
            c << QString::number(code);
        items << c.join(QLatin1Char('/'));
    }
    QString text = QStringLiteral("%1 seed %2: %3 indexes [%4], parallelism %5, "
                                  "backoffLimitPerIndex %6, items %7 ms")
                       .arg(nameOf(source))
                       .arg(seed)
                       .arg(completions)
                       .arg(items.join(QStringLiteral(" ")))
                       .arg(parallelism)
                       .arg(backoffLimitPerIndex)
                       .arg(itemMillis);
    if (newParallelism)
        text += QStringLiteral(", parallelism -> %1").arg(*newParallelism);
    if (scaleDownKill)
        text += QStringLiteral(", scale-down to 1 killing running items");
    if (deleteRunningPod)
        text += restartStore ? QStringLiteral(", a running pod deleted while the store restarts")
                             : QStringLiteral(", a running pod deleted");
    if (suspendResume)
        text += QStringLiteral(", suspended and resumed");
    if (restartStore)
        text += QStringLiteral(", store restarted mid-run");
    if (failRate > 0)
        text += QStringLiteral(", fail rate %1").arg(failRate);
    return text;
}

RunPlan planFor(Source source, uint64_t seed) {
    Draw draw(seed * 3 + static_cast<uint64_t>(source));
    RunPlan p;
    p.source = source;
    p.seed = seed;
    const bool big = source == Source::DryRun;
    p.completions = draw.between(2, big ? 40 : 8);
    p.parallelism = draw.between(1, big ? 8 : 3);
    p.backoffLimitPerIndex = draw.between(0, 2);
    // 137: killed by SIGKILL (an out-of-memory kill, an eviction's last resort), not an exit.
    static constexpr int kFailureCodes[] = {1, 2, 3, 42, kKilled};
    for (int i = 0; i < p.completions; ++i) {
        std::vector<int> codes;
        const int kind = draw.between(0, 9);
        if (kind <= 4) { // succeeds at once
            codes = {0};
        } else if (kind <= 7) { // fails some times, then succeeds (maybe beyond the limit)
            for (int f = draw.between(1, 3); f > 0; --f)
                codes.push_back(kFailureCodes[draw.between(0, 4)]);
            codes.push_back(0);
        } else { // always fails
            codes = {kFailureCodes[draw.between(0, 4)]};
        }
        p.exitCodes.push_back(std::move(codes));
    }
    switch (source) {
    case Source::DryRun:
        p.itemMillis = draw.between(1, 120) * 1000;
        if (draw.chance(30))
            p.failRate = draw.between(1, 4) / 10.0;
        break;
    case Source::Local:
        p.itemMillis = draw.between(0, 2) * 100;
        if (draw.chance(40)) {
            p.newParallelism = draw.between(1, 4);
            p.itemMillis = 300;
        }
        if (draw.chance(30)) {
            p.scaleDownKill = true;
            p.parallelism = std::max(p.parallelism, 2);
            p.itemMillis = 400;
        }
        p.restartStore = draw.chance(40);
        break;
    case Source::Cluster:
        p.itemMillis = draw.between(1, 2) * 100;
        p.parallelism = std::max(p.parallelism, 2);
        if (draw.chance(40))
            p.newParallelism = draw.between(1, 4);
        p.deleteRunningPod = draw.chance(40);
        p.suspendResume = draw.chance(25);
        p.restartStore = draw.chance(40);
        break;
    }
    return p;
}

QStringList featuresOf(const RunPlan& p) {
    QStringList f;
    bool all = true, recovered = false, failing = false;
    for (int i = 0; i < p.completions; ++i) {
        all = all && p.indexSucceeds(i);
        recovered = recovered || (p.indexSucceeds(i) && p.failuresOf(i) > 0);
        failing = failing || !p.indexSucceeds(i);
    }
    if (p.deterministic() && all)
        f << QStringLiteral("completes");
    if (recovered)
        f << QStringLiteral("recovered index");
    if (failing)
        f << QStringLiteral("failed index");
    if (p.newParallelism)
        f << QStringLiteral("parallelism change");
    if (p.scaleDownKill)
        f << QStringLiteral("scale-down kill");
    if (p.deleteRunningPod)
        f << QStringLiteral("pod deleted");
    if (p.deleteRunningPod && p.restartStore)
        f << QStringLiteral("lost attempt");
    if (p.suspendResume)
        f << QStringLiteral("suspend and resume");
    if (p.restartStore)
        f << QStringLiteral("store restart");
    if (p.failRate > 0)
        f << QStringLiteral("random failures");
    for (const auto& codes : p.exitCodes)
        if (std::find(codes.begin(), codes.end(), kKilled) != codes.end()) {
            f << QStringLiteral("killed by a signal");
            break;
        }
    return f;
}

std::vector<uint64_t> seedsCoveringEveryFeature(Source source, uint64_t first, int count) {
    // Every feature a plan of this source can have, from the first thousand plans.
    constexpr uint64_t kLook = 1000;
    QStringList possible;
    for (uint64_t seed = 1; seed <= kLook; ++seed)
        for (const QString& f : featuresOf(planFor(source, seed)))
            if (!possible.contains(f))
                possible << f;
    std::vector<uint64_t> seeds;
    QStringList covered;
    for (uint64_t seed = first; seed < first + static_cast<uint64_t>(count); ++seed) {
        seeds.push_back(seed);
        covered << featuresOf(planFor(source, seed));
    }
    for (uint64_t seed = first + static_cast<uint64_t>(count);
         seed < first + static_cast<uint64_t>(count) + kLook; ++seed) {
        const QStringList features = featuresOf(planFor(source, seed));
        bool brings = false;
        for (const QString& f : features)
            brings = brings || !covered.contains(f);
        if (brings) {
            seeds.push_back(seed);
            covered << features;
        }
        bool all = true;
        for (const QString& f : possible)
            all = all && covered.contains(f);
        if (all)
            break;
    }
    return seeds;
}

} // namespace tessera::agreement
