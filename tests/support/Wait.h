#pragma once
// Waiting in tests: the event loop runs until a condition holds, so signals, timers and queued
// calls are delivered meanwhile; no fixed sleeps.
#include <functional>

namespace tessera::test {

// Processes events until `condition` holds (true) or `timeoutMs` passed (false).
bool waitUntil(const std::function<bool()>& condition, int timeoutMs = 60000);

} // namespace tessera::test
