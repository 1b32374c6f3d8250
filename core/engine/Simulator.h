#pragma once
// A discrete-event dry-run: simulated pods on a virtual clock, driven by the same JobController
// (and so the same reconcile()) as local and cluster runs. Seeded and deterministic: the same
// configuration always gives the same result, on every platform (the random draws use no
// standard-library distribution, whose output varies between implementations).
#include "Simulation.h"

namespace tessera::engine {

SimulationResult simulate(const SimulationConfig& config);

} // namespace tessera::engine
