#include "JobSnapshot.h"

#include <algorithm>

namespace tessera::store {

std::vector<IndexAttempt> JobSnapshot::attemptsOf(int index) const {
    const auto lo = std::lower_bound(attempts.begin(), attempts.end(), index,
                                     [](const IndexAttempt& a, int i) { return a.index < i; });
    std::vector<IndexAttempt> out;
    for (auto it = lo; it != attempts.end() && it->index == index; ++it)
        out.push_back(*it);
    return out;
}

QString toString(ConnectionState s) {
    switch (s) {
    case ConnectionState::Connecting:
        return QStringLiteral("connecting");
    case ConnectionState::Connected:
        return QStringLiteral("connected");
    case ConnectionState::Retrying:
        return QStringLiteral("retrying");
    case ConnectionState::Unauthorized:
        return QStringLiteral("unauthorized");
    case ConnectionState::Failed:
        return QStringLiteral("failed");
    }
    return {};
}

void registerMetaTypes() {
    qRegisterMetaType<JobSummary>();
    qRegisterMetaType<JobListDiff>();
    qRegisterMetaType<JobSnapshotPtr>();
    qRegisterMetaType<ConnectionState>();
}

} // namespace tessera::store
