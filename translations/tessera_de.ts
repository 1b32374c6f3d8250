<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>ClusterLauncher</name>
    <message>
        <source>creating ConfigMap %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>creating Job %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job %1 was created but the server&apos;s answer has no UID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job %1 was created, but ConfigMap %2 could not be tied to it (delete it with the Job): %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ClusterReportLoader</name>
    <message>
        <source>pods of job %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>job %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EditedManifests</name>
    <message>
        <source>YAML preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only a ConfigMap and a Job can be launched here, not kind &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>creating Job %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Format</name>
    <message>
        <source> (signal %1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LaunchCommand</name>
    <message>
        <source>Usage: tessera launch WORKLIST --image IMAGE [OPTIONS]

Launches a work list as a Kubernetes Indexed Job: a ConfigMap NAME-items holds the
items (one key per index and field) and every pod runs a small POSIX sh wrapper that
picks its item by JOB_COMPLETION_INDEX, so quotes, spaces and $ in items are safe.
The ConfigMap is owned by the Job: deleting the Job deletes it. Lists larger than a
ConfigMap can hold (1 MiB) are refused.

Options:
  --image IMAGE                 container image (it needs /bin/sh; busybox works)
  --command TEMPLATE            command for items that carry none (CSV, YAML lists);
                                it sees the item&apos;s variables and JOB_COMPLETION_INDEX
  --name NAME                   Job name, a DNS label (default: from WORKLIST)
  -j, --parallelism N           pods at once (default 1)
  --backoff-limit N             failed pods allowed in total
  --backoff-limit-per-index N   failed pods allowed per index
  --max-failed-indexes N        with --backoff-limit-per-index
  --success-indexes LIST        successPolicy: these indexes suffice (&quot;0,5-9&quot;)
  --success-count N             successPolicy: this many (of LIST) suffice
  --active-deadline S           activeDeadlineSeconds
  --indexes LIST                run only these work-list indexes (a re-run); the
                                Job records the original index of each new one
  --format lines|csv|furiko     how to read WORKLIST (default: by extension, content)
  --context C                   kubeconfig context (default: the current one)
  -n, --namespace NS            namespace (default: the context&apos;s)
  --kubeconfig FILE             instead of $KUBECONFIG / ~/.kube/config
  --output yaml                 print the manifests instead of creating them
  -h, --help                    show this help
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1: expected an integer from %2 to %3, got &apos;%4&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected one work list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--image is required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--output: only &apos;yaml&apos; is supported, got &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--format: expected lines, csv or furiko, got &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--command: the items of %1 carry their own commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--indexes: %1 (the work list has %2 items)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>job %1/%2 created (%3 indexes, uid %4); items in ConfigMap %5</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LaunchDialog</name>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unset</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReportCommand</name>
    <message>
        <source>Usage: tessera report --source SOURCE [OPTIONS] TARGET

Writes a completion report of an Indexed Job: identity, spec, outcome and
conditions, completed and failed indexes in full, a per-index table (index,
status, attempts, hostname, node, start, end, duration, exit code, reason),
the slowest indexes, p50/p90/p99 durations and charts.

Sources:
  --source local RUN_DIR          a local run (its run directory)
  --source CONTEXT JOB            a Job in a kubeconfig context (or a demo
                                  server), with --namespace
  --source simulate JOB.yaml      a dry-run of a Job manifest (a forecast)

Options:
  --format html|pdf|csv|json      default: from the -o extension, else html
  -o, --output FILE               default: JOB-report.FORMAT; - for standard
                                  output (not for pdf)
  -n, --namespace NS              cluster namespace (default: the context&apos;s)
  --kubeconfig FILE               instead of $KUBECONFIG / ~/.kube/config
  --seed N                        simulate: random seed (default 1)
  --duration D|uniform:A..B       simulate: pod run time (default 30s)
  --fail-rate P                   simulate: probability an attempt fails
  -h, --help                      show this help

The report is written to a temporary file and renamed when complete; Ctrl+C
cancels it and leaves nothing behind.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--seed: expected a non-negative integer, got &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--duration: expected 30s or uniform:10s..60s, got &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--fail-rate: expected a probability between 0 and 1, got &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no document of kind Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the API server would reject this Job:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: local runs are not available in this build yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--source is required (local, simulate or a context name)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected one run directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected one Job manifest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected one Job name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--format: expected html, pdf, csv or json, got &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a PDF report needs a file: use -o FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tessera report: wrote %1 (%2 indexes, %3 attempts)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReportLabels</name>
    <message>
        <source>Completion report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>UID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Specification</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Completion mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Completions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backoff limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backoff limit per index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max failed indexes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Active deadline (seconds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Success policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conditions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Completed indexes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed indexes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Succeeded indexes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed indexes (count)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Active pods</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slowest indexes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration percentiles (succeeded indexes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Progress over time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration histogram</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per-index table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Original index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hostname</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exit code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>indexes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This job re-runs indexes of another job: the original index of each row is shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Page %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Complete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suspended</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReportWriter</name>
    <message>
        <source>cannot start the PDF writer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the PDF could not be written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SourceHost</name>
    <message>
        <source>Demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Local runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo server: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo jobs: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown source &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StatePalette</name>
    <message>
        <source>Not started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed, will retry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Out of range</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::ui::ChartsWidget</name>
    <message>
        <source>Succeeded over time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Active vs parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failures over time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration of succeeded indexes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed pods</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration of succeeded indexes (none finished yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration of succeeded indexes (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::ui::Format</name>
    <message>
        <source>%1s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1m %2s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1h %2m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1d %2h</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::ui::GridLegendWidget</name>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 pixel = %1 indexes (worst state shown)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit (Ctrl+wheel to zoom)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 px cells (Ctrl+0 to fit)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::ui::IndexGridWidget</name>
    <message>
        <source>Index scoreboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Index %1&lt;/b&gt; &amp;mdash; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hostname: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This pixel shows indexes %1-%2 (the state that needs attention first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No indexes to show</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::ui::JobListModel</name>
    <message>
        <source>Pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suspended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NonIndexed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/%2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Completions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Age</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::ui::JobView</name>
    <message>
        <source>Index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last exit code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pods</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pod</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exit code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Scoreboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>F&amp;ailures &amp;&amp; events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;pread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;harts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+L</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading the job…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This job no longer exists.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job was deleted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parallelism, applied to the running job as you change it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Parallelism:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suspend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click an index to see its attempts and log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failing indexes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events of the job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Active pods by node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Active pods by zone (topology.kubernetes.io/zone)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This job has no indexes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A NonIndexed job has no per-index scoreboard; see its pods and events.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Namespace: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, completions: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NonIndexed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>active %1, succeeded %2, failed %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>started %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duration %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conditions: none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conditions: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ETA: unknown (no recent completions)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ETA %1 (%2/min)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Completed indexes (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed indexes (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failures: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No pod yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Attempt %1&lt;/b&gt;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (from history)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unscheduled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>start %1, end %2, duration %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reason %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Index %1&lt;/b&gt; &amp;mdash; %2 &amp;mdash; hostname %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Known from history; the pod is gone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(not scheduled)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no zone label)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Setting parallelism to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suspending…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resuming…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the job %1 in namespace %2 and its pods?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deleting…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::ui::LogViewWidget</name>
    <message>
        <source>&amp;Follow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click an index in the scoreboard (or pick one above) to see its log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Newest attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempt %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading the log of index %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index %1: end of log (%2 lines)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index %1: %2 lines, following</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::ui::MainWindow</name>
    <message>
        <source>Tessera</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where the jobs come from: a kubeconfig context, local runs, or the built-in demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> Source: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All namespaces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Namespace (empty: all namespaces); press Enter to apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  Namespace: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter jobs (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Filter jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index &amp;logs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+L</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open in new &amp;window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear recorded &amp;history of this source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a job to see its scoreboard.

Double-click or press Enter to open it; Ctrl+Shift+O opens it in a window of its own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Local runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tessera — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listing jobs of %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>● Connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retrying in %1 s: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unauthorized: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pick a source.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading jobs…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No jobs here yet. Start one with `tessera run`, `tessera launch`, or kubectl.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No job matches &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — Tessera</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refreshing…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::ui::TimelineWidget</name>
    <message>
        <source>&lt;b&gt;Index %1&lt;/b&gt;, attempt %2&lt;br&gt;Pod: %3&lt;br&gt;Node: %4&lt;br&gt;Phase: %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start: %1, end: %2, duration: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exit code: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No attempts yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::ui::launch::LaunchDialog</name>
    <message>
        <source>Launch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Variables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Launch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Local run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dry-run (forecast)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Target:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>for items without their own command, e.g. render &quot;$FRAME&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Command template:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Parallelism:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backoffLimit&amp;PerIndex:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ma&amp;xFailedIndexes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>succeededIndexes, e.g. 0-9</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Success policy:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Active &amp;deadline:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs the items as processes on this machine, as a local Indexed Job (journaled, resumable); it appears under &quot;Local runs&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s per item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> % fail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Simulate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Succeeded indexes over time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;ontext:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the context&apos;s namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Na&amp;mespace:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Image:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Regenerate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discard edits and generate the YAML from the form again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save &amp;YAML…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save YAML</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YAML (*.yaml *.yml)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Re-run of %1: %n index(es)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Re-run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n error(s): fix the file and drop it again.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Job manifest &quot;%1&quot;: %2 completions, parallelism %3, %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NonIndexed</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n item(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source> (format: %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, new index → original index shown as &quot;i ← j&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ConfigMap %1 (%2 KiB of items, limit 1024 KiB) and Indexed Job %3 with %4 completions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot launch: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix the errors in the file first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A Job manifest has no work-list items to run here: use Dry-run or Cluster, or drop a work list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The items carry no command: give a command template</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create a temporary file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting the local run…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Creating %1 in %2/%3…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created %1/%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulating…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The API server would reject this Job: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forecast ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parallelism %1: %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Makespan (simulated):&lt;br&gt;%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parallelism %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
