<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ClusterLauncher</name>
    <message>
        <source>creating ConfigMap %1: %2</source>
        <translation>无法创建 ConfigMap %1：%2</translation>
    </message>
    <message>
        <source>creating Job %1: %2</source>
        <translation>无法创建 Job %1：%2</translation>
    </message>
    <message>
        <source>Job %1 was created but the server&apos;s answer has no UID</source>
        <translation>Job %1 已创建，但服务器的响应中没有 UID</translation>
    </message>
    <message>
        <source>Job %1 was created, but ConfigMap %2 could not be tied to it (delete it with the Job): %3</source>
        <translation>Job %1 已创建，但无法将 ConfigMap %2 关联到它（请在删除该 Job 时一并删除它）：%3</translation>
    </message>
</context>
<context>
    <name>ClusterReportLoader</name>
    <message>
        <source>pods of job %1: %2</source>
        <translation>Job %1 的 Pod：%2</translation>
    </message>
    <message>
        <source>job %1: %2</source>
        <translation>Job %1：%2</translation>
    </message>
</context>
<context>
    <name>DryRunReportInput</name>
    <message>
        <source>%1: the API server would reject this Job:</source>
        <translation>%1：API 服务器会拒绝此 Job：</translation>
    </message>
</context>
<context>
    <name>EditedManifests</name>
    <message>
        <source>YAML preview</source>
        <translation>YAML 预览</translation>
    </message>
    <message>
        <source>only a ConfigMap and a Job can be launched here, not kind &quot;%1&quot;</source>
        <translation>此处只能启动 ConfigMap 和 Job，不能启动 kind 为“%1”的对象</translation>
    </message>
    <message>
        <source>creating Job %1: %2</source>
        <translation>无法创建 Job %1：%2</translation>
    </message>
</context>
<context>
    <name>Format</name>
    <message>
        <source> (signal %1)</source>
        <translation> (信号 %1)</translation>
    </message>
</context>
<context>
    <name>IndexDetails</name>
    <message>
        <source>Not started: no pod was created for this index yet.</source>
        <translation>未开始：尚未为此索引创建 Pod。</translation>
    </message>
    <message>
        <source>Its pod has not been seen yet.</source>
        <translation>尚未看到它的 Pod。</translation>
    </message>
    <message>
        <source>Succeeded (the job&apos;s status says so). No attempt was recorded: its pods were gone before Tessera watched this job.</source>
        <translation>已成功（作业状态如此显示）。未记录任何尝试：在 Tessera 观察此作业之前，其 Pod 已不存在。</translation>
    </message>
    <message>
        <source>Failed (the job&apos;s status says so). No attempt was recorded: its pods were gone before Tessera watched this job.</source>
        <translation>已失败（作业状态如此显示）。未记录任何尝试：在 Tessera 观察此作业之前，其 Pod 已不存在。</translation>
    </message>
    <message>
        <source>Beyond the job&apos;s completions.</source>
        <translation>超出作业的完成数。</translation>
    </message>
    <message>
        <source>Failures: %1</source>
        <translation>失败次数：%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Attempt %1&lt;/b&gt;: %2</source>
        <translation>&lt;b&gt;尝试 %1&lt;/b&gt;：%2</translation>
    </message>
    <message>
        <source> (recorded; the pod is gone)</source>
        <translation>（已记录；Pod 已不存在）</translation>
    </message>
    <message>
        <source>node %1, %2</source>
        <translation>节点 %1，%2</translation>
    </message>
    <message>
        <source>unscheduled</source>
        <translation>未调度</translation>
    </message>
    <message>
        <source>still running</source>
        <translation>仍在运行</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>未记录</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>start %1, end %2, duration %3</source>
        <translation>开始 %1，结束 %2，时长 %3</translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation>退出码 %1</translation>
    </message>
    <message>
        <source>reason %1</source>
        <translation>原因 %1</translation>
    </message>
    <message>
        <source>Index %1 (original index %2)</source>
        <translation>索引 %1（原索引 %2）</translation>
    </message>
    <message>
        <source>Index %1</source>
        <translation>索引 %1</translation>
    </message>
</context>
<context>
    <name>JobActions</name>
    <message numerus="yes">
        <source>
  … and %n more</source>
        <translation>
            <numerusform>
  … 以及另外 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>Suspend jobs</source>
        <translation>挂起作业</translation>
    </message>
    <message numerus="yes">
        <source>Suspend these %n jobs? Their running pods are stopped.</source>
        <translation>
            <numerusform>挂起这 %n 个作业？其运行中的 Pod 将被停止。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Suspend %n jobs</source>
        <translation>
            <numerusform>挂起 %n 个作业</numerusform>
        </translation>
    </message>
    <message>
        <source>Resume jobs</source>
        <translation>恢复作业</translation>
    </message>
    <message numerus="yes">
        <source>Resume these %n jobs?</source>
        <translation>
            <numerusform>恢复这 %n 个作业？</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Resume %n jobs</source>
        <translation>
            <numerusform>恢复 %n 个作业</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete jobs</source>
        <translation>删除作业</translation>
    </message>
    <message>
        <source>Delete this job and its pods?</source>
        <translation>删除此作业及其 Pod？</translation>
    </message>
    <message numerus="yes">
        <source>Delete these %n jobs and their pods?</source>
        <translation>
            <numerusform>删除这 %n 个作业及其 Pod？</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n jobs</source>
        <translation>
            <numerusform>删除 %n 个作业</numerusform>
        </translation>
    </message>
    <message>
        <source>Set parallelism</source>
        <translation>设置并行度</translation>
    </message>
    <message>
        <source>Pods of %1 running at once:</source>
        <translation>%1 同时运行的 Pod 数：</translation>
    </message>
    <message>
        <source>Delete pods</source>
        <translation>删除 Pod</translation>
    </message>
    <message>
        <source>Delete this pod of %1? The job starts a new one as it would after kubectl delete pod.</source>
        <translation>删除 %1 的此 Pod？作业会像 kubectl delete pod 之后那样启动一个新的。</translation>
    </message>
    <message numerus="yes">
        <source>Delete these %n pods of %1? The job starts new ones as it would after kubectl delete pod.</source>
        <translation>
            <numerusform>删除 %1 的这 %n 个 Pod？作业会像 kubectl delete pod 之后那样启动新的。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %n pods</source>
        <translation>
            <numerusform>删除 %n 个 Pod</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LanguageFonts</name>
    <message>
        <source>No font for %1 is installed (on Debian: apt install fonts-noto-cjk); Tessera shows English instead.</source>
        <translation>未安装适用于 %1 的字体（Debian 上：apt install fonts-noto-cjk）；Tessera 将改为显示英文。</translation>
    </message>
</context>
<context>
    <name>LaunchCommand</name>
    <message>
        <source>--%1: expected an integer from %2 to %3, got &apos;%4&apos;</source>
        <translation>--%1：应为 %2 到 %3 之间的整数，实际为 &apos;%4&apos;</translation>
    </message>
    <message>
        <source>expected one work list</source>
        <translation>需要恰好一个工作列表</translation>
    </message>
    <message>
        <source>--image is required</source>
        <translation>必须指定 --image</translation>
    </message>
    <message>
        <source>--output: only &apos;yaml&apos; is supported, got &apos;%1&apos;</source>
        <translation>--output：仅支持 &apos;yaml&apos;，实际为 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--format: expected %1, got &apos;%2&apos;</source>
        <translation>--format：应为 %1，实际为 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>--command: the items of %1 carry their own commands</source>
        <translation>--command：%1 中的条目自带命令</translation>
    </message>
    <message>
        <source>--indexes: %1 (the work list has %2 items)</source>
        <translation>--indexes：%1（工作列表共有 %2 个条目）</translation>
    </message>
    <message>
        <source>job %1/%2 created (%3 indexes, uid %4); items in ConfigMap %5</source>
        <translation>已创建 Job %1/%2（%3 个索引，UID %4）；条目位于 ConfigMap %5</translation>
    </message>
    <message>
        <source>--success-indexes: empty; give the indexes that suffice, like 0,5-9</source>
        <translation>--success-indexes：为空；请给出足以判定成功的索引，例如 0,5-9</translation>
    </message>
    <message>
        <source>--success-indexes: %1 in &apos;%2&apos; (the job has %3 completions: indexes 0 to %4)</source>
        <translation>--success-indexes：&apos;%2&apos; 中 %1（该 Job 有 %3 个 completions：索引 0 到 %4）</translation>
    </message>
    <message>
        <source>--success-count: %1 is more than the %2 indexes of --success-indexes</source>
        <translation>--success-count：%1 多于 --success-indexes 的 %2 个索引</translation>
    </message>
    <message>
        <source>--success-count: %1 is more than the job&apos;s %2 completions</source>
        <translation>--success-count：%1 多于该 Job 的 %2 个 completions</translation>
    </message>
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
  --backoff-limit N             failed pods allowed in total (default: none)
  --backoff-limit-per-index N   failed pods allowed per index (default: 2 when
                                neither limit is given, so one bad item never
                                stops the others)
  --max-failed-indexes N        with --backoff-limit-per-index
  --success-indexes LIST        successPolicy: these indexes suffice (&quot;0,5-9&quot;)
  --success-count N             successPolicy: this many (of LIST) suffice
  --active-deadline S           activeDeadlineSeconds
  --indexes LIST                run only these work-list indexes (a re-run); the
                                Job records the original index of each new one
  --format FORMAT               how to read WORKLIST: lines, csv, furiko or jsonl
                                (default: by extension, content)
  --context C                   kubeconfig context (default: the current one)
  -n, --namespace NS            namespace (default: the context&apos;s)
  --kubeconfig FILE             instead of $KUBECONFIG / ~/.kube/config
  --output yaml                 print the manifests instead of creating them
  -h, --help                    show this help
</source>
        <translation>用法：tessera launch WORKLIST --image IMAGE [OPTIONS]

将工作列表作为 Kubernetes Indexed Job 启动：ConfigMap NAME-items 保存各个条目
（每个索引和字段一个键），每个 Pod 运行一个小型 POSIX sh 包装脚本，按
JOB_COMPLETION_INDEX 选取自己的条目，因此条目中的引号、空格和 $ 都不会出问题。
ConfigMap 归该 Job 所有：删除 Job 时会一并删除它。超出 ConfigMap 容量（1 MiB）
的列表会被拒绝。

选项：
  --image IMAGE                 容器镜像（需要 /bin/sh；busybox 即可）
  --command TEMPLATE            用于未自带命令的条目（CSV、YAML 列表）的命令；
                                可使用条目的变量和 JOB_COMPLETION_INDEX
  --name NAME                   Job 名称，须为 DNS 标签（默认：取自 WORKLIST）
  -j, --parallelism N           同时运行的 Pod 数（默认 1）
  --backoff-limit N             总共允许失败的 Pod 数（默认：不设）
  --backoff-limit-per-index N   每个索引允许失败的 Pod 数（两个限制都未给出时
                                默认为 2，一个出错的条目不会让其余条目停下）
  --max-failed-indexes N        与 --backoff-limit-per-index 一起使用
  --success-indexes LIST        successPolicy：这些索引成功即可（&quot;0,5-9&quot;）
  --success-count N             successPolicy：（LIST 中）成功这么多个即可
  --active-deadline S           activeDeadlineSeconds
  --indexes LIST                只运行工作列表中的这些索引（重新运行）；
                                Job 会记录每个新索引对应的原始索引
  --format FORMAT               WORKLIST 的读取方式：lines、csv、furiko 或 jsonl
                                （默认：根据扩展名和内容判断）
  --context C                   kubeconfig 上下文（默认：当前上下文）
  -n, --namespace NS            命名空间（默认：上下文的命名空间）
  --kubeconfig FILE             代替 $KUBECONFIG / ~/.kube/config
  --output yaml                 输出清单而不创建
  -h, --help                    显示此帮助
</translation>
    </message>
    <message>
        <source>the API server would reject this Job:</source>
        <translation>API 服务器会拒绝此 Job：</translation>
    </message>
</context>
<context>
    <name>LaunchDialog</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小时</translation>
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
        <translation>用法：tessera report --source SOURCE [OPTIONS] TARGET

为 Indexed Job 生成完成报告：标识、规约、结果和状况（conditions）、完整的已完成
索引和失败索引、逐索引表格（索引、状态、尝试次数、主机名、节点、开始、结束、
时长、退出码、原因）、最慢的索引、p50/p90/p99 时长以及图表。

来源：
  --source local RUN_DIR          本地运行（其运行目录）
  --source CONTEXT JOB            kubeconfig 上下文（或演示服务器）中的 Job，
                                  配合 --namespace 使用
  --source simulate JOB.yaml      对 Job 清单进行试运行（预测）

选项：
  --format html|pdf|csv|json      默认：根据 -o 的扩展名，否则为 html
  -o, --output FILE               默认：JOB-report.FORMAT；- 表示标准输出
                                  （不适用于 pdf）
  -n, --namespace NS              集群命名空间（默认：上下文的命名空间）
  --kubeconfig FILE               代替 $KUBECONFIG / ~/.kube/config
  --seed N                        simulate：随机种子（默认 1）
  --duration D|uniform:A..B       simulate：Pod 运行时长（默认 30s）
  --fail-rate P                   simulate：一次尝试失败的概率
  -h, --help                      显示此帮助

报告先写入临时文件，完成后再重命名；按 Ctrl+C 可取消，且不会留下任何文件。
</translation>
    </message>
    <message>
        <source>--seed: expected a non-negative integer, got &apos;%1&apos;</source>
        <translation>--seed：应为非负整数，实际为 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--duration: expected 30s or uniform:10s..60s, got &apos;%1&apos;</source>
        <translation>--duration：应为 30s 或 uniform:10s..60s 的形式，实际为 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--fail-rate: expected a probability between 0 and 1, got &apos;%1&apos;</source>
        <translation>--fail-rate：应为 0 到 1 之间的概率，实际为 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <source>--source is required (local, simulate or a context name)</source>
        <translation>必须指定 --source（local、simulate 或上下文名称）</translation>
    </message>
    <message>
        <source>expected one run directory</source>
        <translation>需要恰好一个运行目录</translation>
    </message>
    <message>
        <source>expected one Job manifest</source>
        <translation>需要恰好一个 Job 清单</translation>
    </message>
    <message>
        <source>expected one Job name</source>
        <translation>需要恰好一个 Job 名称</translation>
    </message>
    <message>
        <source>--format: expected html, pdf, csv or json, got &apos;%1&apos;</source>
        <translation>--format：应为 html、pdf、csv 或 json，实际为 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>a PDF report needs a file: use -o FILE</source>
        <translation>PDF 报告需要输出到文件：请使用 -o FILE</translation>
    </message>
    <message>
        <source>tessera report: wrote %1 (%2 indexes, %3 attempts)</source>
        <translation>tessera report：已写入 %1（%2 个索引，%3 次尝试）</translation>
    </message>
</context>
<context>
    <name>ReportLabels</name>
    <message>
        <source>Completion report</source>
        <translation>完成报告</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>作业</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>命名空间</translation>
    </message>
    <message>
        <source>UID</source>
        <translation>UID</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Generated</source>
        <translation>生成时间</translation>
    </message>
    <message>
        <source>Specification</source>
        <translation>规约</translation>
    </message>
    <message>
        <source>Completion mode</source>
        <translation>完成模式</translation>
    </message>
    <message>
        <source>Completions</source>
        <translation>完成数</translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation>并行度</translation>
    </message>
    <message>
        <source>Backoff limit</source>
        <translation>回退上限</translation>
    </message>
    <message>
        <source>Backoff limit per index</source>
        <translation>每个索引的回退上限</translation>
    </message>
    <message>
        <source>Max failed indexes</source>
        <translation>最大失败索引数</translation>
    </message>
    <message>
        <source>Active deadline (seconds)</source>
        <translation>活跃期限（秒）</translation>
    </message>
    <message>
        <source>Success policy</source>
        <translation>成功策略</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Conditions</source>
        <translation>状况</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>结束时间</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Completed indexes</source>
        <translation>已完成索引</translation>
    </message>
    <message>
        <source>Failed indexes</source>
        <translation>失败索引</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Succeeded indexes</source>
        <translation>成功索引</translation>
    </message>
    <message>
        <source>Failed indexes (count)</source>
        <translation>失败索引（数量）</translation>
    </message>
    <message>
        <source>Active pods</source>
        <translation>活动 Pod</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>尝试次数</translation>
    </message>
    <message>
        <source>Slowest indexes</source>
        <translation>最慢的索引</translation>
    </message>
    <message>
        <source>Duration percentiles (succeeded indexes)</source>
        <translation>时长百分位数（成功索引）</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>样本数</translation>
    </message>
    <message>
        <source>Progress over time</source>
        <translation>进度随时间变化</translation>
    </message>
    <message>
        <source>Duration histogram</source>
        <translation>时长直方图</translation>
    </message>
    <message>
        <source>Per-index table</source>
        <translation>逐索引表格</translation>
    </message>
    <message>
        <source>Index</source>
        <translation>索引</translation>
    </message>
    <message>
        <source>Original index</source>
        <translation>原始索引</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Hostname</source>
        <translation>主机名</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>End</source>
        <translation>结束</translation>
    </message>
    <message>
        <source>Exit code</source>
        <translation>退出码</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>indexes</source>
        <translation>索引数</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>This job re-runs indexes of another job: the original index of each row is shown.</source>
        <translation>此 Job 重新运行另一个 Job 的索引：每行都显示其原始索引。</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Page %1</source>
        <translation>第 %1 页</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>Deleted</source>
        <translation>已删除</translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>未开始</translation>
    </message>
    <message>
        <source>Complete</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Suspended</source>
        <translation>已挂起</translation>
    </message>
    <message>
        <source>First start</source>
        <translation>首次开始</translation>
    </message>
    <message>
        <source>Last end</source>
        <translation>最后结束</translation>
    </message>
    <message>
        <source>Last attempt&apos;s duration</source>
        <translation>最后一次尝试的时长</translation>
    </message>
    <message>
        <source>First start and last end span all attempts of an index; the duration is that of its last attempt.</source>
        <translation>“首次开始”和“最后结束”涵盖一个索引的所有尝试；时长为其最后一次尝试的时长。</translation>
    </message>
    <message>
        <source>time since the start (%1)</source>
        <translation>自开始以来的时间（%1）</translation>
    </message>
    <message>
        <source>duration (%1)</source>
        <translation>时长（%1）</translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>h</source>
        <translation>小时</translation>
    </message>
    <message>
        <source>min</source>
        <translation>分钟</translation>
    </message>
    <message>
        <source>s</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>Interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <source>Failed pods (Job status.failed)</source>
        <translation>失败的 Pod（Job status.failed）</translation>
    </message>
    <message>
        <source>Failed attempts recorded</source>
        <translation>已记录的失败尝试</translation>
    </message>
    <message>
        <source>%1 (%2 deleted)</source>
        <translation>%1（%2 个已删除）</translation>
    </message>
    <message>
        <source>Lost</source>
        <translation>丢失</translation>
    </message>
    <message>
        <source>Removed</source>
        <translation>已移除</translation>
    </message>
</context>
<context>
    <name>ReportWriter</name>
    <message>
        <source>cannot start the PDF writer</source>
        <translation>无法启动 PDF 写入器</translation>
    </message>
    <message>
        <source>the PDF could not be written</source>
        <translation>无法写入 PDF</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
</context>
<context>
    <name>SourceHost</name>
    <message>
        <source>Demo</source>
        <translation>演示</translation>
    </message>
    <message>
        <source>Local runs</source>
        <translation>本地运行</translation>
    </message>
    <message>
        <source>Demo server: %1</source>
        <translation>演示服务器：%1</translation>
    </message>
    <message>
        <source>Demo jobs: %1</source>
        <translation>演示 Job：%1</translation>
    </message>
    <message>
        <source>Unknown source &quot;%1&quot;</source>
        <translation>未知来源“%1”</translation>
    </message>
</context>
<context>
    <name>StatePalette</name>
    <message>
        <source>Not started</source>
        <translation>未开始</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>Failed, will retry</source>
        <translation>失败，将重试</translation>
    </message>
    <message>
        <source>Failed index</source>
        <translation>失败索引</translation>
    </message>
    <message>
        <source>Out of range</source>
        <translation>超出范围</translation>
    </message>
</context>
<context>
    <name>tessera::store::ClusterSource</name>
    <message>
        <source>%1: not a job of this source</source>
        <translation>%1：不是此来源的 Job</translation>
    </message>
    <message>
        <source>(no pod of this job is known)
</source>
        <translation>(此 Job 没有已知的 Pod)
</translation>
    </message>
    <message>
        <source>pods of %1: %2</source>
        <translation>%1 的 Pod：%2</translation>
    </message>
    <message>
        <source>The broken history was kept as %1</source>
        <translation>损坏的历史记录已保留为 %1</translation>
    </message>
    <message>
        <source>CronJobs are not listed (their runs are still grouped): %1</source>
        <translation>未列出 CronJob（其运行仍会分组）：%1</translation>
    </message>
</context>
<context>
    <name>tessera::store::JobStore</name>
    <message>
        <source>%1: reports are not available for this source</source>
        <translation>%1：此来源不提供报告</translation>
    </message>
    <message>
        <source>%1: re-runs are not available for this source</source>
        <translation>%1：此来源不支持重新运行</translation>
    </message>
    <message>
        <source>%1: only an interrupted local run can be resumed</source>
        <translation>%1：只有已中断的本地运行可以继续</translation>
    </message>
    <message>
        <source>%1: saving logs is not available for this source</source>
        <translation>%1：此来源无法保存日志</translation>
    </message>
    <message>
        <source>%1: pod %2 cannot be deleted: this source has no pods</source>
        <translation>%1：无法删除 Pod %2：此来源没有 Pod</translation>
    </message>
</context>
<context>
    <name>tessera::store::LocalSource</name>
    <message>
        <source>%1: no such local run</source>
        <translation>%1：没有这个本地运行</translation>
    </message>
    <message>
        <source>(no index has written to its log yet)
</source>
        <translation>(还没有索引写入日志)
</translation>
    </message>
    <message>
        <source>(no such run)
</source>
        <translation>(没有这个运行)
</translation>
    </message>
    <message>
        <source>%1: its runner is already running</source>
        <translation>%1：其运行器已在运行</translation>
    </message>
    <message>
        <source>the runner of %1 ended before it started: %2</source>
        <translation>%1 的运行器在开始前就已结束：%2</translation>
    </message>
    <message>
        <source>(no message)</source>
        <translation>（无消息）</translation>
    </message>
    <message>
        <source>the runner of %1 did not start within %2 s (see %3)</source>
        <translation>%1 的运行器未在 %2 秒内启动（见 %3）</translation>
    </message>
    <message>
        <source>%1 is interrupted (its runner is gone): resume it first</source>
        <translation>%1 已中断（其运行器已不存在）：请先继续运行</translation>
    </message>
    <message>
        <source>%1 has finished (%2)</source>
        <translation>%1 已结束（%2）</translation>
    </message>
    <message>
        <source>Unreadable: %1</source>
        <translation>无法读取：%1</translation>
    </message>
</context>
<context>
    <name>tessera::ui::ChartsWidget</name>
    <message>
        <source>Succeeded over time</source>
        <translation>成功数随时间变化</translation>
    </message>
    <message>
        <source>Active vs parallelism</source>
        <translation>活动数与并行度</translation>
    </message>
    <message>
        <source>Failures over time</source>
        <translation>失败数随时间变化</translation>
    </message>
    <message>
        <source>Duration of succeeded indexes</source>
        <translation>成功索引的时长</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>活动</translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation>并行度</translation>
    </message>
    <message>
        <source>Duration of succeeded indexes (none finished yet)</source>
        <translation>成功索引的时长（尚无完成）</translation>
    </message>
    <message>
        <source>Duration of succeeded indexes (%1)</source>
        <translation>成功索引的时长（%1）</translation>
    </message>
    <message>
        <source>Indexes</source>
        <translation>索引数</translation>
    </message>
    <message>
        <source>Succeeded over time (%1 more without recorded times)</source>
        <translation>随时间成功的数量（另有 %1 个没有记录时间）</translation>
    </message>
    <message>
        <source>Duration of succeeded indexes (no recorded times for %1)</source>
        <translation>成功索引的时长（%1 个没有记录时间）</translation>
    </message>
    <message>
        <source>Failed attempts recorded</source>
        <translation>已记录的失败尝试</translation>
    </message>
    <message>
        <source>Failed attempts recorded over time (%1, %2 of them deleted)</source>
        <translation>已记录的失败尝试随时间变化（%1 个，其中 %2 个已删除）</translation>
    </message>
    <message>
        <source>Failed attempts recorded over time (%1)</source>
        <translation>已记录的失败尝试随时间变化（%1 个）</translation>
    </message>
</context>
<context>
    <name>tessera::ui::CommandPalette</name>
    <message>
        <source>Jump to a job, a tab or an action…</source>
        <translation>跳转到 Job、标签页或操作…</translation>
    </message>
</context>
<context>
    <name>tessera::ui::CompareRunsDialog</name>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>未开始</translation>
    </message>
    <message>
        <source>Unfinished</source>
        <translation>未完成</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Only indexes whose outcome &amp;changed</source>
        <translation>仅显示结果有变化的索引(&amp;C)</translation>
    </message>
    <message>
        <source>Index</source>
        <translation>索引</translation>
    </message>
    <message>
        <source>Re-run index</source>
        <translation>重新运行中的索引</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>之前</translation>
    </message>
    <message>
        <source>After</source>
        <translation>之后</translation>
    </message>
    <message>
        <source>Duration before</source>
        <translation>之前耗时</translation>
    </message>
    <message>
        <source>Duration after</source>
        <translation>之后耗时</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>Compare %1 with another run</source>
        <translation>将 %1 与另一次运行比较</translation>
    </message>
    <message>
        <source>%1/%2 (%3)</source>
        <translation>%1/%2（%3）</translation>
    </message>
    <message>
        <source>Co&amp;mpare</source>
        <translation>比较(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Other run:</source>
        <translation>另一次运行(&amp;O)：</translation>
    </message>
    <message>
        <source>Pick the other run and press Compare.</source>
        <translation>选择另一次运行，然后点击“比较”。</translation>
    </message>
    <message>
        <source>There is no other job to compare with.</source>
        <translation>没有可供比较的其他 Job。</translation>
    </message>
    <message>
        <source>Loading both runs…</source>
        <translation>正在加载两次运行…</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message numerus="yes">
        <source>%1 → %2: %n index(es) changed outcome</source>
        <translation>
            <numerusform>%1 → %2：%n 个索引的结果有变化</numerusform>
        </translation>
    </message>
    <message>
        <source> (%1 fixed, %2 newly failed, %3 other).</source>
        <translation>（%1 个已修复，%2 个新失败，%3 个其他）。</translation>
    </message>
    <message>
        <source>Median duration change: %1.</source>
        <translation>耗时变化中位数：%1。</translation>
    </message>
</context>
<context>
    <name>tessera::ui::DBusNotifier</name>
    <message>
        <source>Desktop notification &quot;%1&quot; not shown: no D-Bus session bus (%2)</source>
        <translation>桌面通知“%1”未显示：没有 D-Bus 会话总线（%2）</translation>
    </message>
    <message>
        <source>Desktop notification &quot;%1&quot; not shown: %2 (%3)</source>
        <translation>桌面通知“%1”未显示：%2（%3）</translation>
    </message>
</context>
<context>
    <name>tessera::ui::FailurePatternsView</name>
    <message>
        <source>Failure patterns</source>
        <translation>失败模式</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Failures</source>
        <translation>失败次数</translation>
    </message>
    <message>
        <source>Exit code</source>
        <translation>退出码</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Zone</source>
        <translation>可用区</translation>
    </message>
    <message>
        <source>Indexes</source>
        <translation>索引</translation>
    </message>
    <message>
        <source>Show pods</source>
        <translation>显示 Pod</translation>
    </message>
    <message>
        <source>Select indexes</source>
        <translation>选中索引</translation>
    </message>
    <message>
        <source>Re-run these indexes…</source>
        <translation>重新运行这些索引…</translation>
    </message>
    <message>
        <source>exit %1</source>
        <translation>退出码 %1</translation>
    </message>
    <message>
        <source>no exit code</source>
        <translation>无退出码</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1，位于 %2</translation>
    </message>
    <message>
        <source>%1 on %2 (%3)</source>
        <translation>%1，位于 %2（%3）</translation>
    </message>
    <message>
        <source>%1 of failures: %2</source>
        <translation>%1 的失败：%2</translation>
    </message>
    <message>
        <source>No failed attempts.</source>
        <translation>没有失败的尝试。</translation>
    </message>
    <message>
        <source>Failure patterns (%1 failed attempts)</source>
        <translation>失败模式（%1 次失败尝试）</translation>
    </message>
    <message>
        <source>Failure pattern: %1</source>
        <translation>失败模式：%1</translation>
    </message>
</context>
<context>
    <name>tessera::ui::FailuresPanel</name>
    <message>
        <source>Index</source>
        <translation>索引</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>尝试次数</translation>
    </message>
    <message>
        <source>Last exit code</source>
        <translation>最后退出码</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation>最后出现</translation>
    </message>
    <message>
        <source>Failing indexes</source>
        <translation>失败的索引</translation>
    </message>
    <message>
        <source>Events of the job</source>
        <translation>作业的事件</translation>
    </message>
    <message>
        <source>(not recorded)</source>
        <translation>（未记录）</translation>
    </message>
    <message>
        <source>No attempt of this index was recorded; the job&apos;s status counts it as failed.</source>
        <translation>未记录此索引的任何尝试；作业状态将其计为失败。</translation>
    </message>
    <message>
        <source>(no failed attempt recorded)</source>
        <translation>（未记录失败的尝试）</translation>
    </message>
    <message>
        <source>Failing indexes (%1)</source>
        <translation>失败的索引（%1）</translation>
    </message>
</context>
<context>
    <name>tessera::ui::Format</name>
    <message>
        <source>%1s</source>
        <translation>%1秒</translation>
    </message>
    <message>
        <source>%1m %2s</source>
        <translation>%1分%2秒</translation>
    </message>
    <message>
        <source>%1h %2m</source>
        <translation>%1小时%2分</translation>
    </message>
    <message>
        <source>%1d %2h</source>
        <translation>%1天%2小时</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Deleted</source>
        <translation>已删除</translation>
    </message>
    <message>
        <source>Removed by its Job (scale-down; not a failure)</source>
        <translation>被其 Job 移除（缩容；不算失败）</translation>
    </message>
    <message>
        <source>Lost (its end was not seen)</source>
        <translation>丢失（未观察到其结束）</translation>
    </message>
    <message>
        <source>%1h</source>
        <translation>%1小时</translation>
    </message>
    <message>
        <source>%1h %2m %3s</source>
        <translation>%1小时%2分%3秒</translation>
    </message>
    <message>
        <source>%1m</source>
        <translation>%1分</translation>
    </message>
</context>
<context>
    <name>tessera::ui::GridLegendWidget</name>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>1 pixel = %1 indexes (worst state shown)</source>
        <translation>1 像素 = %1 个索引（显示最差的状态）</translation>
    </message>
    <message>
        <source>Fit (Ctrl+wheel to zoom)</source>
        <translation>适应窗口（Ctrl+滚轮缩放）</translation>
    </message>
    <message>
        <source>%1 px cells (Ctrl+0 to fit)</source>
        <translation>%1 像素单元格（Ctrl+0 适应窗口）</translation>
    </message>
    <message>
        <source>Follow &amp;running</source>
        <translation>跟随运行中的索引(&amp;R)</translation>
    </message>
    <message>
        <source>Keep the lowest running index in view while the job advances (when zoomed in); scrolling by hand turns this off</source>
        <translation>作业推进时让最小的运行中索引保持可见（放大时）；手动滚动会关闭此功能</translation>
    </message>
    <message>
        <source>Indexes:</source>
        <translation>索引：</translation>
    </message>
    <message>
        <source>Indexes per state, as the grid shows them (each index counted once, by its newest attempt and the Job&apos;s index lists)</source>
        <translation>各状态的索引数，与网格所示一致（每个索引按其最新尝试和 Job 的索引列表计一次）</translation>
    </message>
</context>
<context>
    <name>tessera::ui::HistoryProblemBar</name>
    <message>
        <source>Reset history</source>
        <translation>重置历史记录</translation>
    </message>
    <message>
        <source>Keep the broken file aside (renamed) and start a new history</source>
        <translation>将损坏的文件另存（重命名）并开始新的历史记录</translation>
    </message>
    <message>
        <source>History disabled: attempts of deleted pods are not kept</source>
        <translation>历史记录已停用：不保留已删除 Pod 的尝试</translation>
    </message>
</context>
<context>
    <name>tessera::ui::IndexGridWidget</name>
    <message>
        <source>Index scoreboard</source>
        <translation>索引状态网格</translation>
    </message>
    <message>
        <source>Hostname: %1</source>
        <translation>主机名：%1</translation>
    </message>
    <message>
        <source>This pixel shows indexes %1-%2 (the state that needs attention first)</source>
        <translation>此像素代表索引 %1-%2（显示最需要关注的状态）</translation>
    </message>
    <message>
        <source>No indexes to show</source>
        <translation>没有可显示的索引</translation>
    </message>
</context>
<context>
    <name>tessera::ui::JobEndWatcher</name>
    <message>
        <source>%1 failed</source>
        <translation>%1 失败</translation>
    </message>
    <message>
        <source>%1 completed</source>
        <translation>%1 已完成</translation>
    </message>
    <message>
        <source>%1 of %2 indexes succeeded, %3 failed pods</source>
        <translation>%2 个索引中 %1 个成功，%3 个 Pod 失败</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Took %1</source>
        <translation>耗时 %1</translation>
    </message>
</context>
<context>
    <name>tessera::ui::JobListMenu</name>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Open in a new window</source>
        <translation>在新窗口中打开</translation>
    </message>
    <message>
        <source>Logs</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>YAML</source>
        <translation>YAML</translation>
    </message>
    <message>
        <source>Copy names</source>
        <translation>复制名称</translation>
    </message>
    <message>
        <source>Copy name</source>
        <translation>复制名称</translation>
    </message>
    <message numerus="yes">
        <source>Suspend %n jobs</source>
        <translation>
            <numerusform>挂起 %n 个作业</numerusform>
        </translation>
    </message>
    <message>
        <source>Suspend</source>
        <translation>挂起</translation>
    </message>
    <message numerus="yes">
        <source>Resume %n jobs</source>
        <translation>
            <numerusform>恢复 %n 个作业</numerusform>
        </translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Set parallelism…</source>
        <translation>设置并行度…</translation>
    </message>
    <message>
        <source>Re-run failed indexes…</source>
        <translation>重新运行失败的索引…</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n jobs…</source>
        <translation>
            <numerusform>删除 %n 个作业…</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>删除…</translation>
    </message>
</context>
<context>
    <name>tessera::ui::JobListModel</name>
    <message>
        <source>Pending</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>Suspended</source>
        <translation>已挂起</translation>
    </message>
    <message>
        <source>Indexed</source>
        <translation>Indexed</translation>
    </message>
    <message>
        <source>NonIndexed</source>
        <translation>NonIndexed</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>%1/%2: %3</source>
        <translation>%1/%2：%3</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>命名空间</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Completions</source>
        <translation>完成数</translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation>并行度</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>活动</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>存在时间</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>Complete</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <source>Active pods (the Job&apos;s status.active)</source>
        <translation>活动 Pod（Job 的 status.active）</translation>
    </message>
    <message>
        <source>Succeeded pods (the Job&apos;s status.succeeded)</source>
        <translation>成功的 Pod（Job 的 status.succeeded）</translation>
    </message>
    <message>
        <source>Failed pods (the Job&apos;s status.failed: deleted pods that had not finished count too)</source>
        <translation>失败的 Pod（Job 的 status.failed：未完成即被删除的 Pod 也计入）</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n run(s)</source>
        <comment>a CronJob and how many of its Jobs are listed</comment>
        <translation>
            <numerusform>%1 · %n 次运行</numerusform>
        </translation>
    </message>
    <message>
        <source>Scheduled %1 ago</source>
        <comment>a CronJob&apos;s last run started this long ago</comment>
        <translation>%1 前已调度</translation>
    </message>
    <message>
        <source>Not scheduled yet</source>
        <translation>尚未调度</translation>
    </message>
    <message>
        <source>CronJob %1/%2</source>
        <translation>CronJob %1/%2</translation>
    </message>
    <message>
        <source>Schedule: %1</source>
        <translation>调度计划：%1</translation>
    </message>
    <message>
        <source>Schedule: %1 (%2)</source>
        <translation>调度计划：%1（%2）</translation>
    </message>
    <message>
        <source>Suspended: no new runs are started</source>
        <translation>已挂起：不会启动新的运行</translation>
    </message>
    <message>
        <source>Last scheduled %1 ago</source>
        <translation>上次调度于 %1 前</translation>
    </message>
    <message>
        <source>Last successful run %1 ago</source>
        <translation>上次成功运行于 %1 前</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) active</source>
        <comment>a CronJob&apos;s running Jobs</comment>
        <translation>
            <numerusform>%n 个运行处于活动状态</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tessera::ui::JobView</name>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Pods</source>
        <translation>Pod 数</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Zone</source>
        <translation>可用区</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>尝试</translation>
    </message>
    <message>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>End</source>
        <translation>结束</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Exit code</source>
        <translation>退出码</translation>
    </message>
    <message>
        <source>&amp;Scoreboard</source>
        <translation>状态网格(&amp;S)</translation>
    </message>
    <message>
        <source>F&amp;ailures &amp;&amp; events</source>
        <translation>失败和事件(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Timeline</source>
        <translation>时间线(&amp;T)</translation>
    </message>
    <message>
        <source>Loading the job…</source>
        <translation>正在加载 Job…</translation>
    </message>
    <message>
        <source>This job no longer exists.</source>
        <translation>此 Job 已不存在。</translation>
    </message>
    <message>
        <source>The job was deleted.</source>
        <translation>该 Job 已被删除。</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>Parallelism, applied to the running job as you change it</source>
        <translation>并行度，修改后立即应用到正在运行的 Job</translation>
    </message>
    <message>
        <source>&amp;Parallelism:</source>
        <translation>并行度(&amp;P)：</translation>
    </message>
    <message>
        <source>Suspend</source>
        <translation>挂起</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>删除…</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Click an index to see its attempts and log.</source>
        <translation>点击一个索引以查看其尝试和日志。</translation>
    </message>
    <message>
        <source>Active pods by node</source>
        <translation>按节点统计的活动 Pod</translation>
    </message>
    <message>
        <source>Active pods by zone (topology.kubernetes.io/zone)</source>
        <translation>按可用区统计的活动 Pod（topology.kubernetes.io/zone）</translation>
    </message>
    <message>
        <source>This job has no indexes.</source>
        <translation>此 Job 没有索引。</translation>
    </message>
    <message>
        <source>A NonIndexed job has no per-index scoreboard; see its pods and events.</source>
        <translation>NonIndexed Job 没有逐索引的状态网格；请查看其 Pod 和事件。</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <source>Namespace: %1</source>
        <translation>命名空间：%1</translation>
    </message>
    <message>
        <source>%1, completions: %2</source>
        <translation>%1，完成数：%2</translation>
    </message>
    <message>
        <source>Indexed</source>
        <translation>Indexed</translation>
    </message>
    <message>
        <source>NonIndexed</source>
        <translation>NonIndexed</translation>
    </message>
    <message>
        <source>started %1</source>
        <translation>开始于 %1</translation>
    </message>
    <message>
        <source>duration %1</source>
        <translation>时长 %1</translation>
    </message>
    <message>
        <source>Conditions: none</source>
        <translation>状况：无</translation>
    </message>
    <message>
        <source>Conditions: %1</source>
        <translation>状况：%1</translation>
    </message>
    <message>
        <source>ETA: unknown (no recent completions)</source>
        <translation>预计剩余时间：未知（近期没有完成）</translation>
    </message>
    <message>
        <source>ETA %1 (%2/min)</source>
        <translation>预计剩余 %1（%2/分钟）</translation>
    </message>
    <message>
        <source>Completed indexes (%1)</source>
        <translation>已完成索引（%1）</translation>
    </message>
    <message>
        <source>Failed indexes (%1)</source>
        <translation>失败索引（%1）</translation>
    </message>
    <message>
        <source>(not scheduled)</source>
        <translation>（未调度）</translation>
    </message>
    <message>
        <source>(no zone label)</source>
        <translation>（无可用区标签）</translation>
    </message>
    <message>
        <source>Setting parallelism to %1…</source>
        <translation>正在将并行度设为 %1…</translation>
    </message>
    <message>
        <source>Suspending…</source>
        <translation>正在挂起…</translation>
    </message>
    <message>
        <source>Resuming…</source>
        <translation>正在恢复…</translation>
    </message>
    <message>
        <source>Delete job</source>
        <translation>删除 Job</translation>
    </message>
    <message>
        <source>Delete the job %1 in namespace %2 and its pods?</source>
        <translation>删除命名空间 %2 中的 Job %1 及其 Pod？</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Deleting…</source>
        <translation>正在删除…</translation>
    </message>
    <message>
        <source>Sprea&amp;d</source>
        <translation>分布(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Charts</source>
        <translation>图表(&amp;C)</translation>
    </message>
    <message>
        <source>Its runner is gone (killed, or the machine restarted): continue the run in a new runner. Finished items do not run again.</source>
        <translation>其运行器已不存在（被终止或机器已重启）：在新的运行器中继续此运行。已完成的项目不会再次运行。</translation>
    </message>
    <message>
        <source>The job&apos;s status.failedIndexes is not set (no backoffLimitPerIndex); these indexes failed with the job.</source>
        <translation>作业的 status.failedIndexes 未设置（没有 backoffLimitPerIndex）；这些索引随作业一起失败。</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>未记录</translation>
    </message>
    <message>
        <source>Recorded in the history; the pod is gone</source>
        <translation>已记录在历史中；Pod 已不存在</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; &amp;mdash; %2 &amp;mdash; hostname %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; &amp;mdash; %2 &amp;mdash; 主机名 %3</translation>
    </message>
    <message>
        <source>Pods (Job status): %1 active / %2 succeeded / %3 failed</source>
        <translation>Pod（Job 状态）：%1 活动 / %2 成功 / %3 失败</translation>
    </message>
    <message>
        <source> · %1 failed seen</source>
        <translation> · 已见 %1 个失败</translation>
    </message>
    <message>
        <source>Stra&amp;gglers</source>
        <translation>掉队者(&amp;G)</translation>
    </message>
    <message>
        <source>ETA %1–%2 (%3/min)</source>
        <translation>预计剩余 %1–%2（%3/分钟）</translation>
    </message>
    <message>
        <source>ETA %1–%2 (%3/min, stragglers: %4)</source>
        <translation>预计剩余 %1–%2（%3/分钟，掉队者：%4）</translation>
    </message>
    <message>
        <source>Pods</source>
        <comment>tab</comment>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Open log</source>
        <translation>打开日志</translation>
    </message>
    <message>
        <source>Describe pod</source>
        <translation>描述 Pod</translation>
    </message>
    <message>
        <source>YAML of the pod</source>
        <translation>Pod 的 YAML</translation>
    </message>
    <message>
        <source>Copy pod names</source>
        <translation>复制 Pod 名称</translation>
    </message>
    <message>
        <source>Copy pod name</source>
        <translation>复制 Pod 名称</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n pods…</source>
        <translation>
            <numerusform>删除 %n 个 Pod…</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete pod…</source>
        <translation>删除 Pod…</translation>
    </message>
    <message>
        <source>These pods are gone (known from the history only).</source>
        <translation>这些 Pod 已不存在（仅在历史记录中可见）。</translation>
    </message>
    <message>
        <source>Copy index string</source>
        <translation>复制索引字符串</translation>
    </message>
    <message>
        <source>Re-run these indexes…</source>
        <translation>重新运行这些索引…</translation>
    </message>
    <message>
        <source>Index %1</source>
        <translation>索引 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n indexes</source>
        <translation>
            <numerusform>%n 个索引</numerusform>
        </translation>
    </message>
    <message>
        <source>Show pods</source>
        <translation>显示 Pod</translation>
    </message>
    <message>
        <source>Resume job</source>
        <translation>恢复作业</translation>
    </message>
    <message>
        <source>Suspend job</source>
        <translation>挂起作业</translation>
    </message>
    <message>
        <source>Set parallelism…</source>
        <translation>设置并行度…</translation>
    </message>
    <message>
        <source>Select on the grid</source>
        <translation>在网格中选中</translation>
    </message>
    <message>
        <source>Double-click a row to see its pods.</source>
        <translation>双击一行以查看其 Pod。</translation>
    </message>
</context>
<context>
    <name>tessera::ui::KubeconfigBar</name>
    <message>
        <source>Reload &amp;kubeconfig</source>
        <translation>重新加载 kubeconfig(&amp;K)</translation>
    </message>
    <message>
        <source>Read the kubeconfig files again (KUBECONFIG, else ~/.kube/config)</source>
        <translation>重新读取 kubeconfig 文件（KUBECONFIG，否则 ~/.kube/config）</translation>
    </message>
    <message>
        <source>Kubeconfig: %1</source>
        <translation>Kubeconfig：%1</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
</context>
<context>
    <name>tessera::ui::LogSearchBar</name>
    <message>
        <source>Find in log (F3 next, Shift+F3 previous)</source>
        <translation>在日志中查找（F3 下一个，Shift+F3 上一个）</translation>
    </message>
    <message>
        <source>Previous match (Shift+F3)</source>
        <translation>上一个匹配（Shift+F3）</translation>
    </message>
    <message>
        <source>Next match (F3)</source>
        <translation>下一个匹配（F3）</translation>
    </message>
    <message>
        <source>Close the search (Escape)</source>
        <translation>关闭查找（Esc）</translation>
    </message>
    <message>
        <source>no match</source>
        <translation>无匹配</translation>
    </message>
    <message>
        <source>over %1 matches</source>
        <translation>超过 %1 个匹配</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>第 %1 个，共 %2 个</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n 个匹配</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tessera::ui::LogViewWidget</name>
    <message>
        <source>Index </source>
        <translation>索引 </translation>
    </message>
    <message>
        <source>Filter lines</source>
        <translation>筛选行</translation>
    </message>
    <message>
        <source>Click an index in the scoreboard (or pick one above) to see its log.</source>
        <translation>在状态网格中点击一个索引（或在上方选择一个）以查看其日志。</translation>
    </message>
    <message>
        <source>&amp;Load</source>
        <translation>加载(&amp;L)</translation>
    </message>
    <message>
        <source>Newest attempt</source>
        <translation>最新尝试</translation>
    </message>
    <message>
        <source>Attempt %1</source>
        <translation>第 %1 次尝试</translation>
    </message>
    <message>
        <source>Loading the log of index %1…</source>
        <translation>正在加载索引 %1 的日志…</translation>
    </message>
    <message>
        <source>Index %1: end of log (%2 lines)</source>
        <translation>索引 %1：日志结束（%2 行）</translation>
    </message>
    <message>
        <source>Index %1: %2 lines, following</source>
        <translation>索引 %1：%2 行，持续跟随中</translation>
    </message>
    <message>
        <source>Loading the logs of every index…</source>
        <translation>正在加载所有索引的日志…</translation>
    </message>
    <message>
        <source>All indexes: %1 lines, refreshed every 3 s</source>
        <translation>所有索引：%1 行，每 3 秒刷新</translation>
    </message>
    <message>
        <source>All indexes: %1 lines</source>
        <translation>所有索引：%1 行</translation>
    </message>
    <message>
        <source>All i&amp;ndexes</source>
        <translation>所有索引(&amp;N)</translation>
    </message>
    <message>
        <source>F&amp;ollow</source>
        <translation>跟随(&amp;O)</translation>
    </message>
    <message>
        <source>The index whose log is shown (Ctrl+L)</source>
        <translation>显示其日志的索引（Ctrl+L）</translation>
    </message>
    <message>
        <source>Every index&apos;s log merged, each line prefixed with its index</source>
        <translation>合并所有索引的日志，每行前加上其索引</translation>
    </message>
    <message>
        <source>Wrap</source>
        <translation>换行</translation>
    </message>
    <message>
        <source>Times</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Show the whole log</source>
        <translation>显示完整日志</translation>
    </message>
    <message>
        <source>Which attempt of the index: the newest, or an earlier one</source>
        <translation>索引的哪次尝试：最新的或更早的</translation>
    </message>
    <message>
        <source>Wrap long lines</source>
        <translation>长行自动换行</translation>
    </message>
    <message>
        <source>Each line&apos;s time, as the cluster recorded it (local runs record none)</source>
        <translation>每行的时间，由集群记录（本地运行不记录）</translation>
    </message>
    <message>
        <source>Ctrl+F finds text in the log</source>
        <translation>Ctrl+F 在日志中查找文本</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <source>Save the whole log of this attempt to a file</source>
        <translation>将此次尝试的完整日志保存到文件</translation>
    </message>
    <message>
        <source>Pick one index to save its log.</source>
        <translation>请选择一个索引以保存其日志。</translation>
    </message>
    <message>
        <source>Save log</source>
        <translation>保存日志</translation>
    </message>
    <message>
        <source>Logs (*.log *.txt);;All files (*)</source>
        <translation>日志 (*.log *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Saving the log of index %1 to %2…</source>
        <translation>正在将索引 %1 的日志保存到 %2…</translation>
    </message>
    <message>
        <source>Saved %1 (%2)</source>
        <translation>已保存 %1（%2）</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <source>The start of this log is not shown: %1 before these lines were left out.</source>
        <translation>未显示此日志的开头：这些行之前的 %1 被省略。</translation>
    </message>
    <message>
        <source>Only the last lines of this log are shown; earlier ones may exist.</source>
        <translation>仅显示此日志的最后几行；可能还有更早的行。</translation>
    </message>
    <message>
        <source>Index %1: %2 lines, showing…</source>
        <translation>索引 %1：%2 行，正在显示…</translation>
    </message>
    <message>
        <source>Index %1: end of log (the last %2 lines)</source>
        <translation>索引 %1：日志结束（最后 %2 行）</translation>
    </message>
    <message>
        <source>The start of this log is not shown: only its last %1 lines are.</source>
        <translation>未显示此日志的开头：仅显示最后 %1 行。</translation>
    </message>
</context>
<context>
    <name>tessera::ui::MainWindow</name>
    <message>
        <source>Tessera</source>
        <translation>Tessera</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Where the jobs come from: a kubeconfig context, local runs, or the built-in demo</source>
        <translation>Job 的来源：kubeconfig 上下文、本地运行或内置演示</translation>
    </message>
    <message>
        <source> Source: </source>
        <translation> 来源： </translation>
    </message>
    <message>
        <source>Filter jobs (Ctrl+F)</source>
        <translation>筛选 Job（Ctrl+F）</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New window</source>
        <translation>新建窗口(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Filter jobs</source>
        <translation>筛选 Job(&amp;F)</translation>
    </message>
    <message>
        <source>Index &amp;logs</source>
        <translation>索引日志(&amp;L)</translation>
    </message>
    <message>
        <source>Ctrl+L</source>
        <translation>Ctrl+L</translation>
    </message>
    <message>
        <source>&amp;Job</source>
        <translation>Job(&amp;J)</translation>
    </message>
    <message>
        <source>Open in new &amp;window</source>
        <translation>在新窗口中打开(&amp;W)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <source>Clear recorded &amp;history of this source</source>
        <translation>清除此来源的历史记录(&amp;H)</translation>
    </message>
    <message>
        <source>Select a job to see its scoreboard.

Double-click or press Enter to open it; Ctrl+Shift+O opens it in a window of its own.</source>
        <translation>选择一个 Job 以查看其状态网格。

双击或按 Enter 打开；按 Ctrl+Shift+O 在单独的窗口中打开。</translation>
    </message>
    <message>
        <source>Local runs</source>
        <translation>本地运行</translation>
    </message>
    <message>
        <source>Demo</source>
        <translation>演示</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Tessera — %1</source>
        <translation>Tessera — %1</translation>
    </message>
    <message>
        <source>Listing jobs of %1…</source>
        <translation>正在列出 %1 的 Job…</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <source>Retrying in %1 s: %2</source>
        <translation>%1 秒后重试：%2</translation>
    </message>
    <message>
        <source>Unauthorized: %1</source>
        <translation>未授权：%1</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>Pick a source.</source>
        <translation>请选择一个来源。</translation>
    </message>
    <message>
        <source>Loading jobs…</source>
        <translation>正在加载 Job…</translation>
    </message>
    <message>
        <source>No jobs here yet. Drop a work list on this window to launch one, or start one with tessera run, tessera launch or kubectl.</source>
        <translation>这里还没有 Job。将工作列表拖放到此窗口即可启动一个，或使用 tessera run、tessera launch 或 kubectl 启动。</translation>
    </message>
    <message>
        <source>No job matches &quot;%1&quot;.</source>
        <translation>没有与“%1”匹配的 Job。</translation>
    </message>
    <message>
        <source>%1 — Tessera</source>
        <translation>%1 — Tessera</translation>
    </message>
    <message>
        <source>Refreshing…</source>
        <translation>正在刷新…</translation>
    </message>
    <message>
        <source>&amp;Launch from file…</source>
        <translation>从文件启动(&amp;L)…</translation>
    </message>
    <message>
        <source>Launch work lists or Job manifests</source>
        <translation>启动工作列表或 Job 清单</translation>
    </message>
    <message>
        <source>Work lists and manifests (*.txt *.list *.csv *.yaml *.yml *.json);;All files (*)</source>
        <translation>工作列表和清单 (*.txt *.list *.csv *.yaml *.yml *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>&amp;Export report…</source>
        <translation>导出报告(&amp;E)…</translation>
    </message>
    <message>
        <source>Select a job to export its report.</source>
        <translation>请选择一个 Job 以导出其报告。</translation>
    </message>
    <message>
        <source>Export completion report</source>
        <translation>导出完成报告</translation>
    </message>
    <message>
        <source>HTML (*.html);;PDF (*.pdf);;CSV (*.csv);;JSON (*.json)</source>
        <translation>HTML (*.html);;PDF (*.pdf);;CSV (*.csv);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>系统默认</translation>
    </message>
    <message>
        <source>The language changes when Tessera starts again.</source>
        <translation>语言将在 Tessera 下次启动时更改。</translation>
    </message>
    <message>
        <source>Launched %1</source>
        <translation>已启动 %1</translation>
    </message>
    <message>
        <source>Local runs are not available: %1</source>
        <translation>本地运行不可用：%1</translation>
    </message>
    <message>
        <source>Starting the local run…</source>
        <translation>正在启动本地运行…</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>报告已写入 %1</translation>
    </message>
    <message>
        <source>Exporting the report of %1…</source>
        <translation>正在导出 %1 的报告…</translation>
    </message>
    <message>
        <source>&amp;Re-run failed indexes…</source>
        <translation>重新运行失败的索引(&amp;R)…</translation>
    </message>
    <message>
        <source>Re-run indexes that did &amp;not succeed…</source>
        <translation>重新运行未成功的索引(&amp;N)…</translation>
    </message>
    <message>
        <source>Select a finished job to re-run its indexes.</source>
        <translation>请选择一个已结束的 Job 以重新运行其索引。</translation>
    </message>
    <message>
        <source>Nothing to re-run: no index qualifies.</source>
        <translation>无需重新运行：没有符合条件的索引。</translation>
    </message>
    <message>
        <source>Loading the items of %1…</source>
        <translation>正在加载 %1 的条目…</translation>
    </message>
    <message>
        <source>Connected</source>
        <translation>已连接</translation>
    </message>
    <message>
        <source>Lan&amp;guage</source>
        <translation>语言(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Command palette…</source>
        <translation>命令面板(&amp;C)…</translation>
    </message>
    <message>
        <source>Ctrl+K</source>
        <translation>Ctrl+K</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>Ctrl+/</source>
        <translation>Ctrl+/</translation>
    </message>
    <message>
        <source>&amp;About Tessera</source>
        <translation>关于 Tessera(&amp;A)</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <source>Tab</source>
        <translation>标签页</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>About Tessera</source>
        <translation>关于 Tessera</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Tessera %1&lt;/h3&gt;&lt;p&gt;Watch, run and report Kubernetes Indexed Jobs, index by index: a scoreboard of every completion index, its attempts and logs, charts, a timeline and completion reports; work lists run locally or on a cluster.&lt;/p&gt;&lt;p&gt;Press Ctrl+K for the command palette, Ctrl+/ for the keyboard shortcuts. &lt;code&gt;tessera --help&lt;/code&gt; lists the commands that need no window.&lt;/p&gt;&lt;p&gt;Built with Qt %2.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Tessera %1&lt;/h3&gt;&lt;p&gt;逐个索引地观察、运行 Kubernetes Indexed Job 并生成报告：每个完成索引的状态网格、其尝试和日志、图表、时间线和完成报告；工作列表可在本地或集群上运行。&lt;/p&gt;&lt;p&gt;按 Ctrl+K 打开命令面板，按 Ctrl+/ 查看键盘快捷键。&lt;code&gt;tessera --help&lt;/code&gt; 列出无需窗口的命令。&lt;/p&gt;&lt;p&gt;基于 Qt %2 构建。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Res&amp;ume interrupted run</source>
        <translation>继续已中断的运行(&amp;U)</translation>
    </message>
    <message>
        <source>Select an interrupted local run to resume it.</source>
        <translation>请选择一个已中断的本地运行以继续。</translation>
    </message>
    <message>
        <source>Resuming %1…</source>
        <translation>正在继续 %1…</translation>
    </message>
    <message>
        <source>No&amp;tify when it ends</source>
        <translation>结束时通知(&amp;T)</translation>
    </message>
    <message>
        <source>A desktop notification when the selected job completes or fails (on for the jobs launched from this window)</source>
        <translation>所选作业完成或失败时发出桌面通知（从此窗口启动的作业默认开启）</translation>
    </message>
    <message>
        <source>&amp;Compare with another run…</source>
        <translation>与另一次运行比较(&amp;C)…</translation>
    </message>
    <message>
        <source>Select a job to compare first.</source>
        <translation>请先选择要比较的 Job。</translation>
    </message>
    <message>
        <source>&amp;YAML…</source>
        <translation>YAML(&amp;Y)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+Y</source>
        <translation>Ctrl+Shift+Y</translation>
    </message>
    <message>
        <source>YAML and pods are shown for cluster and Demo jobs; a local run has no API object.</source>
        <translation>YAML 和 Pod 仅适用于集群和演示作业；本地运行没有 API 对象。</translation>
    </message>
    <message>
        <source>Reading the kubeconfig…</source>
        <translation>正在读取 kubeconfig…</translation>
    </message>
</context>
<context>
    <name>tessera::ui::PodDescribeDialog</name>
    <message>
        <source>Running since %1</source>
        <translation>自 %1 起运行</translation>
    </message>
    <message>
        <source>Waiting: %1</source>
        <translation>等待中：%1</translation>
    </message>
    <message>
        <source>Terminated: exit code %1</source>
        <translation>已终止：退出码 %1</translation>
    </message>
    <message>
        <source>, at %1</source>
        <translation>，于 %1</translation>
    </message>
    <message>
        <source>Condition</source>
        <translation>条件</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Last change</source>
        <translation>最后变更</translation>
    </message>
    <message>
        <source>Container</source>
        <translation>容器</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>Restarts</source>
        <translation>重启次数</translation>
    </message>
    <message>
        <source>Last termination</source>
        <translation>上次终止</translation>
    </message>
    <message>
        <source>Pod %1</source>
        <translation>Pod %1</translation>
    </message>
    <message>
        <source>Conditions</source>
        <translation>条件</translation>
    </message>
    <message>
        <source>Containers</source>
        <translation>容器</translation>
    </message>
    <message>
        <source>Events of the pod</source>
        <translation>Pod 的事件</translation>
    </message>
    <message>
        <source>Events of the job</source>
        <translation>作业的事件</translation>
    </message>
    <message>
        <source>Events of the pod (%1)</source>
        <translation>Pod 的事件（%1）</translation>
    </message>
    <message>
        <source>Events of the pod: %1</source>
        <translation>Pod 的事件：%1</translation>
    </message>
    <message>
        <source>Pod %1 · %2 · node %3</source>
        <translation>Pod %1 · %2 · 节点 %3</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>尚无</translation>
    </message>
    <message>
        <source> · index %1</source>
        <translation> · 索引 %1</translation>
    </message>
    <message>
        <source> · started %1</source>
        <translation> · 开始于 %1</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Pod %1 no longer exists, and the History has no record of it.</source>
        <translation>Pod %1 已不存在，历史记录中也没有它。</translation>
    </message>
    <message>
        <source>Pod %1 no longer exists. The History recorded: index %2, attempt %3, %4</source>
        <translation>Pod %1 已不存在。历史记录：索引 %2，第 %3 次尝试，%4</translation>
    </message>
    <message>
        <source> on %1</source>
        <translation>，在 %1 上</translation>
    </message>
    <message>
        <source>, started %1</source>
        <translation>，开始于 %1</translation>
    </message>
    <message>
        <source>, ended %1</source>
        <translation>，结束于 %1</translation>
    </message>
    <message>
        <source>, exit code %1</source>
        <translation>，退出码 %1</translation>
    </message>
</context>
<context>
    <name>tessera::ui::PodsModel</name>
    <message>
        <source>Recorded in the history; the pod is gone</source>
        <translation>已记录在历史中；该 Pod 已不存在</translation>
    </message>
    <message>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Index</source>
        <translation>索引</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>尝试</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Zone</source>
        <translation>可用区</translation>
    </message>
    <message>
        <source>Exit code</source>
        <translation>退出码</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Restarts</source>
        <translation>重启次数</translation>
    </message>
</context>
<context>
    <name>tessera::ui::PodsPanel</name>
    <message>
        <source>Filter pods by name, node, zone, reason, phase…</source>
        <translation>按名称、节点、可用区、原因、阶段筛选 Pod…</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Zone</source>
        <translation>可用区</translation>
    </message>
    <message>
        <source>Exit code</source>
        <translation>退出码</translation>
    </message>
    <message>
        <source>Show all pods</source>
        <translation>显示全部 Pod</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Indexes %1</source>
        <translation>索引 %1</translation>
    </message>
    <message>
        <source>%1 of %2 pods</source>
        <translation>%1 / %2 个 Pod</translation>
    </message>
</context>
<context>
    <name>tessera::ui::ReportExporter</name>
    <message>
        <source>%1: unknown report format; name the file .html, .pdf, .csv or .json</source>
        <translation>%1：未知的报告格式；请将文件命名为 .html、.pdf、.csv 或 .json</translation>
    </message>
    <message>
        <source>%1: no source is open</source>
        <translation>%1：没有打开的来源</translation>
    </message>
    <message>
        <source>Loading every attempt of the job…</source>
        <translation>正在加载该 Job 的所有尝试…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>%1: cancelled</source>
        <translation>%1：已取消</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>正在写入 %1…</translation>
    </message>
</context>
<context>
    <name>tessera::ui::RunningRunsPrompt</name>
    <message>
        <source>Local runs keep running</source>
        <translation>本地运行将继续</translation>
    </message>
    <message>
        <source>Still running: %1.</source>
        <translation>仍在运行：%1。</translation>
    </message>
    <message>
        <source>They continue after this window closes, each in its own process. Open &quot;Local runs&quot; again to watch them; a run stopped by a restart shows as Interrupted and can be resumed.</source>
        <translation>关闭此窗口后它们会继续运行，各自在独立的进程中。再次打开“本地运行”即可查看；因重启而停止的运行显示为“已中断”，可以继续。</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>tessera::ui::ScopeBar</name>
    <message>
        <source>All namespaces</source>
        <translation>所有命名空间</translation>
    </message>
    <message>
        <source>Namespaces, separated by commas (empty: all namespaces); press Enter to apply</source>
        <translation>命名空间，以逗号分隔（留空：所有命名空间）；按 Enter 应用</translation>
    </message>
    <message>
        <source>Label selector</source>
        <translation>标签选择器</translation>
    </message>
    <message>
        <source>Only jobs with these labels, as kubectl -l takes them (app=etl,tier!=test); press Enter to apply</source>
        <translation>仅显示带有这些标签的 Job，写法同 kubectl -l（app=etl,tier!=test）；按 Enter 应用</translation>
    </message>
    <message>
        <source>  Namespaces: </source>
        <translation>  命名空间： </translation>
    </message>
</context>
<context>
    <name>tessera::ui::ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>What they do</source>
        <translation>作用</translation>
    </message>
    <message>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <source>Tab, Shift+Tab</source>
        <translation>Tab、Shift+Tab</translation>
    </message>
    <message>
        <source>Move between the job list, the scoreboard, the tabs and the log</source>
        <translation>在 Job 列表、状态网格、标签页和日志之间移动</translation>
    </message>
    <message>
        <source>Alt+underlined letter</source>
        <translation>Alt+带下划线的字母</translation>
    </message>
    <message>
        <source>Open a menu or tab, or go to a field</source>
        <translation>打开菜单或标签页，或转到某个字段</translation>
    </message>
    <message>
        <source>Arrows, Page Up/Down, Home, End</source>
        <translation>方向键、Page Up/Down、Home、End</translation>
    </message>
    <message>
        <source>Scoreboard: move the current index</source>
        <translation>状态网格：移动当前索引</translation>
    </message>
    <message>
        <source>Shift+arrows, Ctrl+A</source>
        <translation>Shift+方向键、Ctrl+A</translation>
    </message>
    <message>
        <source>Scoreboard: select indexes</source>
        <translation>状态网格：选择索引</translation>
    </message>
    <message>
        <source>Ctrl+C</source>
        <translation>Ctrl+C</translation>
    </message>
    <message>
        <source>Scoreboard: copy the selection as an index string (&quot;3-5,9&quot;)</source>
        <translation>状态网格：将所选内容复制为索引字符串（&quot;3-5,9&quot;）</translation>
    </message>
    <message>
        <source>Enter, Space</source>
        <translation>Enter、空格</translation>
    </message>
    <message>
        <source>Scoreboard: show the current index&apos;s attempts and log</source>
        <translation>状态网格：显示当前索引的尝试和日志</translation>
    </message>
    <message>
        <source>Ctrl+wheel, Ctrl++, Ctrl+-</source>
        <translation>Ctrl+滚轮、Ctrl++、Ctrl+-</translation>
    </message>
    <message>
        <source>Scoreboard: zoom (the wheel zooms around the pointer)</source>
        <translation>状态网格：缩放（滚轮以指针为中心缩放）</translation>
    </message>
    <message>
        <source>Ctrl+0</source>
        <translation>Ctrl+0</translation>
    </message>
    <message>
        <source>Scoreboard: fit every index</source>
        <translation>状态网格：适应所有索引</translation>
    </message>
    <message>
        <source>Ctrl+W, Esc</source>
        <translation>Ctrl+W、Esc</translation>
    </message>
    <message>
        <source>Close a job&apos;s own window</source>
        <translation>关闭 Job 的独立窗口</translation>
    </message>
    <message>
        <source>Ctrl+F in the log</source>
        <translation>日志中的 Ctrl+F</translation>
    </message>
    <message>
        <source>Log: find text (F3 next, Shift+F3 previous)</source>
        <translation>日志：查找文本（F3 下一个，Shift+F3 上一个）</translation>
    </message>
</context>
<context>
    <name>tessera::ui::StragglersPanel</name>
    <message>
        <source>Index</source>
        <translation>索引</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>尝试</translation>
    </message>
    <message>
        <source>Running for</source>
        <translation>已运行</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Not enough samples to tell stragglers: %1 succeeded attempts with recorded times, %2 needed.</source>
        <translation>样本不足，无法判断掉队者：有记录时间的成功尝试 %1 个，需要 %2 个。</translation>
    </message>
    <message>
        <source>Stragglers: %1, the attempts running longer than %2 (the 95th percentile of %3 succeeded attempts; median %4).</source>
        <translation>掉队者：%1 个，即运行时间超过 %2 的尝试（%3 个成功尝试的第 95 百分位；中位数 %4）。</translation>
    </message>
</context>
<context>
    <name>tessera::ui::TimelineWidget</name>
    <message>
        <source>&lt;b&gt;Index %1&lt;/b&gt;, attempt %2&lt;br&gt;Pod: %3&lt;br&gt;Node: %4&lt;br&gt;Phase: %5</source>
        <translation>&lt;b&gt;索引 %1&lt;/b&gt;，第 %2 次尝试&lt;br&gt;Pod：%3&lt;br&gt;节点：%4&lt;br&gt;阶段：%5</translation>
    </message>
    <message>
        <source>Exit code: %1</source>
        <translation>退出码：%1</translation>
    </message>
    <message>
        <source>Reason: %1</source>
        <translation>原因：%1</translation>
    </message>
    <message>
        <source>Index</source>
        <translation>索引</translation>
    </message>
    <message>
        <source>unscheduled</source>
        <translation>未调度</translation>
    </message>
    <message>
        <source>still running</source>
        <translation>仍在运行</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Start: %1&lt;br&gt;End: %2&lt;br&gt;Duration: %3</source>
        <translation>开始：%1&lt;br&gt;结束：%2&lt;br&gt;时长：%3</translation>
    </message>
    <message>
        <source>Recorded in the history; the pod is gone</source>
        <translation>已记录在历史中；Pod 已不存在</translation>
    </message>
    <message>
        <source>No attempts recorded yet</source>
        <translation>尚未记录任何尝试</translation>
    </message>
    <message>
        <source>not recorded (the attempt was lost: its pod was gone before its end was seen)</source>
        <translation>未记录（该尝试已丢失：其 Pod 在观察到结束前已消失）</translation>
    </message>
</context>
<context>
    <name>tessera::ui::YamlDialog</name>
    <message>
        <source>Managed fields</source>
        <translation>托管字段</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <source>Review changes</source>
        <translation>检查更改</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>Take the fields over and apply</source>
        <translation>接管这些字段并应用</translation>
    </message>
    <message>
        <source>Back to the edit</source>
        <translation>返回编辑</translation>
    </message>
    <message>
        <source>Show metadata.managedFields: which field manager set which field</source>
        <translation>显示 metadata.managedFields：哪个字段管理器设置了哪个字段</translation>
    </message>
    <message>
        <source>Edit the Job and apply it by server-side apply (field manager &quot;tessera&quot;)</source>
        <translation>编辑作业并通过服务器端应用（字段管理器 &quot;tessera&quot;）</translation>
    </message>
    <message>
        <source>Apply again with force: Tessera becomes the manager of the fields listed above</source>
        <translation>强制再次应用：Tessera 成为上面所列字段的管理器</translation>
    </message>
    <message>
        <source>Save YAML</source>
        <translation>保存 YAML</translation>
    </message>
    <message>
        <source>YAML (*.yaml *.yml)</source>
        <translation>YAML (*.yaml *.yml)</translation>
    </message>
    <message>
        <source>Job %1/%2</source>
        <translation>作业 %1/%2</translation>
    </message>
    <message>
        <source>Pod %1/%2</source>
        <translation>Pod %1/%2</translation>
    </message>
    <message>
        <source>Cancel the edit</source>
        <translation>取消编辑</translation>
    </message>
    <message>
        <source>The source of this object is closed.</source>
        <translation>此对象的来源已关闭。</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Live, with the managed fields.</source>
        <translation>实时，包含托管字段。</translation>
    </message>
    <message>
        <source>Live. Managed fields are hidden (tick the box to see them).</source>
        <translation>实时。托管字段已隐藏（勾选复选框即可查看）。</translation>
    </message>
    <message>
        <source>Editing. Status and the fields the server sets are left out; Review changes shows the diff before anything is applied.</source>
        <translation>编辑中。状态和服务器设置的字段已省略；“检查更改”会在应用前显示差异。</translation>
    </message>
    <message>
        <source>Editing.</source>
        <translation>编辑中。</translation>
    </message>
    <message>
        <source>Comparing with the live object…</source>
        <translation>正在与实时对象比较…</translation>
    </message>
    <message>
        <source>The edit changes nothing.</source>
        <translation>此编辑没有任何更改。</translation>
    </message>
    <message>
        <source>What the edit changes in the live Job (- live, + edit). Apply sends the whole edit by server-side apply.</source>
        <translation>此编辑对实时作业的更改（- 实时，+ 编辑）。“应用”通过服务器端应用发送整个编辑。</translation>
    </message>
    <message>
        <source>Applying, taking the fields over…</source>
        <translation>正在应用并接管字段…</translation>
    </message>
    <message>
        <source>Applying…</source>
        <translation>正在应用…</translation>
    </message>
    <message>
        <source>Applied by server-side apply as the field manager &quot;tessera&quot;.</source>
        <translation>已通过服务器端应用以字段管理器 &quot;tessera&quot; 应用。</translation>
    </message>
    <message>
        <source>%1 no longer exists.</source>
        <translation>%1 已不存在。</translation>
    </message>
    <message>
        <source>The API server refused the edit (HTTP %1); the fields are listed above. Back to the edit to fix them.</source>
        <translation>API 服务器拒绝了此编辑（HTTP %1）；相关字段列在上方。返回编辑以修正它们。</translation>
    </message>
    <message>
        <source>Other field managers own the fields listed above. Take them over only if Tessera should manage them from now on.</source>
        <translation>上面所列字段属于其他字段管理器。仅当今后应由 Tessera 管理它们时才接管。</translation>
    </message>
    <message>
        <source>Copied.</source>
        <translation>已复制。</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
</context>
<context>
    <name>tessera::ui::launch::LaunchDialog</name>
    <message>
        <source>Launch</source>
        <translation>启动</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>预览</translation>
    </message>
    <message>
        <source>Index</source>
        <translation>索引</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Variables</source>
        <translation>变量</translation>
    </message>
    <message>
        <source>&amp;Launch</source>
        <translation>启动(&amp;L)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Local run</source>
        <translation>本地运行</translation>
    </message>
    <message>
        <source>Dry-run (forecast)</source>
        <translation>试运行（预测）</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>&amp;Target:</source>
        <translation>目标(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <source>for items without their own command, e.g. render &quot;$FRAME&quot;</source>
        <translation>用于未自带命令的条目，例如 render &quot;$FRAME&quot;</translation>
    </message>
    <message>
        <source>&amp;Command template:</source>
        <translation>命令模板(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Parallelism:</source>
        <translation>并行度(&amp;P)：</translation>
    </message>
    <message>
        <source>ma&amp;xFailedIndexes:</source>
        <translation>maxFailedIndexes(&amp;X)：</translation>
    </message>
    <message>
        <source>succeededIndexes, e.g. 0-9</source>
        <translation>succeededIndexes，例如 0-9</translation>
    </message>
    <message>
        <source>any count</source>
        <translation>任意数量</translation>
    </message>
    <message>
        <source>Success policy:</source>
        <translation>成功策略：</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Active &amp;deadline:</source>
        <translation>活跃期限(&amp;D)：</translation>
    </message>
    <message>
        <source>Runs the items as processes on this machine, as a local Indexed Job (journaled, resumable); it appears under &quot;Local runs&quot;.</source>
        <translation>在本机以进程方式运行这些条目，作为本地 Indexed Job（有日志记录，可恢复）；它会显示在“本地运行”下。</translation>
    </message>
    <message>
        <source> s per item</source>
        <translation> 秒/条目</translation>
    </message>
    <message>
        <source> % fail</source>
        <translation> % 失败</translation>
    </message>
    <message>
        <source>&amp;Simulate</source>
        <translation>模拟(&amp;S)</translation>
    </message>
    <message>
        <source>Succeeded indexes over time</source>
        <translation>成功索引数随时间变化</translation>
    </message>
    <message>
        <source>C&amp;ontext:</source>
        <translation>上下文(&amp;O)：</translation>
    </message>
    <message>
        <source>the context&apos;s namespace</source>
        <translation>上下文的命名空间</translation>
    </message>
    <message>
        <source>Na&amp;mespace:</source>
        <translation>命名空间(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Image:</source>
        <translation>镜像(&amp;I)：</translation>
    </message>
    <message>
        <source>&amp;Regenerate</source>
        <translation>重新生成(&amp;R)</translation>
    </message>
    <message>
        <source>Discard edits and generate the YAML from the form again</source>
        <translation>放弃编辑，并根据表单重新生成 YAML</translation>
    </message>
    <message>
        <source>Save &amp;YAML…</source>
        <translation>保存 YAML(&amp;Y)…</translation>
    </message>
    <message>
        <source>Save YAML</source>
        <translation>保存 YAML</translation>
    </message>
    <message>
        <source>YAML (*.yaml *.yml)</source>
        <translation>YAML 文件 (*.yaml *.yml)</translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation>文件：%1</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>正在读取…</translation>
    </message>
    <message>
        <source>Launch %1</source>
        <translation>启动 %1</translation>
    </message>
    <message numerus="yes">
        <source>Re-run of %1: %n index(es)</source>
        <translation>
            <numerusform>重新运行 %1：%n 个索引</numerusform>
        </translation>
    </message>
    <message>
        <source>Re-run %1</source>
        <translation>重新运行 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n error(s): fix the file and drop it again.</source>
        <translation>
            <numerusform>%n 个错误：请修正文件后重新拖放。</numerusform>
        </translation>
    </message>
    <message>
        <source>Job manifest &quot;%1&quot;: %2 completions, parallelism %3, %4</source>
        <translation>Job 清单“%1”：完成数 %2，并行度 %3，%4</translation>
    </message>
    <message>
        <source>Indexed</source>
        <translation>Indexed</translation>
    </message>
    <message>
        <source>NonIndexed</source>
        <translation>NonIndexed</translation>
    </message>
    <message numerus="yes">
        <source>%n item(s)</source>
        <translation>
            <numerusform>%n 个条目</numerusform>
        </translation>
    </message>
    <message>
        <source> (format: %1)</source>
        <translation> (格式：%1)</translation>
    </message>
    <message>
        <source>, new index → original index shown as &quot;i ← j&quot;</source>
        <translation>，新索引 → 原始索引，显示为 &quot;i ← j&quot;</translation>
    </message>
    <message>
        <source>Cannot launch: %1</source>
        <translation>无法启动：%1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Fix the errors in the file first</source>
        <translation>请先修正文件中的错误</translation>
    </message>
    <message>
        <source>A Job manifest has no work-list items to run here: use Dry-run or Cluster, or drop a work list</source>
        <translation>Job 清单中没有可在此运行的工作列表条目：请使用试运行或集群，或拖入一个工作列表</translation>
    </message>
    <message>
        <source>The items carry no command: give a command template</source>
        <translation>条目未带命令：请提供命令模板</translation>
    </message>
    <message>
        <source>Cannot create a temporary file: %1</source>
        <translation>无法创建临时文件：%1</translation>
    </message>
    <message>
        <source>Starting the local run…</source>
        <translation>正在启动本地运行…</translation>
    </message>
    <message>
        <source>Creating %1 in %2/%3…</source>
        <translation>正在 %2/%3 中创建 %1…</translation>
    </message>
    <message>
        <source>Created %1/%2</source>
        <translation>已创建 %1/%2</translation>
    </message>
    <message>
        <source>Simulating…</source>
        <translation>正在模拟…</translation>
    </message>
    <message>
        <source>Forecast ready</source>
        <translation>预测完成</translation>
    </message>
    <message>
        <source>parallelism %1: %2, %3</source>
        <translation>并行度 %1：%2，%3</translation>
    </message>
    <message>
        <source>Makespan (simulated):&lt;br&gt;%1</source>
        <translation>总完成时间（模拟）：&lt;br&gt;%1</translation>
    </message>
    <message>
        <source>minutes</source>
        <translation>分钟</translation>
    </message>
    <message>
        <source>parallelism %1</source>
        <translation>并行度 %1</translation>
    </message>
    <message>
        <source>bac&amp;koffLimitPerIndex:</source>
        <translation>bac&amp;koffLimitPerIndex：</translation>
    </message>
    <message>
        <source>ConfigMap %1 (%2 KiB of items, limit 1024 KiB) and Indexed Job %3, completions: %4</source>
        <translation>ConfigMap %1（条目共 %2 KiB，上限 1024 KiB）以及 Indexed Job %3，完成数：%4</translation>
    </message>
    <message>
        <source>one item per line</source>
        <translation>每行一个条目</translation>
    </message>
    <message>
        <source>CSV, one item per row</source>
        <translation>CSV，每行一个条目</translation>
    </message>
    <message>
        <source>Furiko YAML</source>
        <translation>Furiko YAML</translation>
    </message>
    <message>
        <source>JSON Lines, one item per line</source>
        <translation>JSON Lines，每行一个条目</translation>
    </message>
    <message>
        <source>per-completion variables</source>
        <translation>每个 completion 的变量</translation>
    </message>
    <message>
        <source>&amp;Launch (simulated)</source>
        <translation>启动（模拟）(&amp;L)</translation>
    </message>
    <message>
        <source>No cluster to launch to: %1</source>
        <translation>没有可启动到的集群：%1</translation>
    </message>
    <message>
        <source>No cluster to launch to: the kubeconfig has no contexts. Switch this window to the Demo source to try a cluster launch there, or add a context (kubectl config set-context).</source>
        <translation>没有可启动到的集群：kubeconfig 中没有上下文。请将此窗口切换到“演示”数据源以在那里尝试集群启动，或添加一个上下文（kubectl config set-context）。</translation>
    </message>
    <message>
        <source>The Demo simulates every pod: the commands are not run. Each pod runs for a few seconds and fails at the Demo&apos;s rate; the tessera.dev/sim-* annotations in the YAML below set the duration, the failing indexes and the exit code.</source>
        <translation>演示会模拟每个 Pod：命令不会被真正执行。每个 Pod 运行几秒钟，并按演示的失败率失败；下方 YAML 中的 tessera.dev/sim-* 注解可设置时长、失败的索引和退出码。</translation>
    </message>
    <message>
        <source>Complete</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Unfinished</source>
        <translation>未结束</translation>
    </message>
    <message numerus="yes">
        <source>: %n succeeded</source>
        <translation>
            <numerusform>: %n 个成功</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n index(es) failed</source>
        <translation>
            <numerusform>，%n 个索引失败</numerusform>
        </translation>
    </message>
    <message>
        <source>Job settings</source>
        <translation>作业设置</translation>
    </message>
    <message>
        <source>How many items run at the same time (spec.parallelism).</source>
        <translation>同时运行的条目数（spec.parallelism）。</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;backoffLimitPerIndex&lt;/b&gt;: how many times each index may be retried. An index that fails once more is marked failed for good, and the other indexes go on; the Job fails at the end if any index failed.&lt;/p&gt;&lt;p&gt;Unset: no per-index limit; every failure then counts against backoffLimit.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;backoffLimitPerIndex&lt;/b&gt;：每个索引可重试的次数。超过后再次失败的索引将被标记为最终失败，其他索引继续运行；只要有索引失败，作业最终即为失败。&lt;/p&gt;&lt;p&gt;未设置：不限制每个索引；此时每次失败都计入 backoffLimit。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;backoffLimit&lt;/b&gt;: how many failed pods the whole Job may have. One more fails the Job (BackoffLimitExceeded) and stops every index still to run.&lt;/p&gt;&lt;p&gt;Default: 6, or unlimited when backoffLimitPerIndex is set (as Kubernetes does).&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;backoffLimit&lt;/b&gt;：整个作业允许的失败 Pod 数。再多一个，作业即失败（BackoffLimitExceeded），所有尚未运行的索引都会停止。&lt;/p&gt;&lt;p&gt;默认：6；设置了 backoffLimitPerIndex 时为不限（与 Kubernetes 相同）。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;backoffLimit:</source>
        <translation>backoffLimit(&amp;B)：</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;maxFailedIndexes&lt;/b&gt; (needs backoffLimitPerIndex): how many indexes may fail for good before the Job fails at once (MaxFailedIndexesExceeded).&lt;/p&gt;&lt;p&gt;Unset: no limit; every index runs.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;maxFailedIndexes&lt;/b&gt;（需要 backoffLimitPerIndex）：在作业立即失败（MaxFailedIndexesExceeded）之前允许最终失败的索引数。&lt;/p&gt;&lt;p&gt;未设置：不限；每个索引都会运行。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;successPolicy&lt;/b&gt;: the Job succeeds as soon as these indexes (and/or this many of them) succeeded; the rest are stopped.&lt;/p&gt;&lt;p&gt;Empty: every index must succeed.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;successPolicy&lt;/b&gt;：一旦这些索引（和/或其中这么多个）成功，作业即成功；其余的将被停止。&lt;/p&gt;&lt;p&gt;留空：每个索引都必须成功。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;activeDeadlineSeconds&lt;/b&gt;: how long the Job may run in total; then it fails (DeadlineExceeded) and its running pods are stopped.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;activeDeadlineSeconds&lt;/b&gt;：作业总共可运行的时长；超时后作业失败（DeadlineExceeded），其正在运行的 Pod 将被停止。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>default: %1</source>
        <translation>默认：%1</translation>
    </message>
    <message>
        <source>Simulate</source>
        <translation>模拟</translation>
    </message>
    <message>
        <source>The API server would reject this Job:
%1</source>
        <translation>API 服务器会拒绝此 Job：
%1</translation>
    </message>
    <message>
        <source>Reading the kubeconfig…</source>
        <translation>正在读取 kubeconfig…</translation>
    </message>
</context>
<context>
    <name>tessera::ui::launch::LaunchedJobSelector</name>
    <message>
        <source>%1 is shown, but the job filter hides it in the list.</source>
        <translation>已显示 %1，但作业过滤器在列表中隐藏了它。</translation>
    </message>
</context>
<context>
    <name>tessera::ui::launch::LimitSpinBox</name>
    <message>
        <source>unlimited</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>unset</source>
        <translation>未设置</translation>
    </message>
</context>
</TS>
