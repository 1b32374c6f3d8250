#include "ItemWrapper.h"

namespace tessera::launch {

std::string ItemWrapper::script() {
    // For a re-run, JOB_COMPLETION_INDEX is set to the original index before the item runs, so
    // an item behaves exactly as in the job it re-runs; TESSERA_RERUN_INDEX keeps the new one.
    return R"sh(set -u
d="${TESSERA_ITEMS_DIR:-${TESSERA_POD_ROOT:-}/tessera/items}"
i="${JOB_COMPLETION_INDEX:?JOB_COMPLETION_INDEX is not set}"
for f in "$d/$i".env.*; do
  [ -f "$f" ] || continue
  v="$(cat "$f"; printf x)"
  export "${f##*.env.}=${v%x}"
done
if [ -f "$d/$i.index" ]; then
  export TESSERA_RERUN_INDEX="$i"
  JOB_COMPLETION_INDEX="$(cat "$d/$i.index")"
  export JOB_COMPLETION_INDEX
fi
if [ -f "$d/$i.cmd" ]; then
  c="$(cat "$d/$i.cmd"; printf x)"
  c="${c%x}"
elif [ -n "${TESSERA_COMMAND:-}" ]; then
  c="$TESSERA_COMMAND"
else
  echo "tessera: no command for index $i in $d" >&2
  exit 127
fi
exec /bin/sh -c "$c"
)sh";
}

std::string ItemWrapper::commandKey(int32_t index) {
    return std::to_string(index) + ".cmd";
}

std::string ItemWrapper::envKey(int32_t index, const std::string& name) {
    return std::to_string(index) + ".env." + name;
}

std::string ItemWrapper::originalIndexKey(int32_t index) {
    return std::to_string(index) + ".index";
}

} // namespace tessera::launch
