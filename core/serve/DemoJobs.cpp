// The built-in demo of `tessera serve --demo` and the GUI's Demo source: jobs that show every
// state the scoreboard has (a big indexed job, failing indexes, a finished job, a suspended one).
#include "Server.h"

namespace tessera::serve {

QByteArray Server::demoManifest() {
    return R"yaml(apiVersion: batch/v1
kind: Job
metadata:
  name: render-frames
  labels: {app: render, team: vfx}
  annotations:
    tessera.dev/sim-duration: "4s"
    tessera.dev/sim-fail-rate: "0.01"
spec:
  completionMode: Indexed
  completions: 20000
  parallelism: 120
  backoffLimitPerIndex: 2
  maxFailedIndexes: 500
  template:
    metadata:
      labels: {app: render}
    spec:
      restartPolicy: Never
      subdomain: render
      containers:
      - name: render
        image: registry.example.com/vfx/render:2.4
        command: ["render", "--frame", "$(JOB_COMPLETION_INDEX)"]
        resources:
          requests: {cpu: "2", memory: 4Gi}
---
apiVersion: batch/v1
kind: Job
metadata:
  name: etl-shards
  labels: {app: etl}
  annotations:
    tessera.dev/sim-duration: "3s"
    tessera.dev/sim-fail-indexes: "7,42,77"
spec:
  completionMode: Indexed
  completions: 100
  parallelism: 10
  backoffLimitPerIndex: 1
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: etl
        image: registry.example.com/data/etl:1.9
        args: ["--shard", "$(JOB_COMPLETION_INDEX)", "--of", "100"]
---
apiVersion: batch/v1
kind: Job
metadata:
  name: thumbnails
  labels: {app: thumbnails}
  annotations:
    tessera.dev/sim-duration: "1s"
spec:
  completionMode: Indexed
  completions: 24
  parallelism: 8
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: thumbs
        image: registry.example.com/media/thumbs:0.3
---
apiVersion: batch/v1
kind: Job
metadata:
  name: nightly-backfill
  labels: {app: backfill}
spec:
  completionMode: Indexed
  completions: 500
  parallelism: 25
  suspend: true
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: backfill
        image: registry.example.com/data/backfill:5.0
)yaml";
}

} // namespace tessera::serve
