#pragma once
// The one list of disagreements the agreement test knows about and tolerates until their fixes
// are merged: each names the source, the view and the quantity it concerns and the defect. A
// disagreement that matches an entry does not fail the test; the test is then reported skipped
// with "known defect: ..." for each entry it met. Remove an entry when its fix is merged; set
// TESSERA_AGREEMENT_STRICT=1 to ignore the whole list.
#include "Observations.h"
#include "RunPlan.h"

#include <optional>

namespace tessera::agreement {

struct KnownDefect {
    std::optional<Source> source; // nullopt: every source
    const char* view;             // a part of the view's name ("" any)
    const char* quantity;         // the quantity's name, or its beginning ("" any)
    const char* defect;
};

// The entry a disagreement matches, if any (never when TESSERA_AGREEMENT_STRICT is set).
const KnownDefect* knownDefectFor(Source source, const Disagreement& d);

} // namespace tessera::agreement
