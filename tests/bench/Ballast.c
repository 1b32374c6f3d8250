/* Preloaded into `tessera run` by scripts/bench-local.sh (LD_PRELOAD), so the runner holds
 * TESSERA_BALLAST_MIB MiB of touched memory while it starts its items, as a window holding large
 * jobs would: how much a big parent slows starting processes is measured without a benchmark
 * option in the shipped binary. */
#include <stdlib.h>

/* volatile: the stores are the point; nothing reads them, so they must not be optimised away */
static volatile char* ballast;

__attribute__((constructor)) static void holdBallast(void) {
    const char* mib = getenv("TESSERA_BALLAST_MIB");
    const long size = mib ? atol(mib) : 0;
    /* Only this process holds it: the items it starts must not load it again. */
    unsetenv("TESSERA_BALLAST_MIB");
    unsetenv("LD_PRELOAD");
    if (size <= 0)
        return;
    const size_t bytes = (size_t)size << 20;
    ballast = malloc(bytes);
    if (!ballast)
        abort();
    for (size_t i = 0; i < bytes; i += 4096)
        ballast[i] = (char)i; /* touched: resident, as the window's memory is */
}
