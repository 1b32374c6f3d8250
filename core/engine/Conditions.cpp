#include "Conditions.h"

namespace tessera::engine::conditions {

Condition make(std::string_view type, ConditionStatus status, std::string_view reason,
               std::string_view message, TimePoint now) {
    Condition c;
    c.type = type;
    c.status = status;
    c.reason = reason;
    c.message = message;
    c.lastProbeTime = now;
    c.lastTransitionTime = now;
    return c;
}

bool ensureStatus(std::vector<Condition>& list, std::string_view type, ConditionStatus status,
                  std::string_view reason, std::string_view message, TimePoint now) {
    for (Condition& c : list) {
        if (c.type != type)
            continue;
        if (c.status == status && c.reason == reason && c.message == message)
            return false;
        c = make(type, status, reason, message, now);
        return true;
    }
    if (status == ConditionStatus::False)
        return false;
    list.push_back(make(type, status, reason, message, now));
    return true;
}

} // namespace tessera::engine::conditions
