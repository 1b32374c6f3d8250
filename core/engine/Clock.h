#pragma once
// The only source of time for code that drives the engine. The reconciler itself is a pure
// function of its inputs; drivers (simulator, local runner, serve) ask a Clock for "now".
#include "Time.h"

namespace tessera::engine {

class Clock {
public:
    virtual ~Clock() = default;
    virtual TimePoint now() const = 0;
};

class SystemClock final : public Clock {
public:
    TimePoint now() const override {
        return std::chrono::time_point_cast<Duration>(std::chrono::system_clock::now());
    }
};

// A clock that only moves when told to: the simulator's virtual time, and tests.
class ManualClock final : public Clock {
public:
    explicit ManualClock(TimePoint start = fromUnixMillis(0))
        : m_now(start) {}
    TimePoint now() const override { return m_now; }
    void set(TimePoint t) { m_now = t; }
    void advance(Duration d) { m_now += d; }

private:
    TimePoint m_now;
};

} // namespace tessera::engine
