#pragma once
// The dry-run source: the plan as a Job manifest simulated by the engine (engine::simulate, as
// `tessera simulate`, the Launch dialog's forecast and `tessera report --source simulate` run it).
#include "Observations.h"
#include "RunPlan.h"
#include "engine/Simulation.h"
#include "report/ReportBuilder.h"

namespace tessera::agreement {

struct DryRun {
    engine::SimulationConfig config;
    engine::SimulationResult result;
    report::ReportInput reportInput; // what `tessera report --source simulate` builds from
};

DryRun runDryRun(const RunPlan& plan);

// What the simulation itself says (the source's record, added first) and what the Launch
// dialog's forecast shows (history::historyOfSimulation).
void observeDryRun(const DryRun& run, Observations& out);

} // namespace tessera::agreement
