#pragma once
// Faults the server can be told to inject (tests of the client's resilience): error statuses,
// slow answers, garbage bodies, connections dropped mid-stream.
#include <QString>

namespace tessera::serve {

struct Fault {
    enum class Kind {
        Status,  // answer with `status` (a metav1.Status body; Retry-After when set)
        Delay,   // answer normally after `delayMs`
        Garbage, // 200 with a body (or, for a watch, a stream line) that is not JSON
        Drop,    // close the connection without an answer (a watch: after its headers)
    };
    enum class Scope { Any, Watch, NotWatch };
    Kind kind = Kind::Status;
    Scope scope = Scope::Any;
    QString pathContains; // "" matches every path
    int status = 500;
    int retryAfterSeconds = -1; // < 0: no Retry-After header
    int delayMs = 0;
    int count = 1; // requests affected; < 0: until clearFaults()
};

} // namespace tessera::serve
