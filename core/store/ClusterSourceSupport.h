#pragma once
// Small conversions shared by the ClusterSource files (ClusterSource*.cpp); not part of the API.
#include "engine/JobState.h"
#include "engine/Time.h"

#include <QDateTime>
#include <QString>
#include <charconv>
#include <optional>
#include <string>
#include <string_view>

namespace tessera::store::cluster_source {

inline QDateTime toDateTime(const std::optional<engine::TimePoint>& t) {
    if (!t)
        return {};
    return QDateTime::fromMSecsSinceEpoch(engine::toUnixMillis(*t), Qt::UTC);
}

inline QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

inline std::optional<int> parseInt(std::string_view s) {
    int v = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec != std::errc() || r.ptr != s.data() + s.size())
        return std::nullopt;
    return v;
}

inline bool isActivePhase(engine::AttemptOutcome outcome) {
    return engine::isUnderWay(outcome);
}

} // namespace tessera::store::cluster_source
