#pragma once
// The printers of `kubectl get` per kind, as pkg/printers/internalversion/printers.go prints
// them: the columns of each kind's Table (priority 1: shown by `-o wide`) and one row's cells.
// The table of kinds (ApiKinds.cpp) points its rows here; Tables.cpp builds the Table.
#include "ApiKinds.h"

namespace tessera::serve::printers {

extern const Printer kDefault; // NAME AGE
extern const Printer kPod;
extern const Printer kJob;
extern const Printer kEvent;
extern const Printer kNode;
extern const Printer kNamespace;
extern const Printer kConfigMap;
extern const Printer kSecret;
extern const Printer kServiceAccount;
extern const Printer kService;
extern const Printer kCronJob;

// "45s", "3m12s", "5h", "2d" as kubectl's HumanDuration shortens them.
QString humanDuration(int64_t seconds);

} // namespace tessera::serve::printers
