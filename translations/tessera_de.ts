<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>ClusterLauncher</name>
    <message>
        <source>creating ConfigMap %1: %2</source>
        <translation>ConfigMap %1 konnte nicht erstellt werden: %2</translation>
    </message>
    <message>
        <source>creating Job %1: %2</source>
        <translation>Job %1 konnte nicht erstellt werden: %2</translation>
    </message>
    <message>
        <source>Job %1 was created but the server&apos;s answer has no UID</source>
        <translation>Job %1 wurde erstellt, aber die Antwort des Servers enthält keine UID</translation>
    </message>
    <message>
        <source>Job %1 was created, but ConfigMap %2 could not be tied to it (delete it with the Job): %3</source>
        <translation>Job %1 wurde erstellt, aber ConfigMap %2 konnte nicht an ihn gebunden werden (löschen Sie sie zusammen mit dem Job): %3</translation>
    </message>
</context>
<context>
    <name>ClusterReportLoader</name>
    <message>
        <source>pods of job %1: %2</source>
        <translation>Pods von Job %1: %2</translation>
    </message>
    <message>
        <source>job %1: %2</source>
        <translation>Job %1: %2</translation>
    </message>
</context>
<context>
    <name>DryRunReportInput</name>
    <message>
        <source>%1: the API server would reject this Job:</source>
        <translation>%1: der API-Server würde diesen Job ablehnen:</translation>
    </message>
</context>
<context>
    <name>EditedManifests</name>
    <message>
        <source>YAML preview</source>
        <translation>YAML-Vorschau</translation>
    </message>
    <message>
        <source>only a ConfigMap and a Job can be launched here, not kind &quot;%1&quot;</source>
        <translation>hier lassen sich nur eine ConfigMap und ein Job starten, nicht kind „%1“</translation>
    </message>
    <message>
        <source>creating Job %1: %2</source>
        <translation>Job %1 konnte nicht erstellt werden: %2</translation>
    </message>
</context>
<context>
    <name>Format</name>
    <message>
        <source> (signal %1)</source>
        <translation> (Signal %1)</translation>
    </message>
</context>
<context>
    <name>IndexDetails</name>
    <message>
        <source>Not started: no pod was created for this index yet.</source>
        <translation>Nicht gestartet: für diesen Index wurde noch kein Pod erstellt.</translation>
    </message>
    <message>
        <source>Its pod has not been seen yet.</source>
        <translation>Sein Pod wurde noch nicht gesehen.</translation>
    </message>
    <message>
        <source>Succeeded (the job&apos;s status says so). No attempt was recorded: its pods were gone before Tessera watched this job.</source>
        <translation>Erfolgreich (laut Status des Jobs). Kein Versuch aufgezeichnet: seine Pods waren verschwunden, bevor Tessera diesen Job beobachtete.</translation>
    </message>
    <message>
        <source>Failed (the job&apos;s status says so). No attempt was recorded: its pods were gone before Tessera watched this job.</source>
        <translation>Fehlgeschlagen (laut Status des Jobs). Kein Versuch aufgezeichnet: seine Pods waren verschwunden, bevor Tessera diesen Job beobachtete.</translation>
    </message>
    <message>
        <source>Beyond the job&apos;s completions.</source>
        <translation>Jenseits der Completions des Jobs.</translation>
    </message>
    <message>
        <source>Failures: %1</source>
        <translation>Fehlschläge: %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Attempt %1&lt;/b&gt;: %2</source>
        <translation>&lt;b&gt;Versuch %1&lt;/b&gt;: %2</translation>
    </message>
    <message>
        <source> (recorded; the pod is gone)</source>
        <translation> (aufgezeichnet; der Pod existiert nicht mehr)</translation>
    </message>
    <message>
        <source>node %1, %2</source>
        <translation>Knoten %1, %2</translation>
    </message>
    <message>
        <source>unscheduled</source>
        <translation>nicht eingeplant</translation>
    </message>
    <message>
        <source>still running</source>
        <translation>läuft noch</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>nicht aufgezeichnet</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>start %1, end %2, duration %3</source>
        <translation>Start %1, Ende %2, Dauer %3</translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation>Exit-Code %1</translation>
    </message>
    <message>
        <source>reason %1</source>
        <translation>Grund %1</translation>
    </message>
    <message>
        <source>Index %1 (original index %2)</source>
        <translation>Index %1 (ursprünglicher Index %2)</translation>
    </message>
    <message>
        <source>Index %1</source>
        <translation>Index %1</translation>
    </message>
</context>
<context>
    <name>JobActions</name>
    <message numerus="yes">
        <source>
  … and %n more</source>
        <translation>
            <numerusform>
  … und %n weiterer</numerusform>
            <numerusform>
  … und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>Suspend jobs</source>
        <translation>Jobs anhalten</translation>
    </message>
    <message numerus="yes">
        <source>Suspend these %n jobs? Their running pods are stopped.</source>
        <translation>
            <numerusform>Diesen %n Job anhalten? Seine laufenden Pods werden beendet.</numerusform>
            <numerusform>Diese %n Jobs anhalten? Ihre laufenden Pods werden beendet.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Suspend %n jobs</source>
        <translation>
            <numerusform>%n Job anhalten</numerusform>
            <numerusform>%n Jobs anhalten</numerusform>
        </translation>
    </message>
    <message>
        <source>Resume jobs</source>
        <translation>Jobs fortsetzen</translation>
    </message>
    <message numerus="yes">
        <source>Resume these %n jobs?</source>
        <translation>
            <numerusform>Diesen %n Job fortsetzen?</numerusform>
            <numerusform>Diese %n Jobs fortsetzen?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Resume %n jobs</source>
        <translation>
            <numerusform>%n Job fortsetzen</numerusform>
            <numerusform>%n Jobs fortsetzen</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete jobs</source>
        <translation>Jobs löschen</translation>
    </message>
    <message>
        <source>Delete this job and its pods?</source>
        <translation>Diesen Job samt seinen Pods löschen?</translation>
    </message>
    <message numerus="yes">
        <source>Delete these %n jobs and their pods?</source>
        <translation>
            <numerusform>Diesen %n Job samt seinen Pods löschen?</numerusform>
            <numerusform>Diese %n Jobs samt ihren Pods löschen?</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n jobs</source>
        <translation>
            <numerusform>%n Job löschen</numerusform>
            <numerusform>%n Jobs löschen</numerusform>
        </translation>
    </message>
    <message>
        <source>Set parallelism</source>
        <translation>Parallelität setzen</translation>
    </message>
    <message>
        <source>Pods of %1 running at once:</source>
        <translation>Gleichzeitig laufende Pods von %1:</translation>
    </message>
    <message>
        <source>Delete pods</source>
        <translation>Pods löschen</translation>
    </message>
    <message>
        <source>Delete this pod of %1? The job starts a new one as it would after kubectl delete pod.</source>
        <translation>Diesen Pod von %1 löschen? Der Job startet einen neuen, wie nach kubectl delete pod.</translation>
    </message>
    <message numerus="yes">
        <source>Delete these %n pods of %1? The job starts new ones as it would after kubectl delete pod.</source>
        <translation>
            <numerusform>Diesen %n Pod von %1 löschen? Der Job startet einen neuen, wie nach kubectl delete pod.</numerusform>
            <numerusform>Diese %n Pods von %1 löschen? Der Job startet neue, wie nach kubectl delete pod.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %n pods</source>
        <translation>
            <numerusform>%n Pod löschen</numerusform>
            <numerusform>%n Pods löschen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LanguageFonts</name>
    <message>
        <source>No font for %1 is installed (on Debian: apt install fonts-noto-cjk); Tessera shows English instead.</source>
        <translation>Für %1 ist keine Schrift installiert (unter Debian: apt install fonts-noto-cjk); Tessera zeigt stattdessen Englisch.</translation>
    </message>
</context>
<context>
    <name>LaunchCommand</name>
    <message>
        <source>--%1: expected an integer from %2 to %3, got &apos;%4&apos;</source>
        <translation>--%1: ganze Zahl von %2 bis %3 erwartet, erhalten: &apos;%4&apos;</translation>
    </message>
    <message>
        <source>expected one work list</source>
        <translation>genau eine Arbeitsliste erwartet</translation>
    </message>
    <message>
        <source>--image is required</source>
        <translation>--image ist erforderlich</translation>
    </message>
    <message>
        <source>--output: only &apos;yaml&apos; is supported, got &apos;%1&apos;</source>
        <translation>--output: nur &apos;yaml&apos; wird unterstützt, erhalten: &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--format: expected %1, got &apos;%2&apos;</source>
        <translation>--format: %1 erwartet, erhalten: &apos;%2&apos;</translation>
    </message>
    <message>
        <source>--command: the items of %1 carry their own commands</source>
        <translation>--command: die Einträge von %1 bringen eigene Befehle mit</translation>
    </message>
    <message>
        <source>--indexes: %1 (the work list has %2 items)</source>
        <translation>--indexes: %1 (die Arbeitsliste hat %2 Einträge)</translation>
    </message>
    <message>
        <source>job %1/%2 created (%3 indexes, uid %4); items in ConfigMap %5</source>
        <translation>Job %1/%2 erstellt (%3 Indizes, UID %4); Einträge in ConfigMap %5</translation>
    </message>
    <message>
        <source>--success-indexes: empty; give the indexes that suffice, like 0,5-9</source>
        <translation>--success-indexes: leer; geben Sie die Indizes an, die genügen, etwa 0,5-9</translation>
    </message>
    <message>
        <source>--success-indexes: %1 in &apos;%2&apos; (the job has %3 completions: indexes 0 to %4)</source>
        <translation>--success-indexes: %1 in &apos;%2&apos; (der Job hat %3 Completions: Indizes 0 bis %4)</translation>
    </message>
    <message>
        <source>--success-count: %1 is more than the %2 indexes of --success-indexes</source>
        <translation>--success-count: %1 ist mehr als die %2 Indizes von --success-indexes</translation>
    </message>
    <message>
        <source>--success-count: %1 is more than the job&apos;s %2 completions</source>
        <translation>--success-count: %1 ist mehr als die %2 Completions des Jobs</translation>
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
        <translation>Aufruf: tessera launch WORKLIST --image IMAGE [OPTIONS]

Startet eine Arbeitsliste als Kubernetes Indexed Job: Eine ConfigMap NAME-items enthält
die Einträge (ein Schlüssel pro Index und Feld), und jeder Pod führt einen kleinen
POSIX-sh-Wrapper aus, der seinen Eintrag anhand von JOB_COMPLETION_INDEX auswählt;
Anführungszeichen, Leerzeichen und $ in Einträgen sind daher unproblematisch.
Die ConfigMap gehört dem Job: Wird der Job gelöscht, wird auch sie gelöscht. Listen, die
größer sind, als eine ConfigMap fassen kann (1 MiB), werden abgelehnt.

Optionen:
  --image IMAGE                 Container-Image (benötigt /bin/sh; busybox genügt)
  --command TEMPLATE            Befehl für Einträge ohne eigenen Befehl (CSV, YAML-Listen);
                                er sieht die Variablen des Eintrags und JOB_COMPLETION_INDEX
  --name NAME                   Job-Name, ein DNS-Label (Standard: aus WORKLIST)
  -j, --parallelism N           gleichzeitig laufende Pods (Standard 1)
  --backoff-limit N             insgesamt erlaubte fehlgeschlagene Pods (Standard: keins)
  --backoff-limit-per-index N   erlaubte fehlgeschlagene Pods pro Index (Standard: 2,
                                wenn keins der beiden Limits angegeben ist; so hält
                                ein fehlerhafter Eintrag die anderen nicht auf)
  --max-failed-indexes N        zusammen mit --backoff-limit-per-index
  --success-indexes LIST        successPolicy: diese Indizes genügen (&quot;0,5-9&quot;)
  --success-count N             successPolicy: so viele (aus LIST) genügen
  --active-deadline S           activeDeadlineSeconds
  --indexes LIST                nur diese Indizes der Arbeitsliste ausführen (erneuter
                                Lauf); der Job vermerkt zu jedem neuen Index den ursprünglichen
  --format FORMAT               wie WORKLIST gelesen wird: lines, csv, furiko oder jsonl
                                (Standard: nach Endung, Inhalt)
  --context C                   kubeconfig-Kontext (Standard: der aktuelle)
  -n, --namespace NS            Namespace (Standard: der des Kontexts)
  --kubeconfig FILE             statt $KUBECONFIG / ~/.kube/config
  --output yaml                 die Manifeste ausgeben, statt sie zu erstellen
  -h, --help                    diese Hilfe anzeigen
</translation>
    </message>
    <message>
        <source>the API server would reject this Job:</source>
        <translation>der API-Server würde diesen Job ablehnen:</translation>
    </message>
</context>
<context>
    <name>LaunchDialog</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
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
        <translation>Aufruf: tessera report --source SOURCE [OPTIONS] TARGET

Schreibt einen Abschlussbericht eines Indexed Job: Identität, Spec, Ergebnis und
Conditions, abgeschlossene und fehlgeschlagene Indizes vollständig, eine Tabelle pro
Index (Index, Status, Versuche, Hostname, Knoten, Start, Ende, Dauer, Exit-Code, Grund),
die langsamsten Indizes, Dauern für p50/p90/p99 und Diagramme.

Quellen:
  --source local RUN_DIR          ein lokaler Lauf (sein Laufverzeichnis)
  --source CONTEXT JOB            ein Job in einem kubeconfig-Kontext (oder einem
                                  Demo-Server), mit --namespace
  --source simulate JOB.yaml      ein Probelauf eines Job-Manifests (eine Prognose)

Optionen:
  --format html|pdf|csv|json      Standard: nach der Endung von -o, sonst html
  -o, --output FILE               Standard: JOB-report.FORMAT; - für die
                                  Standardausgabe (nicht für pdf)
  -n, --namespace NS              Namespace im Cluster (Standard: der des Kontexts)
  --kubeconfig FILE               statt $KUBECONFIG / ~/.kube/config
  --seed N                        simulate: Zufalls-Seed (Standard 1)
  --duration D|uniform:A..B       simulate: Laufzeit eines Pods (Standard 30s)
  --fail-rate P                   simulate: Wahrscheinlichkeit, dass ein Versuch
                                  fehlschlägt
  -h, --help                      diese Hilfe anzeigen

Der Bericht wird in eine temporäre Datei geschrieben und erst nach Fertigstellung
umbenannt; Strg+C bricht ihn ab und hinterlässt nichts.
</translation>
    </message>
    <message>
        <source>--seed: expected a non-negative integer, got &apos;%1&apos;</source>
        <translation>--seed: nicht negative ganze Zahl erwartet, erhalten: &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--duration: expected 30s or uniform:10s..60s, got &apos;%1&apos;</source>
        <translation>--duration: 30s oder uniform:10s..60s erwartet, erhalten: &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--fail-rate: expected a probability between 0 and 1, got &apos;%1&apos;</source>
        <translation>--fail-rate: Wahrscheinlichkeit zwischen 0 und 1 erwartet, erhalten: &apos;%1&apos;</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>unterbrochen</translation>
    </message>
    <message>
        <source>--source is required (local, simulate or a context name)</source>
        <translation>--source ist erforderlich (local, simulate oder ein Kontextname)</translation>
    </message>
    <message>
        <source>expected one run directory</source>
        <translation>genau ein Laufverzeichnis erwartet</translation>
    </message>
    <message>
        <source>expected one Job manifest</source>
        <translation>genau ein Job-Manifest erwartet</translation>
    </message>
    <message>
        <source>expected one Job name</source>
        <translation>genau ein Job-Name erwartet</translation>
    </message>
    <message>
        <source>--format: expected html, pdf, csv or json, got &apos;%1&apos;</source>
        <translation>--format: html, pdf, csv oder json erwartet, erhalten: &apos;%1&apos;</translation>
    </message>
    <message>
        <source>a PDF report needs a file: use -o FILE</source>
        <translation>ein PDF-Bericht braucht eine Datei: verwenden Sie -o FILE</translation>
    </message>
    <message>
        <source>tessera report: wrote %1 (%2 indexes, %3 attempts)</source>
        <translation>tessera report: %1 geschrieben (%2 Indizes, %3 Versuche)</translation>
    </message>
</context>
<context>
    <name>ReportLabels</name>
    <message>
        <source>Completion report</source>
        <translation>Abschlussbericht</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>Namespace</translation>
    </message>
    <message>
        <source>UID</source>
        <translation>UID</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Generated</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>Specification</source>
        <translation>Spezifikation</translation>
    </message>
    <message>
        <source>Completion mode</source>
        <translation>Completion-Modus</translation>
    </message>
    <message>
        <source>Completions</source>
        <translation>Completions</translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation>Parallelität</translation>
    </message>
    <message>
        <source>Backoff limit</source>
        <translation>Backoff-Limit</translation>
    </message>
    <message>
        <source>Backoff limit per index</source>
        <translation>Backoff-Limit pro Index</translation>
    </message>
    <message>
        <source>Max failed indexes</source>
        <translation>Max. fehlgeschlagene Indizes</translation>
    </message>
    <message>
        <source>Active deadline (seconds)</source>
        <translation>Maximale Laufzeit (Sekunden)</translation>
    </message>
    <message>
        <source>Success policy</source>
        <translation>Erfolgsrichtlinie</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <source>Conditions</source>
        <translation>Bedingungen</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Beendet</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Completed indexes</source>
        <translation>Abgeschlossene Indizes</translation>
    </message>
    <message>
        <source>Failed indexes</source>
        <translation>Fehlgeschlagene Indizes</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <source>Succeeded indexes</source>
        <translation>Erfolgreiche Indizes</translation>
    </message>
    <message>
        <source>Failed indexes (count)</source>
        <translation>Fehlgeschlagene Indizes (Anzahl)</translation>
    </message>
    <message>
        <source>Active pods</source>
        <translation>Aktive Pods</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Versuche</translation>
    </message>
    <message>
        <source>Slowest indexes</source>
        <translation>Langsamste Indizes</translation>
    </message>
    <message>
        <source>Duration percentiles (succeeded indexes)</source>
        <translation>Perzentile der Dauer (erfolgreiche Indizes)</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Stichproben</translation>
    </message>
    <message>
        <source>Progress over time</source>
        <translation>Fortschritt im Zeitverlauf</translation>
    </message>
    <message>
        <source>Duration histogram</source>
        <translation>Histogramm der Dauer</translation>
    </message>
    <message>
        <source>Per-index table</source>
        <translation>Tabelle pro Index</translation>
    </message>
    <message>
        <source>Index</source>
        <translation>Index</translation>
    </message>
    <message>
        <source>Original index</source>
        <translation>Ursprünglicher Index</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Hostname</source>
        <translation>Hostname</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>End</source>
        <translation>Ende</translation>
    </message>
    <message>
        <source>Exit code</source>
        <translation>Exit-Code</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>indexes</source>
        <translation>Indizes</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>This job re-runs indexes of another job: the original index of each row is shown.</source>
        <translation>Dieser Job führt Indizes eines anderen Jobs erneut aus: Zu jeder Zeile wird der ursprüngliche Index angezeigt.</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>erfolgreich</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>Page %1</source>
        <translation>Seite %1</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>Erfolgreich</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Läuft</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>Ausstehend</translation>
    </message>
    <message>
        <source>Deleted</source>
        <translation>Gelöscht</translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>Nicht gestartet</translation>
    </message>
    <message>
        <source>Complete</source>
        <translation>Abgeschlossen</translation>
    </message>
    <message>
        <source>Suspended</source>
        <translation>Angehalten</translation>
    </message>
    <message>
        <source>First start</source>
        <translation>Erster Start</translation>
    </message>
    <message>
        <source>Last end</source>
        <translation>Letztes Ende</translation>
    </message>
    <message>
        <source>Last attempt&apos;s duration</source>
        <translation>Dauer des letzten Versuchs</translation>
    </message>
    <message>
        <source>First start and last end span all attempts of an index; the duration is that of its last attempt.</source>
        <translation>Erster Start und letztes Ende umfassen alle Versuche eines Index; die Dauer ist die seines letzten Versuchs.</translation>
    </message>
    <message>
        <source>time since the start (%1)</source>
        <translation>Zeit seit dem Start (%1)</translation>
    </message>
    <message>
        <source>duration (%1)</source>
        <translation>Dauer (%1)</translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation>unbegrenzt</translation>
    </message>
    <message>
        <source>h</source>
        <translation>h</translation>
    </message>
    <message>
        <source>min</source>
        <translation>min</translation>
    </message>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>Interrupted</source>
        <translation>Unterbrochen</translation>
    </message>
    <message>
        <source>Failed pods (Job status.failed)</source>
        <translation>Fehlgeschlagene Pods (Job status.failed)</translation>
    </message>
    <message>
        <source>Failed attempts recorded</source>
        <translation>Aufgezeichnete fehlgeschlagene Versuche</translation>
    </message>
    <message>
        <source>%1 (%2 deleted)</source>
        <translation>%1 (%2 gelöscht)</translation>
    </message>
    <message>
        <source>Lost</source>
        <translation>Verloren</translation>
    </message>
    <message>
        <source>Removed</source>
        <translation>Entfernt</translation>
    </message>
</context>
<context>
    <name>ReportWriter</name>
    <message>
        <source>cannot start the PDF writer</source>
        <translation>der PDF-Writer lässt sich nicht starten</translation>
    </message>
    <message>
        <source>the PDF could not be written</source>
        <translation>das PDF konnte nicht geschrieben werden</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
</context>
<context>
    <name>SourceHost</name>
    <message>
        <source>Demo</source>
        <translation>Demo</translation>
    </message>
    <message>
        <source>Local runs</source>
        <translation>Lokale Läufe</translation>
    </message>
    <message>
        <source>Demo server: %1</source>
        <translation>Demo-Server: %1</translation>
    </message>
    <message>
        <source>Demo jobs: %1</source>
        <translation>Demo-Jobs: %1</translation>
    </message>
    <message>
        <source>Unknown source &quot;%1&quot;</source>
        <translation>Unbekannte Quelle „%1“</translation>
    </message>
</context>
<context>
    <name>StatePalette</name>
    <message>
        <source>Not started</source>
        <translation>Nicht gestartet</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>Ausstehend</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Läuft</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>Erfolgreich</translation>
    </message>
    <message>
        <source>Failed, will retry</source>
        <translation>Fehlgeschlagen, wird wiederholt</translation>
    </message>
    <message>
        <source>Failed index</source>
        <translation>Fehlgeschlagener Index</translation>
    </message>
    <message>
        <source>Out of range</source>
        <translation>Außerhalb des Bereichs</translation>
    </message>
</context>
<context>
    <name>tessera::store::ClusterSource</name>
    <message>
        <source>%1: not a job of this source</source>
        <translation>%1: kein Job dieser Quelle</translation>
    </message>
    <message>
        <source>(no pod of this job is known)
</source>
        <translation>(kein Pod dieses Jobs ist bekannt)
</translation>
    </message>
    <message>
        <source>pods of %1: %2</source>
        <translation>Pods von %1: %2</translation>
    </message>
    <message>
        <source>The broken history was kept as %1</source>
        <translation>Die beschädigte Historie wurde als %1 aufbewahrt</translation>
    </message>
    <message>
        <source>CronJobs are not listed (their runs are still grouped): %1</source>
        <translation>CronJobs werden nicht aufgelistet (ihre Läufe werden weiterhin gruppiert): %1</translation>
    </message>
</context>
<context>
    <name>tessera::store::JobStore</name>
    <message>
        <source>%1: reports are not available for this source</source>
        <translation>%1: Für diese Quelle sind keine Berichte verfügbar</translation>
    </message>
    <message>
        <source>%1: re-runs are not available for this source</source>
        <translation>%1: Wiederholungen sind für diese Quelle nicht verfügbar</translation>
    </message>
    <message>
        <source>%1: only an interrupted local run can be resumed</source>
        <translation>%1: Nur ein unterbrochener lokaler Lauf kann fortgesetzt werden</translation>
    </message>
    <message>
        <source>%1: saving logs is not available for this source</source>
        <translation>%1: Protokolle speichern ist für diese Quelle nicht verfügbar</translation>
    </message>
    <message>
        <source>%1: pod %2 cannot be deleted: this source has no pods</source>
        <translation>%1: Pod %2 kann nicht gelöscht werden: Diese Quelle hat keine Pods</translation>
    </message>
</context>
<context>
    <name>tessera::store::LocalSource</name>
    <message>
        <source>%1: no such local run</source>
        <translation>%1: kein solcher lokaler Lauf</translation>
    </message>
    <message>
        <source>(no index has written to its log yet)
</source>
        <translation>(noch kein Index hat in sein Log geschrieben)
</translation>
    </message>
    <message>
        <source>(no such run)
</source>
        <translation>(kein solcher Lauf)
</translation>
    </message>
    <message>
        <source>%1: its runner is already running</source>
        <translation>%1: Sein Runner läuft bereits</translation>
    </message>
    <message>
        <source>the runner of %1 ended before it started: %2</source>
        <translation>Der Runner von %1 endete, bevor er begann: %2</translation>
    </message>
    <message>
        <source>(no message)</source>
        <translation>(keine Meldung)</translation>
    </message>
    <message>
        <source>the runner of %1 did not start within %2 s (see %3)</source>
        <translation>Der Runner von %1 ist nicht innerhalb von %2 s gestartet (siehe %3)</translation>
    </message>
    <message>
        <source>%1 is interrupted (its runner is gone): resume it first</source>
        <translation>%1 ist unterbrochen (sein Runner läuft nicht mehr): zuerst fortsetzen</translation>
    </message>
    <message>
        <source>%1 has finished (%2)</source>
        <translation>%1 ist beendet (%2)</translation>
    </message>
    <message>
        <source>Unreadable: %1</source>
        <translation>Nicht lesbar: %1</translation>
    </message>
</context>
<context>
    <name>tessera::ui::ChartsWidget</name>
    <message>
        <source>Succeeded over time</source>
        <translation>Erfolgreiche im Zeitverlauf</translation>
    </message>
    <message>
        <source>Active vs parallelism</source>
        <translation>Aktiv vs. Parallelität</translation>
    </message>
    <message>
        <source>Failures over time</source>
        <translation>Fehlschläge im Zeitverlauf</translation>
    </message>
    <message>
        <source>Duration of succeeded indexes</source>
        <translation>Dauer erfolgreicher Indizes</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>Erfolgreich</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>Aktiv</translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation>Parallelität</translation>
    </message>
    <message>
        <source>Duration of succeeded indexes (none finished yet)</source>
        <translation>Dauer erfolgreicher Indizes (noch keiner beendet)</translation>
    </message>
    <message>
        <source>Duration of succeeded indexes (%1)</source>
        <translation>Dauer erfolgreicher Indizes (%1)</translation>
    </message>
    <message>
        <source>Indexes</source>
        <translation>Indizes</translation>
    </message>
    <message>
        <source>Succeeded over time (%1 more without recorded times)</source>
        <translation>Erfolgreich über die Zeit (%1 weitere ohne aufgezeichnete Zeiten)</translation>
    </message>
    <message>
        <source>Duration of succeeded indexes (no recorded times for %1)</source>
        <translation>Dauer erfolgreicher Indizes (keine aufgezeichneten Zeiten für %1)</translation>
    </message>
    <message>
        <source>Failed attempts recorded</source>
        <translation>Aufgezeichnete fehlgeschlagene Versuche</translation>
    </message>
    <message>
        <source>Failed attempts recorded over time (%1, %2 of them deleted)</source>
        <translation>Aufgezeichnete fehlgeschlagene Versuche im Zeitverlauf (%1, davon %2 gelöscht)</translation>
    </message>
    <message>
        <source>Failed attempts recorded over time (%1)</source>
        <translation>Aufgezeichnete fehlgeschlagene Versuche im Zeitverlauf (%1)</translation>
    </message>
</context>
<context>
    <name>tessera::ui::CommandPalette</name>
    <message>
        <source>Jump to a job, a tab or an action…</source>
        <translation>Zu einem Job, einem Tab oder einer Aktion springen…</translation>
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
        <translation>Nicht gestartet</translation>
    </message>
    <message>
        <source>Unfinished</source>
        <translation>Nicht beendet</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>Erfolgreich</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Only indexes whose outcome &amp;changed</source>
        <translation>Nur Indizes mit &amp;geändertem Ergebnis</translation>
    </message>
    <message>
        <source>Index</source>
        <translation>Index</translation>
    </message>
    <message>
        <source>Re-run index</source>
        <translation>Index im erneuten Lauf</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>Vorher</translation>
    </message>
    <message>
        <source>After</source>
        <translation>Nachher</translation>
    </message>
    <message>
        <source>Duration before</source>
        <translation>Dauer vorher</translation>
    </message>
    <message>
        <source>Duration after</source>
        <translation>Dauer nachher</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Compare %1 with another run</source>
        <translation>%1 mit einem anderen Lauf vergleichen</translation>
    </message>
    <message>
        <source>%1/%2 (%3)</source>
        <translation>%1/%2 (%3)</translation>
    </message>
    <message>
        <source>Co&amp;mpare</source>
        <translation>&amp;Vergleichen</translation>
    </message>
    <message>
        <source>&amp;Other run:</source>
        <translation>&amp;Anderer Lauf:</translation>
    </message>
    <message>
        <source>Pick the other run and press Compare.</source>
        <translation>Wählen Sie den anderen Lauf und drücken Sie „Vergleichen“.</translation>
    </message>
    <message>
        <source>There is no other job to compare with.</source>
        <translation>Es gibt keinen anderen Job zum Vergleichen.</translation>
    </message>
    <message>
        <source>Loading both runs…</source>
        <translation>Beide Läufe werden geladen…</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 → %2: %n index(es) changed outcome</source>
        <translation>
            <numerusform>%1 → %2: %n Index mit geändertem Ergebnis</numerusform>
            <numerusform>%1 → %2: %n Indizes mit geändertem Ergebnis</numerusform>
        </translation>
    </message>
    <message>
        <source> (%1 fixed, %2 newly failed, %3 other).</source>
        <translation> (%1 behoben, %2 neu fehlgeschlagen, %3 andere).</translation>
    </message>
    <message>
        <source>Median duration change: %1.</source>
        <translation>Median der Daueränderung: %1.</translation>
    </message>
</context>
<context>
    <name>tessera::ui::DBusNotifier</name>
    <message>
        <source>Desktop notification &quot;%1&quot; not shown: no D-Bus session bus (%2)</source>
        <translation>Desktop-Benachrichtigung „%1“ nicht gezeigt: kein D-Bus-Sitzungsbus (%2)</translation>
    </message>
    <message>
        <source>Desktop notification &quot;%1&quot; not shown: %2 (%3)</source>
        <translation>Desktop-Benachrichtigung „%1“ nicht gezeigt: %2 (%3)</translation>
    </message>
</context>
<context>
    <name>tessera::ui::FailurePatternsView</name>
    <message>
        <source>Failure patterns</source>
        <translation>Fehlermuster</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>Failures</source>
        <translation>Fehlschläge</translation>
    </message>
    <message>
        <source>Exit code</source>
        <translation>Exit-Code</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Zone</source>
        <translation>Zone</translation>
    </message>
    <message>
        <source>Indexes</source>
        <translation>Indizes</translation>
    </message>
    <message>
        <source>Show pods</source>
        <translation>Pods zeigen</translation>
    </message>
    <message>
        <source>Select indexes</source>
        <translation>Indizes auswählen</translation>
    </message>
    <message>
        <source>Re-run these indexes…</source>
        <translation>Diese Indizes wiederholen…</translation>
    </message>
    <message>
        <source>exit %1</source>
        <translation>Exit %1</translation>
    </message>
    <message>
        <source>no exit code</source>
        <translation>kein Exit-Code</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 auf %2</translation>
    </message>
    <message>
        <source>%1 on %2 (%3)</source>
        <translation>%1 auf %2 (%3)</translation>
    </message>
    <message>
        <source>%1 of failures: %2</source>
        <translation>%1 der Fehlschläge: %2</translation>
    </message>
    <message>
        <source>No failed attempts.</source>
        <translation>Keine fehlgeschlagenen Versuche.</translation>
    </message>
    <message>
        <source>Failure patterns (%1 failed attempts)</source>
        <translation>Fehlermuster (%1 fehlgeschlagene Versuche)</translation>
    </message>
    <message>
        <source>Failure pattern: %1</source>
        <translation>Fehlermuster: %1</translation>
    </message>
</context>
<context>
    <name>tessera::ui::FailuresPanel</name>
    <message>
        <source>Index</source>
        <translation>Index</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Versuche</translation>
    </message>
    <message>
        <source>Last exit code</source>
        <translation>Letzter Exit-Code</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation>Zuletzt gesehen</translation>
    </message>
    <message>
        <source>Failing indexes</source>
        <translation>Fehlschlagende Indizes</translation>
    </message>
    <message>
        <source>Events of the job</source>
        <translation>Ereignisse des Jobs</translation>
    </message>
    <message>
        <source>(not recorded)</source>
        <translation>(nicht aufgezeichnet)</translation>
    </message>
    <message>
        <source>No attempt of this index was recorded; the job&apos;s status counts it as failed.</source>
        <translation>Kein Versuch dieses Index wurde aufgezeichnet; der Status des Jobs zählt ihn als fehlgeschlagen.</translation>
    </message>
    <message>
        <source>(no failed attempt recorded)</source>
        <translation>(kein fehlgeschlagener Versuch aufgezeichnet)</translation>
    </message>
    <message>
        <source>Failing indexes (%1)</source>
        <translation>Fehlschlagende Indizes (%1)</translation>
    </message>
</context>
<context>
    <name>tessera::ui::Format</name>
    <message>
        <source>%1s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1m %2s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1h %2m</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>%1d %2h</source>
        <translation>%1 d %2 h</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>Ausstehend</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Läuft</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>Erfolgreich</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Deleted</source>
        <translation>Gelöscht</translation>
    </message>
    <message>
        <source>Removed by its Job (scale-down; not a failure)</source>
        <translation>Von seinem Job entfernt (Herunterskalieren; kein Fehler)</translation>
    </message>
    <message>
        <source>Lost (its end was not seen)</source>
        <translation>Verloren (sein Ende wurde nicht gesehen)</translation>
    </message>
    <message>
        <source>%1h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>%1h %2m %3s</source>
        <translation>%1 h %2 min %3 s</translation>
    </message>
    <message>
        <source>%1m</source>
        <translation>%1 min</translation>
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
        <translation>1 Pixel = %1 Indizes (schlechtester Zustand angezeigt)</translation>
    </message>
    <message>
        <source>Fit (Ctrl+wheel to zoom)</source>
        <translation>Eingepasst (Strg+Mausrad zum Zoomen)</translation>
    </message>
    <message>
        <source>%1 px cells (Ctrl+0 to fit)</source>
        <translation>%1-px-Zellen (Strg+0 zum Einpassen)</translation>
    </message>
    <message>
        <source>Follow &amp;running</source>
        <translation>Laufende &amp;nachverfolgen</translation>
    </message>
    <message>
        <source>Keep the lowest running index in view while the job advances (when zoomed in); scrolling by hand turns this off</source>
        <translation>Hält den niedrigsten laufenden Index im Blick, während der Job voranschreitet (beim Zoomen); Scrollen von Hand schaltet das aus</translation>
    </message>
    <message>
        <source>Indexes:</source>
        <translation>Indizes:</translation>
    </message>
    <message>
        <source>Indexes per state, as the grid shows them (each index counted once, by its newest attempt and the Job&apos;s index lists)</source>
        <translation>Indizes je Zustand, wie das Raster sie zeigt (jeder Index einmal gezählt, nach seinem neuesten Versuch und den Indexlisten des Jobs)</translation>
    </message>
</context>
<context>
    <name>tessera::ui::HistoryProblemBar</name>
    <message>
        <source>Reset history</source>
        <translation>Historie zurücksetzen</translation>
    </message>
    <message>
        <source>Keep the broken file aside (renamed) and start a new history</source>
        <translation>Die beschädigte Datei beiseitelegen (umbenannt) und eine neue Historie beginnen</translation>
    </message>
    <message>
        <source>History disabled: attempts of deleted pods are not kept</source>
        <translation>Historie deaktiviert: Versuche gelöschter Pods werden nicht aufbewahrt</translation>
    </message>
</context>
<context>
    <name>tessera::ui::IndexGridWidget</name>
    <message>
        <source>Index scoreboard</source>
        <translation>Index-Statusraster</translation>
    </message>
    <message>
        <source>Hostname: %1</source>
        <translation>Hostname: %1</translation>
    </message>
    <message>
        <source>This pixel shows indexes %1-%2 (the state that needs attention first)</source>
        <translation>Dieses Pixel steht für die Indizes %1-%2 (gezeigt wird der Zustand, der zuerst Aufmerksamkeit braucht)</translation>
    </message>
    <message>
        <source>No indexes to show</source>
        <translation>Keine Indizes anzuzeigen</translation>
    </message>
</context>
<context>
    <name>tessera::ui::JobEndWatcher</name>
    <message>
        <source>%1 failed</source>
        <translation>%1 fehlgeschlagen</translation>
    </message>
    <message>
        <source>%1 completed</source>
        <translation>%1 abgeschlossen</translation>
    </message>
    <message>
        <source>%1 of %2 indexes succeeded, %3 failed pods</source>
        <translation>%1 von %2 Indizes erfolgreich, %3 fehlgeschlagene Pods</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Took %1</source>
        <translation>Dauer: %1</translation>
    </message>
</context>
<context>
    <name>tessera::ui::JobListMenu</name>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Open in a new window</source>
        <translation>In neuem Fenster öffnen</translation>
    </message>
    <message>
        <source>Logs</source>
        <translation>Logs</translation>
    </message>
    <message>
        <source>YAML</source>
        <translation>YAML</translation>
    </message>
    <message>
        <source>Copy names</source>
        <translation>Namen kopieren</translation>
    </message>
    <message>
        <source>Copy name</source>
        <translation>Namen kopieren</translation>
    </message>
    <message numerus="yes">
        <source>Suspend %n jobs</source>
        <translation>
            <numerusform>%n Job anhalten</numerusform>
            <numerusform>%n Jobs anhalten</numerusform>
        </translation>
    </message>
    <message>
        <source>Suspend</source>
        <translation>Anhalten</translation>
    </message>
    <message numerus="yes">
        <source>Resume %n jobs</source>
        <translation>
            <numerusform>%n Job fortsetzen</numerusform>
            <numerusform>%n Jobs fortsetzen</numerusform>
        </translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Set parallelism…</source>
        <translation>Parallelität setzen…</translation>
    </message>
    <message>
        <source>Re-run failed indexes…</source>
        <translation>Fehlgeschlagene Indizes wiederholen…</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n jobs…</source>
        <translation>
            <numerusform>%n Job löschen…</numerusform>
            <numerusform>%n Jobs löschen…</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Löschen…</translation>
    </message>
</context>
<context>
    <name>tessera::ui::JobListModel</name>
    <message>
        <source>Pending</source>
        <translation>Ausstehend</translation>
    </message>
    <message>
        <source>Suspended</source>
        <translation>Angehalten</translation>
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
        <translation>%1/%2: %3</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>Namespace</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <source>Completions</source>
        <translation>Completions</translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation>Parallelität</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>Aktiv</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>Erfolgreich</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Alter</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Läuft</translation>
    </message>
    <message>
        <source>Complete</source>
        <translation>Abgeschlossen</translation>
    </message>
    <message>
        <source>Interrupted</source>
        <translation>Unterbrochen</translation>
    </message>
    <message>
        <source>Active pods (the Job&apos;s status.active)</source>
        <translation>Aktive Pods (status.active des Jobs)</translation>
    </message>
    <message>
        <source>Succeeded pods (the Job&apos;s status.succeeded)</source>
        <translation>Erfolgreiche Pods (status.succeeded des Jobs)</translation>
    </message>
    <message>
        <source>Failed pods (the Job&apos;s status.failed: deleted pods that had not finished count too)</source>
        <translation>Fehlgeschlagene Pods (status.failed des Jobs: gelöschte, nicht beendete Pods zählen mit)</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n run(s)</source>
        <comment>a CronJob and how many of its Jobs are listed</comment>
        <translation>
            <numerusform>%1 · %n Lauf</numerusform>
            <numerusform>%1 · %n Läufe</numerusform>
        </translation>
    </message>
    <message>
        <source>Scheduled %1 ago</source>
        <comment>a CronJob&apos;s last run started this long ago</comment>
        <translation>Vor %1 geplant</translation>
    </message>
    <message>
        <source>Not scheduled yet</source>
        <translation>Noch nicht geplant</translation>
    </message>
    <message>
        <source>CronJob %1/%2</source>
        <translation>CronJob %1/%2</translation>
    </message>
    <message>
        <source>Schedule: %1</source>
        <translation>Zeitplan: %1</translation>
    </message>
    <message>
        <source>Schedule: %1 (%2)</source>
        <translation>Zeitplan: %1 (%2)</translation>
    </message>
    <message>
        <source>Suspended: no new runs are started</source>
        <translation>Angehalten: es werden keine neuen Läufe gestartet</translation>
    </message>
    <message>
        <source>Last scheduled %1 ago</source>
        <translation>Zuletzt vor %1 geplant</translation>
    </message>
    <message>
        <source>Last successful run %1 ago</source>
        <translation>Letzter erfolgreicher Lauf vor %1</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) active</source>
        <comment>a CronJob&apos;s running Jobs</comment>
        <translation>
            <numerusform>%n Lauf aktiv</numerusform>
            <numerusform>%n Läufe aktiv</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tessera::ui::JobView</name>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Pods</source>
        <translation>Pods</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>Zone</source>
        <translation>Zone</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>Versuch</translation>
    </message>
    <message>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>End</source>
        <translation>Ende</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Exit code</source>
        <translation>Exit-Code</translation>
    </message>
    <message>
        <source>&amp;Scoreboard</source>
        <translation>&amp;Statusraster</translation>
    </message>
    <message>
        <source>F&amp;ailures &amp;&amp; events</source>
        <translation>&amp;Fehlschläge &amp;&amp; Ereignisse</translation>
    </message>
    <message>
        <source>&amp;Timeline</source>
        <translation>&amp;Zeitleiste</translation>
    </message>
    <message>
        <source>Loading the job…</source>
        <translation>Job wird geladen…</translation>
    </message>
    <message>
        <source>This job no longer exists.</source>
        <translation>Dieser Job existiert nicht mehr.</translation>
    </message>
    <message>
        <source>The job was deleted.</source>
        <translation>Der Job wurde gelöscht.</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Parallelism, applied to the running job as you change it</source>
        <translation>Parallelität; Änderungen gelten sofort für den laufenden Job</translation>
    </message>
    <message>
        <source>&amp;Parallelism:</source>
        <translation>&amp;Parallelität:</translation>
    </message>
    <message>
        <source>Suspend</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Löschen…</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Click an index to see its attempts and log.</source>
        <translation>Klicken Sie auf einen Index, um seine Versuche und sein Log zu sehen.</translation>
    </message>
    <message>
        <source>Active pods by node</source>
        <translation>Aktive Pods nach Knoten</translation>
    </message>
    <message>
        <source>Active pods by zone (topology.kubernetes.io/zone)</source>
        <translation>Aktive Pods nach Zone (topology.kubernetes.io/zone)</translation>
    </message>
    <message>
        <source>This job has no indexes.</source>
        <translation>Dieser Job hat keine Indizes.</translation>
    </message>
    <message>
        <source>A NonIndexed job has no per-index scoreboard; see its pods and events.</source>
        <translation>Ein NonIndexed-Job hat kein Statusraster pro Index; siehe seine Pods und Ereignisse.</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Wird geladen…</translation>
    </message>
    <message>
        <source>Namespace: %1</source>
        <translation>Namespace: %1</translation>
    </message>
    <message>
        <source>%1, completions: %2</source>
        <translation>%1, Completions: %2</translation>
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
        <translation>gestartet %1</translation>
    </message>
    <message>
        <source>duration %1</source>
        <translation>Dauer %1</translation>
    </message>
    <message>
        <source>Conditions: none</source>
        <translation>Bedingungen: keine</translation>
    </message>
    <message>
        <source>Conditions: %1</source>
        <translation>Bedingungen: %1</translation>
    </message>
    <message>
        <source>ETA: unknown (no recent completions)</source>
        <translation>Restzeit: unbekannt (keine Abschlüsse in letzter Zeit)</translation>
    </message>
    <message>
        <source>ETA %1 (%2/min)</source>
        <translation>Restzeit %1 (%2/min)</translation>
    </message>
    <message>
        <source>Completed indexes (%1)</source>
        <translation>Abgeschlossene Indizes (%1)</translation>
    </message>
    <message>
        <source>Failed indexes (%1)</source>
        <translation>Fehlgeschlagene Indizes (%1)</translation>
    </message>
    <message>
        <source>(not scheduled)</source>
        <translation>(nicht eingeplant)</translation>
    </message>
    <message>
        <source>(no zone label)</source>
        <translation>(kein Zonen-Label)</translation>
    </message>
    <message>
        <source>Setting parallelism to %1…</source>
        <translation>Parallelität wird auf %1 gesetzt…</translation>
    </message>
    <message>
        <source>Suspending…</source>
        <translation>Wird angehalten…</translation>
    </message>
    <message>
        <source>Resuming…</source>
        <translation>Wird fortgesetzt…</translation>
    </message>
    <message>
        <source>Delete job</source>
        <translation>Job löschen</translation>
    </message>
    <message>
        <source>Delete the job %1 in namespace %2 and its pods?</source>
        <translation>Job %1 im Namespace %2 samt seinen Pods löschen?</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Deleting…</source>
        <translation>Wird gelöscht…</translation>
    </message>
    <message>
        <source>Sprea&amp;d</source>
        <translation>&amp;Verteilung</translation>
    </message>
    <message>
        <source>&amp;Charts</source>
        <translation>Dia&amp;gramme</translation>
    </message>
    <message>
        <source>Its runner is gone (killed, or the machine restarted): continue the run in a new runner. Finished items do not run again.</source>
        <translation>Sein Runner läuft nicht mehr (beendet, oder der Rechner wurde neu gestartet): den Lauf in einem neuen Runner fortsetzen. Fertige Einträge laufen nicht erneut.</translation>
    </message>
    <message>
        <source>The job&apos;s status.failedIndexes is not set (no backoffLimitPerIndex); these indexes failed with the job.</source>
        <translation>status.failedIndexes des Jobs ist nicht gesetzt (kein backoffLimitPerIndex); diese Indizes sind mit dem Job fehlgeschlagen.</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>nicht aufgezeichnet</translation>
    </message>
    <message>
        <source>Recorded in the history; the pod is gone</source>
        <translation>Im Verlauf aufgezeichnet; der Pod existiert nicht mehr</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; &amp;mdash; %2 &amp;mdash; hostname %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; &amp;mdash; %2 &amp;mdash; Hostname %3</translation>
    </message>
    <message>
        <source>Pods (Job status): %1 active / %2 succeeded / %3 failed</source>
        <translation>Pods (Job-Status): %1 aktiv / %2 erfolgreich / %3 fehlgeschlagen</translation>
    </message>
    <message>
        <source> · %1 failed seen</source>
        <translation> · %1 fehlgeschlagen gesehen</translation>
    </message>
    <message>
        <source>Stra&amp;gglers</source>
        <translation>Na&amp;chzügler</translation>
    </message>
    <message>
        <source>ETA %1–%2 (%3/min)</source>
        <translation>Restzeit %1–%2 (%3/min)</translation>
    </message>
    <message>
        <source>ETA %1–%2 (%3/min, stragglers: %4)</source>
        <translation>Restzeit %1–%2 (%3/min, Nachzügler: %4)</translation>
    </message>
    <message>
        <source>Pods</source>
        <comment>tab</comment>
        <translation>Pods</translation>
    </message>
    <message>
        <source>Open log</source>
        <translation>Log öffnen</translation>
    </message>
    <message>
        <source>Describe pod</source>
        <translation>Pod beschreiben</translation>
    </message>
    <message>
        <source>YAML of the pod</source>
        <translation>YAML des Pods</translation>
    </message>
    <message>
        <source>Copy pod names</source>
        <translation>Pod-Namen kopieren</translation>
    </message>
    <message>
        <source>Copy pod name</source>
        <translation>Pod-Namen kopieren</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n pods…</source>
        <translation>
            <numerusform>%n Pod löschen…</numerusform>
            <numerusform>%n Pods löschen…</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete pod…</source>
        <translation>Pod löschen…</translation>
    </message>
    <message>
        <source>These pods are gone (known from the history only).</source>
        <translation>Diese Pods existieren nicht mehr (nur aus dem Verlauf bekannt).</translation>
    </message>
    <message>
        <source>Copy index string</source>
        <translation>Index-Zeichenkette kopieren</translation>
    </message>
    <message>
        <source>Re-run these indexes…</source>
        <translation>Diese Indizes wiederholen…</translation>
    </message>
    <message>
        <source>Index %1</source>
        <translation>Index %1</translation>
    </message>
    <message numerus="yes">
        <source>%n indexes</source>
        <translation>
            <numerusform>%n Index</numerusform>
            <numerusform>%n Indizes</numerusform>
        </translation>
    </message>
    <message>
        <source>Show pods</source>
        <translation>Pods zeigen</translation>
    </message>
    <message>
        <source>Resume job</source>
        <translation>Job fortsetzen</translation>
    </message>
    <message>
        <source>Suspend job</source>
        <translation>Job anhalten</translation>
    </message>
    <message>
        <source>Set parallelism…</source>
        <translation>Parallelität setzen…</translation>
    </message>
    <message>
        <source>Select on the grid</source>
        <translation>Im Raster auswählen</translation>
    </message>
    <message>
        <source>Double-click a row to see its pods.</source>
        <translation>Doppelklick auf eine Zeile zeigt ihre Pods.</translation>
    </message>
</context>
<context>
    <name>tessera::ui::KubeconfigBar</name>
    <message>
        <source>Reload &amp;kubeconfig</source>
        <translation>&amp;Kubeconfig neu laden</translation>
    </message>
    <message>
        <source>Read the kubeconfig files again (KUBECONFIG, else ~/.kube/config)</source>
        <translation>Die Kubeconfig-Dateien erneut lesen (KUBECONFIG, sonst ~/.kube/config)</translation>
    </message>
    <message>
        <source>Kubeconfig: %1</source>
        <translation>Kubeconfig: %1</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
</context>
<context>
    <name>tessera::ui::LogSearchBar</name>
    <message>
        <source>Find in log (F3 next, Shift+F3 previous)</source>
        <translation>Im Protokoll suchen (F3 weiter, Umschalt+F3 zurück)</translation>
    </message>
    <message>
        <source>Previous match (Shift+F3)</source>
        <translation>Vorheriger Treffer (Umschalt+F3)</translation>
    </message>
    <message>
        <source>Next match (F3)</source>
        <translation>Nächster Treffer (F3)</translation>
    </message>
    <message>
        <source>Close the search (Escape)</source>
        <translation>Suche schließen (Esc)</translation>
    </message>
    <message>
        <source>no match</source>
        <translation>kein Treffer</translation>
    </message>
    <message>
        <source>over %1 matches</source>
        <translation>über %1 Treffer</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n Treffer</numerusform>
            <numerusform>%n Treffer</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tessera::ui::LogViewWidget</name>
    <message>
        <source>Index </source>
        <translation>Index </translation>
    </message>
    <message>
        <source>Filter lines</source>
        <translation>Zeilen filtern</translation>
    </message>
    <message>
        <source>Click an index in the scoreboard (or pick one above) to see its log.</source>
        <translation>Klicken Sie im Statusraster auf einen Index (oder wählen Sie oben einen aus), um sein Log zu sehen.</translation>
    </message>
    <message>
        <source>&amp;Load</source>
        <translation>&amp;Laden</translation>
    </message>
    <message>
        <source>Newest attempt</source>
        <translation>Neuester Versuch</translation>
    </message>
    <message>
        <source>Attempt %1</source>
        <translation>Versuch %1</translation>
    </message>
    <message>
        <source>Loading the log of index %1…</source>
        <translation>Log von Index %1 wird geladen…</translation>
    </message>
    <message>
        <source>Index %1: end of log (%2 lines)</source>
        <translation>Index %1: Ende des Logs (%2 Zeilen)</translation>
    </message>
    <message>
        <source>Index %1: %2 lines, following</source>
        <translation>Index %1: %2 Zeilen, wird mitverfolgt</translation>
    </message>
    <message>
        <source>Loading the logs of every index…</source>
        <translation>Die Logs aller Indizes werden geladen…</translation>
    </message>
    <message>
        <source>All indexes: %1 lines, refreshed every 3 s</source>
        <translation>Alle Indizes: %1 Zeilen, alle 3 s aktualisiert</translation>
    </message>
    <message>
        <source>All indexes: %1 lines</source>
        <translation>Alle Indizes: %1 Zeilen</translation>
    </message>
    <message>
        <source>All i&amp;ndexes</source>
        <translation>Alle &amp;Indizes</translation>
    </message>
    <message>
        <source>F&amp;ollow</source>
        <translation>&amp;Mitverfolgen</translation>
    </message>
    <message>
        <source>The index whose log is shown (Ctrl+L)</source>
        <translation>Der Index, dessen Log angezeigt wird (Strg+L)</translation>
    </message>
    <message>
        <source>Every index&apos;s log merged, each line prefixed with its index</source>
        <translation>Die Logs aller Indizes zusammengeführt, jede Zeile mit ihrem Index davor</translation>
    </message>
    <message>
        <source>Wrap</source>
        <translation>Umbruch</translation>
    </message>
    <message>
        <source>Times</source>
        <translation>Zeiten</translation>
    </message>
    <message>
        <source>Show the whole log</source>
        <translation>Ganzes Protokoll zeigen</translation>
    </message>
    <message>
        <source>Which attempt of the index: the newest, or an earlier one</source>
        <translation>Welcher Versuch des Index: der neueste oder ein früherer</translation>
    </message>
    <message>
        <source>Wrap long lines</source>
        <translation>Lange Zeilen umbrechen</translation>
    </message>
    <message>
        <source>Each line&apos;s time, as the cluster recorded it (local runs record none)</source>
        <translation>Die Zeit jeder Zeile, wie der Cluster sie aufzeichnete (lokale Läufe zeichnen keine auf)</translation>
    </message>
    <message>
        <source>Ctrl+F finds text in the log</source>
        <translation>Strg+F sucht Text im Protokoll</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>Speichern…</translation>
    </message>
    <message>
        <source>Save the whole log of this attempt to a file</source>
        <translation>Das ganze Protokoll dieses Versuchs in eine Datei speichern</translation>
    </message>
    <message>
        <source>Pick one index to save its log.</source>
        <translation>Einen Index wählen, um sein Protokoll zu speichern.</translation>
    </message>
    <message>
        <source>Save log</source>
        <translation>Protokoll speichern</translation>
    </message>
    <message>
        <source>Logs (*.log *.txt);;All files (*)</source>
        <translation>Protokolle (*.log *.txt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Saving the log of index %1 to %2…</source>
        <translation>Protokoll von Index %1 wird in %2 gespeichert…</translation>
    </message>
    <message>
        <source>Saved %1 (%2)</source>
        <translation>%1 gespeichert (%2)</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>Nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>The start of this log is not shown: %1 before these lines were left out.</source>
        <translation>Der Anfang dieses Protokolls fehlt: %1 vor diesen Zeilen wurden ausgelassen.</translation>
    </message>
    <message>
        <source>Only the last lines of this log are shown; earlier ones may exist.</source>
        <translation>Nur die letzten Zeilen dieses Protokolls werden gezeigt; es kann frühere geben.</translation>
    </message>
    <message>
        <source>Index %1: %2 lines, showing…</source>
        <translation>Index %1: %2 Zeilen, wird angezeigt…</translation>
    </message>
    <message>
        <source>Index %1: end of log (the last %2 lines)</source>
        <translation>Index %1: Ende des Protokolls (die letzten %2 Zeilen)</translation>
    </message>
    <message>
        <source>The start of this log is not shown: only its last %1 lines are.</source>
        <translation>Der Anfang dieses Protokolls fehlt: nur seine letzten %1 Zeilen werden gezeigt.</translation>
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
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Where the jobs come from: a kubeconfig context, local runs, or the built-in demo</source>
        <translation>Woher die Jobs kommen: ein kubeconfig-Kontext, lokale Läufe oder die eingebaute Demo</translation>
    </message>
    <message>
        <source> Source: </source>
        <translation> Quelle: </translation>
    </message>
    <message>
        <source>Filter jobs (Ctrl+F)</source>
        <translation>Jobs filtern (Strg+F)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;New window</source>
        <translation>&amp;Neues Fenster</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Aktualisieren</translation>
    </message>
    <message>
        <source>&amp;Filter jobs</source>
        <translation>Jobs &amp;filtern</translation>
    </message>
    <message>
        <source>Index &amp;logs</source>
        <translation>Index-&amp;Logs</translation>
    </message>
    <message>
        <source>Ctrl+L</source>
        <translation>Ctrl+L</translation>
    </message>
    <message>
        <source>&amp;Job</source>
        <translation>&amp;Job</translation>
    </message>
    <message>
        <source>Open in new &amp;window</source>
        <translation>In neuem &amp;Fenster öffnen</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <source>Clear recorded &amp;history of this source</source>
        <translation>Aufgezeichneten &amp;Verlauf dieser Quelle löschen</translation>
    </message>
    <message>
        <source>Select a job to see its scoreboard.

Double-click or press Enter to open it; Ctrl+Shift+O opens it in a window of its own.</source>
        <translation>Wählen Sie einen Job aus, um sein Statusraster zu sehen.

Doppelklick oder Eingabetaste öffnet ihn; Strg+Umschalt+O öffnet ihn in einem eigenen Fenster.</translation>
    </message>
    <message>
        <source>Local runs</source>
        <translation>Lokale Läufe</translation>
    </message>
    <message>
        <source>Demo</source>
        <translation>Demo</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>%1 wird geöffnet…</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Tessera — %1</source>
        <translation>Tessera — %1</translation>
    </message>
    <message>
        <source>Listing jobs of %1…</source>
        <translation>Jobs von %1 werden aufgelistet…</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Verbindung wird hergestellt…</translation>
    </message>
    <message>
        <source>Retrying in %1 s: %2</source>
        <translation>Neuer Versuch in %1 s: %2</translation>
    </message>
    <message>
        <source>Unauthorized: %1</source>
        <translation>Nicht autorisiert: %1</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Pick a source.</source>
        <translation>Wählen Sie eine Quelle.</translation>
    </message>
    <message>
        <source>Loading jobs…</source>
        <translation>Jobs werden geladen…</translation>
    </message>
    <message>
        <source>No jobs here yet. Drop a work list on this window to launch one, or start one with tessera run, tessera launch or kubectl.</source>
        <translation>Hier gibt es noch keine Jobs. Ziehen Sie eine Arbeitsliste auf dieses Fenster, um einen zu starten, oder starten Sie einen mit tessera run, tessera launch oder kubectl.</translation>
    </message>
    <message>
        <source>No job matches &quot;%1&quot;.</source>
        <translation>Kein Job passt zu „%1“.</translation>
    </message>
    <message>
        <source>%1 — Tessera</source>
        <translation>%1 — Tessera</translation>
    </message>
    <message>
        <source>Refreshing…</source>
        <translation>Wird aktualisiert…</translation>
    </message>
    <message>
        <source>&amp;Launch from file…</source>
        <translation>Aus Datei &amp;starten…</translation>
    </message>
    <message>
        <source>Launch work lists or Job manifests</source>
        <translation>Arbeitslisten oder Job-Manifeste starten</translation>
    </message>
    <message>
        <source>Work lists and manifests (*.txt *.list *.csv *.yaml *.yml *.json);;All files (*)</source>
        <translation>Arbeitslisten und Manifeste (*.txt *.list *.csv *.yaml *.yml *.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>&amp;Export report…</source>
        <translation>Bericht e&amp;xportieren…</translation>
    </message>
    <message>
        <source>Select a job to export its report.</source>
        <translation>Wählen Sie einen Job, um seinen Bericht zu exportieren.</translation>
    </message>
    <message>
        <source>Export completion report</source>
        <translation>Abschlussbericht exportieren</translation>
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
        <translation>Systemvorgabe</translation>
    </message>
    <message>
        <source>The language changes when Tessera starts again.</source>
        <translation>Die Sprache ändert sich beim nächsten Start von Tessera.</translation>
    </message>
    <message>
        <source>Launched %1</source>
        <translation>%1 gestartet</translation>
    </message>
    <message>
        <source>Local runs are not available: %1</source>
        <translation>Lokale Läufe sind nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>Starting the local run…</source>
        <translation>Lokaler Lauf wird gestartet…</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>Bericht nach %1 geschrieben</translation>
    </message>
    <message>
        <source>Exporting the report of %1…</source>
        <translation>Bericht von %1 wird exportiert…</translation>
    </message>
    <message>
        <source>&amp;Re-run failed indexes…</source>
        <translation>Fehlgeschlagene Indizes e&amp;rneut ausführen…</translation>
    </message>
    <message>
        <source>Re-run indexes that did &amp;not succeed…</source>
        <translation>&amp;Nicht erfolgreiche Indizes erneut ausführen…</translation>
    </message>
    <message>
        <source>Select a finished job to re-run its indexes.</source>
        <translation>Wählen Sie einen beendeten Job, um seine Indizes erneut auszuführen.</translation>
    </message>
    <message>
        <source>Nothing to re-run: no index qualifies.</source>
        <translation>Nichts erneut auszuführen: kein Index kommt in Frage.</translation>
    </message>
    <message>
        <source>Loading the items of %1…</source>
        <translation>Lade die Elemente von %1…</translation>
    </message>
    <message>
        <source>Connected</source>
        <translation>Verbunden</translation>
    </message>
    <message>
        <source>Lan&amp;guage</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Design</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>&amp;System</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Hell</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Dunkel</translation>
    </message>
    <message>
        <source>&amp;Command palette…</source>
        <translation>&amp;Befehlspalette…</translation>
    </message>
    <message>
        <source>Ctrl+K</source>
        <translation>Ctrl+K</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>Ctrl+/</source>
        <translation>Ctrl+/</translation>
    </message>
    <message>
        <source>&amp;About Tessera</source>
        <translation>&amp;Über Tessera</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <source>Tab</source>
        <translation>Tab</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>About Tessera</source>
        <translation>Über Tessera</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Tessera %1&lt;/h3&gt;&lt;p&gt;Watch, run and report Kubernetes Indexed Jobs, index by index: a scoreboard of every completion index, its attempts and logs, charts, a timeline and completion reports; work lists run locally or on a cluster.&lt;/p&gt;&lt;p&gt;Press Ctrl+K for the command palette, Ctrl+/ for the keyboard shortcuts. &lt;code&gt;tessera --help&lt;/code&gt; lists the commands that need no window.&lt;/p&gt;&lt;p&gt;Built with Qt %2.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Tessera %1&lt;/h3&gt;&lt;p&gt;Kubernetes Indexed Jobs beobachten, ausführen und auswerten, Index für Index: ein Statusraster aller Completion-Indizes mit ihren Versuchen und Logs, Diagramme, eine Zeitleiste und Abschlussberichte; Arbeitslisten laufen lokal oder im Cluster.&lt;/p&gt;&lt;p&gt;Strg+K öffnet die Befehlspalette, Strg+/ die Tastenkürzel. &lt;code&gt;tessera --help&lt;/code&gt; zeigt die Befehle, die kein Fenster brauchen.&lt;/p&gt;&lt;p&gt;Erstellt mit Qt %2.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Res&amp;ume interrupted run</source>
        <translation>Unterbrochenen Lauf f&amp;ortsetzen</translation>
    </message>
    <message>
        <source>Select an interrupted local run to resume it.</source>
        <translation>Wählen Sie einen unterbrochenen lokalen Lauf, um ihn fortzusetzen.</translation>
    </message>
    <message>
        <source>Resuming %1…</source>
        <translation>%1 wird fortgesetzt…</translation>
    </message>
    <message>
        <source>No&amp;tify when it ends</source>
        <translation>Bei Ende &amp;benachrichtigen</translation>
    </message>
    <message>
        <source>A desktop notification when the selected job completes or fails (on for the jobs launched from this window)</source>
        <translation>Eine Desktop-Benachrichtigung, wenn der gewählte Job abschließt oder fehlschlägt (an für die aus diesem Fenster gestarteten Jobs)</translation>
    </message>
    <message>
        <source>&amp;Compare with another run…</source>
        <translation>Mit anderem Lauf ver&amp;gleichen…</translation>
    </message>
    <message>
        <source>Select a job to compare first.</source>
        <translation>Wählen Sie zuerst einen Job zum Vergleichen.</translation>
    </message>
    <message>
        <source>&amp;YAML…</source>
        <translation>&amp;YAML…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+Y</source>
        <translation>Ctrl+Shift+Y</translation>
    </message>
    <message>
        <source>YAML and pods are shown for cluster and Demo jobs; a local run has no API object.</source>
        <translation>YAML und Pods gibt es für Cluster- und Demo-Jobs; ein lokaler Lauf hat kein API-Objekt.</translation>
    </message>
    <message>
        <source>Reading the kubeconfig…</source>
        <translation>Kubeconfig wird gelesen…</translation>
    </message>
</context>
<context>
    <name>tessera::ui::PodDescribeDialog</name>
    <message>
        <source>Running since %1</source>
        <translation>Läuft seit %1</translation>
    </message>
    <message>
        <source>Waiting: %1</source>
        <translation>Wartet: %1</translation>
    </message>
    <message>
        <source>Terminated: exit code %1</source>
        <translation>Beendet: Exit-Code %1</translation>
    </message>
    <message>
        <source>, at %1</source>
        <translation>, um %1</translation>
    </message>
    <message>
        <source>Condition</source>
        <translation>Bedingung</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <source>Last change</source>
        <translation>Letzte Änderung</translation>
    </message>
    <message>
        <source>Container</source>
        <translation>Container</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>Restarts</source>
        <translation>Neustarts</translation>
    </message>
    <message>
        <source>Last termination</source>
        <translation>Letztes Ende</translation>
    </message>
    <message>
        <source>Pod %1</source>
        <translation>Pod %1</translation>
    </message>
    <message>
        <source>Conditions</source>
        <translation>Bedingungen</translation>
    </message>
    <message>
        <source>Containers</source>
        <translation>Container</translation>
    </message>
    <message>
        <source>Events of the pod</source>
        <translation>Ereignisse des Pods</translation>
    </message>
    <message>
        <source>Events of the job</source>
        <translation>Ereignisse des Jobs</translation>
    </message>
    <message>
        <source>Events of the pod (%1)</source>
        <translation>Ereignisse des Pods (%1)</translation>
    </message>
    <message>
        <source>Events of the pod: %1</source>
        <translation>Ereignisse des Pods: %1</translation>
    </message>
    <message>
        <source>Pod %1 · %2 · node %3</source>
        <translation>Pod %1 · %2 · Knoten %3</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>noch keiner</translation>
    </message>
    <message>
        <source> · index %1</source>
        <translation> · Index %1</translation>
    </message>
    <message>
        <source> · started %1</source>
        <translation> · gestartet %1</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>Pod %1 no longer exists, and the History has no record of it.</source>
        <translation>Pod %1 existiert nicht mehr, und der Verlauf hat keinen Eintrag dazu.</translation>
    </message>
    <message>
        <source>Pod %1 no longer exists. The History recorded: index %2, attempt %3, %4</source>
        <translation>Pod %1 existiert nicht mehr. Der Verlauf zeichnete auf: Index %2, Versuch %3, %4</translation>
    </message>
    <message>
        <source> on %1</source>
        <translation> auf %1</translation>
    </message>
    <message>
        <source>, started %1</source>
        <translation>, gestartet %1</translation>
    </message>
    <message>
        <source>, ended %1</source>
        <translation>, beendet %1</translation>
    </message>
    <message>
        <source>, exit code %1</source>
        <translation>, Exit-Code %1</translation>
    </message>
</context>
<context>
    <name>tessera::ui::PodsModel</name>
    <message>
        <source>Recorded in the history; the pod is gone</source>
        <translation>Im Verlauf aufgezeichnet; der Pod existiert nicht mehr</translation>
    </message>
    <message>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Index</source>
        <translation>Index</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>Versuch</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Zone</source>
        <translation>Zone</translation>
    </message>
    <message>
        <source>Exit code</source>
        <translation>Exit-Code</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Restarts</source>
        <translation>Neustarts</translation>
    </message>
</context>
<context>
    <name>tessera::ui::PodsPanel</name>
    <message>
        <source>Filter pods by name, node, zone, reason, phase…</source>
        <translation>Pods nach Name, Knoten, Zone, Grund, Phase filtern…</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Zone</source>
        <translation>Zone</translation>
    </message>
    <message>
        <source>Exit code</source>
        <translation>Exit-Code</translation>
    </message>
    <message>
        <source>Show all pods</source>
        <translation>Alle Pods zeigen</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Alle</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Indexes %1</source>
        <translation>Indizes %1</translation>
    </message>
    <message>
        <source>%1 of %2 pods</source>
        <translation>%1 von %2 Pods</translation>
    </message>
</context>
<context>
    <name>tessera::ui::ReportExporter</name>
    <message>
        <source>%1: unknown report format; name the file .html, .pdf, .csv or .json</source>
        <translation>%1: unbekanntes Berichtsformat; benennen Sie die Datei .html, .pdf, .csv oder .json</translation>
    </message>
    <message>
        <source>%1: no source is open</source>
        <translation>%1: keine Quelle geöffnet</translation>
    </message>
    <message>
        <source>Loading every attempt of the job…</source>
        <translation>Alle Versuche des Jobs werden geladen…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>Bericht exportieren</translation>
    </message>
    <message>
        <source>%1: cancelled</source>
        <translation>%1: abgebrochen</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>%1 wird geschrieben…</translation>
    </message>
</context>
<context>
    <name>tessera::ui::RunningRunsPrompt</name>
    <message>
        <source>Local runs keep running</source>
        <translation>Lokale Läufe laufen weiter</translation>
    </message>
    <message>
        <source>Still running: %1.</source>
        <translation>Laufen noch: %1.</translation>
    </message>
    <message>
        <source>They continue after this window closes, each in its own process. Open &quot;Local runs&quot; again to watch them; a run stopped by a restart shows as Interrupted and can be resumed.</source>
        <translation>Sie laufen nach dem Schließen dieses Fensters weiter, jeder in seinem eigenen Prozess. Öffnen Sie „Lokale Läufe“ erneut, um sie zu verfolgen; ein durch einen Neustart angehaltener Lauf wird als „Unterbrochen“ angezeigt und kann fortgesetzt werden.</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
</context>
<context>
    <name>tessera::ui::ScopeBar</name>
    <message>
        <source>All namespaces</source>
        <translation>Alle Namespaces</translation>
    </message>
    <message>
        <source>Namespaces, separated by commas (empty: all namespaces); press Enter to apply</source>
        <translation>Namespaces, durch Kommas getrennt (leer: alle Namespaces); mit Eingabetaste übernehmen</translation>
    </message>
    <message>
        <source>Label selector</source>
        <translation>Label-Selektor</translation>
    </message>
    <message>
        <source>Only jobs with these labels, as kubectl -l takes them (app=etl,tier!=test); press Enter to apply</source>
        <translation>Nur Jobs mit diesen Labels, wie kubectl -l sie nimmt (app=etl,tier!=test); mit Eingabetaste übernehmen</translation>
    </message>
    <message>
        <source>  Namespaces: </source>
        <translation>  Namespaces: </translation>
    </message>
</context>
<context>
    <name>tessera::ui::ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
    <message>
        <source>What they do</source>
        <translation>Was sie tun</translation>
    </message>
    <message>
        <source> or </source>
        <translation> oder </translation>
    </message>
    <message>
        <source>Tab, Shift+Tab</source>
        <translation>Tab, Umschalt+Tab</translation>
    </message>
    <message>
        <source>Move between the job list, the scoreboard, the tabs and the log</source>
        <translation>Zwischen Jobliste, Statusraster, Tabs und Log wechseln</translation>
    </message>
    <message>
        <source>Alt+underlined letter</source>
        <translation>Alt+unterstrichener Buchstabe</translation>
    </message>
    <message>
        <source>Open a menu or tab, or go to a field</source>
        <translation>Ein Menü oder einen Tab öffnen oder zu einem Feld springen</translation>
    </message>
    <message>
        <source>Arrows, Page Up/Down, Home, End</source>
        <translation>Pfeiltasten, Bild auf/ab, Pos1, Ende</translation>
    </message>
    <message>
        <source>Scoreboard: move the current index</source>
        <translation>Statusraster: den aktuellen Index bewegen</translation>
    </message>
    <message>
        <source>Shift+arrows, Ctrl+A</source>
        <translation>Umschalt+Pfeiltasten, Strg+A</translation>
    </message>
    <message>
        <source>Scoreboard: select indexes</source>
        <translation>Statusraster: Indizes auswählen</translation>
    </message>
    <message>
        <source>Ctrl+C</source>
        <translation>Strg+C</translation>
    </message>
    <message>
        <source>Scoreboard: copy the selection as an index string (&quot;3-5,9&quot;)</source>
        <translation>Statusraster: die Auswahl als Index-Zeichenkette kopieren („3-5,9“)</translation>
    </message>
    <message>
        <source>Enter, Space</source>
        <translation>Eingabe, Leertaste</translation>
    </message>
    <message>
        <source>Scoreboard: show the current index&apos;s attempts and log</source>
        <translation>Statusraster: Versuche und Log des aktuellen Index zeigen</translation>
    </message>
    <message>
        <source>Ctrl+wheel, Ctrl++, Ctrl+-</source>
        <translation>Strg+Mausrad, Strg++, Strg+-</translation>
    </message>
    <message>
        <source>Scoreboard: zoom (the wheel zooms around the pointer)</source>
        <translation>Statusraster: zoomen (das Mausrad zoomt um den Mauszeiger)</translation>
    </message>
    <message>
        <source>Ctrl+0</source>
        <translation>Strg+0</translation>
    </message>
    <message>
        <source>Scoreboard: fit every index</source>
        <translation>Statusraster: alle Indizes einpassen</translation>
    </message>
    <message>
        <source>Ctrl+W, Esc</source>
        <translation>Strg+W, Esc</translation>
    </message>
    <message>
        <source>Close a job&apos;s own window</source>
        <translation>Das eigene Fenster eines Jobs schließen</translation>
    </message>
    <message>
        <source>Ctrl+F in the log</source>
        <translation>Strg+F im Protokoll</translation>
    </message>
    <message>
        <source>Log: find text (F3 next, Shift+F3 previous)</source>
        <translation>Protokoll: Text suchen (F3 weiter, Umschalt+F3 zurück)</translation>
    </message>
</context>
<context>
    <name>tessera::ui::StragglersPanel</name>
    <message>
        <source>Index</source>
        <translation>Index</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>Versuch</translation>
    </message>
    <message>
        <source>Running for</source>
        <translation>Läuft seit</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Not enough samples to tell stragglers: %1 succeeded attempts with recorded times, %2 needed.</source>
        <translation>Zu wenige Stichproben für Nachzügler: %1 erfolgreiche Versuche mit erfassten Zeiten, %2 nötig.</translation>
    </message>
    <message>
        <source>Stragglers: %1, the attempts running longer than %2 (the 95th percentile of %3 succeeded attempts; median %4).</source>
        <translation>Nachzügler: %1, die Versuche, die länger als %2 laufen (das 95. Perzentil von %3 erfolgreichen Versuchen; Median %4).</translation>
    </message>
</context>
<context>
    <name>tessera::ui::TimelineWidget</name>
    <message>
        <source>&lt;b&gt;Index %1&lt;/b&gt;, attempt %2&lt;br&gt;Pod: %3&lt;br&gt;Node: %4&lt;br&gt;Phase: %5</source>
        <translation>&lt;b&gt;Index %1&lt;/b&gt;, Versuch %2&lt;br&gt;Pod: %3&lt;br&gt;Knoten: %4&lt;br&gt;Phase: %5</translation>
    </message>
    <message>
        <source>Exit code: %1</source>
        <translation>Exit-Code: %1</translation>
    </message>
    <message>
        <source>Reason: %1</source>
        <translation>Grund: %1</translation>
    </message>
    <message>
        <source>Index</source>
        <translation>Index</translation>
    </message>
    <message>
        <source>unscheduled</source>
        <translation>nicht eingeplant</translation>
    </message>
    <message>
        <source>still running</source>
        <translation>läuft noch</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>Start: %1&lt;br&gt;End: %2&lt;br&gt;Duration: %3</source>
        <translation>Start: %1&lt;br&gt;Ende: %2&lt;br&gt;Dauer: %3</translation>
    </message>
    <message>
        <source>Recorded in the history; the pod is gone</source>
        <translation>Im Verlauf aufgezeichnet; der Pod existiert nicht mehr</translation>
    </message>
    <message>
        <source>No attempts recorded yet</source>
        <translation>Noch keine Versuche aufgezeichnet</translation>
    </message>
    <message>
        <source>not recorded (the attempt was lost: its pod was gone before its end was seen)</source>
        <translation>nicht aufgezeichnet (der Versuch ging verloren: sein Pod war weg, bevor sein Ende gesehen wurde)</translation>
    </message>
</context>
<context>
    <name>tessera::ui::YamlDialog</name>
    <message>
        <source>Managed fields</source>
        <translation>Verwaltete Felder</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>Speichern…</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <source>Review changes</source>
        <translation>Änderungen prüfen</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Anwenden</translation>
    </message>
    <message>
        <source>Take the fields over and apply</source>
        <translation>Felder übernehmen und anwenden</translation>
    </message>
    <message>
        <source>Back to the edit</source>
        <translation>Zurück zur Bearbeitung</translation>
    </message>
    <message>
        <source>Show metadata.managedFields: which field manager set which field</source>
        <translation>metadata.managedFields zeigen: welcher Feldverwalter welches Feld setzte</translation>
    </message>
    <message>
        <source>Edit the Job and apply it by server-side apply (field manager &quot;tessera&quot;)</source>
        <translation>Den Job bearbeiten und per Server-Side-Apply anwenden (Feldverwalter &quot;tessera&quot;)</translation>
    </message>
    <message>
        <source>Apply again with force: Tessera becomes the manager of the fields listed above</source>
        <translation>Erneut mit force anwenden: Tessera wird Verwalter der oben genannten Felder</translation>
    </message>
    <message>
        <source>Save YAML</source>
        <translation>YAML speichern</translation>
    </message>
    <message>
        <source>YAML (*.yaml *.yml)</source>
        <translation>YAML (*.yaml *.yml)</translation>
    </message>
    <message>
        <source>Job %1/%2</source>
        <translation>Job %1/%2</translation>
    </message>
    <message>
        <source>Pod %1/%2</source>
        <translation>Pod %1/%2</translation>
    </message>
    <message>
        <source>Cancel the edit</source>
        <translation>Bearbeitung abbrechen</translation>
    </message>
    <message>
        <source>The source of this object is closed.</source>
        <translation>Die Quelle dieses Objekts ist geschlossen.</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>%1 wird geladen…</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Live, with the managed fields.</source>
        <translation>Live, mit den verwalteten Feldern.</translation>
    </message>
    <message>
        <source>Live. Managed fields are hidden (tick the box to see them).</source>
        <translation>Live. Verwaltete Felder sind ausgeblendet (Kästchen ankreuzen, um sie zu sehen).</translation>
    </message>
    <message>
        <source>Editing. Status and the fields the server sets are left out; Review changes shows the diff before anything is applied.</source>
        <translation>Bearbeitung. Status und die Felder, die der Server setzt, sind ausgelassen; Änderungen prüfen zeigt den Unterschied, bevor etwas angewendet wird.</translation>
    </message>
    <message>
        <source>Editing.</source>
        <translation>Bearbeitung.</translation>
    </message>
    <message>
        <source>Comparing with the live object…</source>
        <translation>Vergleich mit dem Live-Objekt…</translation>
    </message>
    <message>
        <source>The edit changes nothing.</source>
        <translation>Die Bearbeitung ändert nichts.</translation>
    </message>
    <message>
        <source>What the edit changes in the live Job (- live, + edit). Apply sends the whole edit by server-side apply.</source>
        <translation>Was die Bearbeitung am Live-Job ändert (- live, + Bearbeitung). Anwenden sendet die ganze Bearbeitung per Server-Side-Apply.</translation>
    </message>
    <message>
        <source>Applying, taking the fields over…</source>
        <translation>Wird angewendet, Felder werden übernommen…</translation>
    </message>
    <message>
        <source>Applying…</source>
        <translation>Wird angewendet…</translation>
    </message>
    <message>
        <source>Applied by server-side apply as the field manager &quot;tessera&quot;.</source>
        <translation>Per Server-Side-Apply als Feldverwalter &quot;tessera&quot; angewendet.</translation>
    </message>
    <message>
        <source>%1 no longer exists.</source>
        <translation>%1 existiert nicht mehr.</translation>
    </message>
    <message>
        <source>The API server refused the edit (HTTP %1); the fields are listed above. Back to the edit to fix them.</source>
        <translation>Der API-Server lehnte die Bearbeitung ab (HTTP %1); die Felder stehen oben. Zurück zur Bearbeitung, um sie zu korrigieren.</translation>
    </message>
    <message>
        <source>Other field managers own the fields listed above. Take them over only if Tessera should manage them from now on.</source>
        <translation>Andere Feldverwalter besitzen die oben genannten Felder. Nur übernehmen, wenn Tessera sie künftig verwalten soll.</translation>
    </message>
    <message>
        <source>Copied.</source>
        <translation>Kopiert.</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
</context>
<context>
    <name>tessera::ui::launch::LaunchDialog</name>
    <message>
        <source>Launch</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>Vorschau</translation>
    </message>
    <message>
        <source>Index</source>
        <translation>Index</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Variables</source>
        <translation>Variablen</translation>
    </message>
    <message>
        <source>&amp;Launch</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Local run</source>
        <translation>Lokaler Lauf</translation>
    </message>
    <message>
        <source>Dry-run (forecast)</source>
        <translation>Probelauf (Prognose)</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <source>&amp;Target:</source>
        <translation>&amp;Ziel:</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>for items without their own command, e.g. render &quot;$FRAME&quot;</source>
        <translation>für Einträge ohne eigenen Befehl, z. B. render &quot;$FRAME&quot;</translation>
    </message>
    <message>
        <source>&amp;Command template:</source>
        <translation>Be&amp;fehlsvorlage:</translation>
    </message>
    <message>
        <source>&amp;Parallelism:</source>
        <translation>&amp;Parallelität:</translation>
    </message>
    <message>
        <source>ma&amp;xFailedIndexes:</source>
        <translation>ma&amp;xFailedIndexes:</translation>
    </message>
    <message>
        <source>succeededIndexes, e.g. 0-9</source>
        <translation>succeededIndexes, z. B. 0-9</translation>
    </message>
    <message>
        <source>any count</source>
        <translation>beliebige Anzahl</translation>
    </message>
    <message>
        <source>Success policy:</source>
        <translation>Erfolgsrichtlinie:</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Active &amp;deadline:</source>
        <translation>Maximale &amp;Laufzeit:</translation>
    </message>
    <message>
        <source>Runs the items as processes on this machine, as a local Indexed Job (journaled, resumable); it appears under &quot;Local runs&quot;.</source>
        <translation>Führt die Einträge als Prozesse auf diesem Rechner aus, als lokaler Indexed Job (mit Journal, fortsetzbar); er erscheint unter „Lokale Läufe“.</translation>
    </message>
    <message>
        <source> s per item</source>
        <translation> s pro Eintrag</translation>
    </message>
    <message>
        <source> % fail</source>
        <translation> % Fehlschläge</translation>
    </message>
    <message>
        <source>&amp;Simulate</source>
        <translation>Sim&amp;ulieren</translation>
    </message>
    <message>
        <source>Succeeded indexes over time</source>
        <translation>Erfolgreiche Indizes im Zeitverlauf</translation>
    </message>
    <message>
        <source>C&amp;ontext:</source>
        <translation>K&amp;ontext:</translation>
    </message>
    <message>
        <source>the context&apos;s namespace</source>
        <translation>Namespace des Kontexts</translation>
    </message>
    <message>
        <source>Na&amp;mespace:</source>
        <translation>Na&amp;mespace:</translation>
    </message>
    <message>
        <source>&amp;Image:</source>
        <translation>&amp;Image:</translation>
    </message>
    <message>
        <source>&amp;Regenerate</source>
        <translation>Neu &amp;erzeugen</translation>
    </message>
    <message>
        <source>Discard edits and generate the YAML from the form again</source>
        <translation>Änderungen verwerfen und die YAML erneut aus dem Formular erzeugen</translation>
    </message>
    <message>
        <source>Save &amp;YAML…</source>
        <translation>&amp;YAML speichern…</translation>
    </message>
    <message>
        <source>Save YAML</source>
        <translation>YAML speichern</translation>
    </message>
    <message>
        <source>YAML (*.yaml *.yml)</source>
        <translation>YAML (*.yaml *.yml)</translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation>Datei: %1</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Wird gelesen…</translation>
    </message>
    <message>
        <source>Launch %1</source>
        <translation>%1 starten</translation>
    </message>
    <message numerus="yes">
        <source>Re-run of %1: %n index(es)</source>
        <translation>
            <numerusform>Erneuter Lauf von %1: %n Index</numerusform>
            <numerusform>Erneuter Lauf von %1: %n Indizes</numerusform>
        </translation>
    </message>
    <message>
        <source>Re-run %1</source>
        <translation>%1 erneut ausführen</translation>
    </message>
    <message numerus="yes">
        <source>%n error(s): fix the file and drop it again.</source>
        <translation>
            <numerusform>%n Fehler: Korrigieren Sie die Datei und ziehen Sie sie erneut hierher.</numerusform>
            <numerusform>%n Fehler: Korrigieren Sie die Datei und ziehen Sie sie erneut hierher.</numerusform>
        </translation>
    </message>
    <message>
        <source>Job manifest &quot;%1&quot;: %2 completions, parallelism %3, %4</source>
        <translation>Job-Manifest „%1“: %2 Completions, Parallelität %3, %4</translation>
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
            <numerusform>%n Eintrag</numerusform>
            <numerusform>%n Einträge</numerusform>
        </translation>
    </message>
    <message>
        <source> (format: %1)</source>
        <translation> (Format: %1)</translation>
    </message>
    <message>
        <source>, new index → original index shown as &quot;i ← j&quot;</source>
        <translation>, neuer Index → ursprünglicher Index, angezeigt als &quot;i ← j&quot;</translation>
    </message>
    <message>
        <source>Cannot launch: %1</source>
        <translation>Start nicht möglich: %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Fix the errors in the file first</source>
        <translation>Beheben Sie zuerst die Fehler in der Datei</translation>
    </message>
    <message>
        <source>A Job manifest has no work-list items to run here: use Dry-run or Cluster, or drop a work list</source>
        <translation>Ein Job-Manifest hat keine Arbeitslisten-Einträge, die hier laufen könnten: Verwenden Sie Probelauf oder Cluster, oder ziehen Sie eine Arbeitsliste hierher</translation>
    </message>
    <message>
        <source>The items carry no command: give a command template</source>
        <translation>Die Einträge haben keinen Befehl: Geben Sie eine Befehlsvorlage an</translation>
    </message>
    <message>
        <source>Cannot create a temporary file: %1</source>
        <translation>Temporäre Datei kann nicht erstellt werden: %1</translation>
    </message>
    <message>
        <source>Starting the local run…</source>
        <translation>Lokaler Lauf wird gestartet…</translation>
    </message>
    <message>
        <source>Creating %1 in %2/%3…</source>
        <translation>%1 wird in %2/%3 erstellt…</translation>
    </message>
    <message>
        <source>Created %1/%2</source>
        <translation>%1/%2 erstellt</translation>
    </message>
    <message>
        <source>Simulating…</source>
        <translation>Simulation läuft…</translation>
    </message>
    <message>
        <source>Forecast ready</source>
        <translation>Prognose fertig</translation>
    </message>
    <message>
        <source>parallelism %1: %2, %3</source>
        <translation>Parallelität %1: %2, %3</translation>
    </message>
    <message>
        <source>Makespan (simulated):&lt;br&gt;%1</source>
        <translation>Gesamtlaufzeit (simuliert):&lt;br&gt;%1</translation>
    </message>
    <message>
        <source>minutes</source>
        <translation>Minuten</translation>
    </message>
    <message>
        <source>parallelism %1</source>
        <translation>Parallelität %1</translation>
    </message>
    <message>
        <source>bac&amp;koffLimitPerIndex:</source>
        <translation>bac&amp;koffLimitPerIndex:</translation>
    </message>
    <message>
        <source>ConfigMap %1 (%2 KiB of items, limit 1024 KiB) and Indexed Job %3, completions: %4</source>
        <translation>ConfigMap %1 (%2 KiB an Einträgen, Limit 1024 KiB) und Indexed Job %3, Completions: %4</translation>
    </message>
    <message>
        <source>one item per line</source>
        <translation>ein Eintrag pro Zeile</translation>
    </message>
    <message>
        <source>CSV, one item per row</source>
        <translation>CSV, ein Eintrag pro Zeile</translation>
    </message>
    <message>
        <source>Furiko YAML</source>
        <translation>Furiko-YAML</translation>
    </message>
    <message>
        <source>JSON Lines, one item per line</source>
        <translation>JSON Lines, ein Eintrag pro Zeile</translation>
    </message>
    <message>
        <source>per-completion variables</source>
        <translation>Variablen pro Completion</translation>
    </message>
    <message>
        <source>&amp;Launch (simulated)</source>
        <translation>&amp;Starten (simuliert)</translation>
    </message>
    <message>
        <source>No cluster to launch to: %1</source>
        <translation>Kein Cluster zum Starten: %1</translation>
    </message>
    <message>
        <source>No cluster to launch to: the kubeconfig has no contexts. Switch this window to the Demo source to try a cluster launch there, or add a context (kubectl config set-context).</source>
        <translation>Kein Cluster zum Starten: Die kubeconfig enthält keine Kontexte. Wechseln Sie in diesem Fenster zur Quelle „Demo“, um dort einen Cluster-Start auszuprobieren, oder legen Sie einen Kontext an (kubectl config set-context).</translation>
    </message>
    <message>
        <source>The Demo simulates every pod: the commands are not run. Each pod runs for a few seconds and fails at the Demo&apos;s rate; the tessera.dev/sim-* annotations in the YAML below set the duration, the failing indexes and the exit code.</source>
        <translation>Die Demo simuliert jeden Pod: Die Befehle werden nicht ausgeführt. Jeder Pod läuft einige Sekunden und schlägt mit der Fehlerrate der Demo fehl; die Annotationen tessera.dev/sim-* in der YAML unten legen die Dauer, die fehlschlagenden Indizes und den Exit-Code fest.</translation>
    </message>
    <message>
        <source>Complete</source>
        <translation>Abgeschlossen</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Unfinished</source>
        <translation>Nicht beendet</translation>
    </message>
    <message numerus="yes">
        <source>: %n succeeded</source>
        <translation>
            <numerusform>: %n erfolgreich</numerusform>
            <numerusform>: %n erfolgreich</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n index(es) failed</source>
        <translation>
            <numerusform>, %n Index fehlgeschlagen</numerusform>
            <numerusform>, %n Indizes fehlgeschlagen</numerusform>
        </translation>
    </message>
    <message>
        <source>Job settings</source>
        <translation>Job-Einstellungen</translation>
    </message>
    <message>
        <source>How many items run at the same time (spec.parallelism).</source>
        <translation>Wie viele Einträge gleichzeitig laufen (spec.parallelism).</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;backoffLimitPerIndex&lt;/b&gt;: how many times each index may be retried. An index that fails once more is marked failed for good, and the other indexes go on; the Job fails at the end if any index failed.&lt;/p&gt;&lt;p&gt;Unset: no per-index limit; every failure then counts against backoffLimit.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;backoffLimitPerIndex&lt;/b&gt;: wie oft jeder Index wiederholt werden darf. Ein Index, der danach noch einmal fehlschlägt, gilt endgültig als fehlgeschlagen, und die anderen Indizes laufen weiter; der Job schlägt am Ende fehl, wenn ein Index fehlgeschlagen ist.&lt;/p&gt;&lt;p&gt;Nicht gesetzt: keine Grenze pro Index; jeder Fehlschlag zählt dann gegen backoffLimit.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;backoffLimit&lt;/b&gt;: how many failed pods the whole Job may have. One more fails the Job (BackoffLimitExceeded) and stops every index still to run.&lt;/p&gt;&lt;p&gt;Default: 6, or unlimited when backoffLimitPerIndex is set (as Kubernetes does).&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;backoffLimit&lt;/b&gt;: wie viele fehlgeschlagene Pods der ganze Job haben darf. Einer mehr lässt den Job fehlschlagen (BackoffLimitExceeded) und stoppt alle noch ausstehenden Indizes.&lt;/p&gt;&lt;p&gt;Standard: 6, oder unbegrenzt, wenn backoffLimitPerIndex gesetzt ist (wie bei Kubernetes).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;backoffLimit:</source>
        <translation>&amp;backoffLimit:</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;maxFailedIndexes&lt;/b&gt; (needs backoffLimitPerIndex): how many indexes may fail for good before the Job fails at once (MaxFailedIndexesExceeded).&lt;/p&gt;&lt;p&gt;Unset: no limit; every index runs.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;maxFailedIndexes&lt;/b&gt; (braucht backoffLimitPerIndex): wie viele Indizes endgültig fehlschlagen dürfen, bevor der Job sofort fehlschlägt (MaxFailedIndexesExceeded).&lt;/p&gt;&lt;p&gt;Nicht gesetzt: keine Grenze; jeder Index läuft.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;successPolicy&lt;/b&gt;: the Job succeeds as soon as these indexes (and/or this many of them) succeeded; the rest are stopped.&lt;/p&gt;&lt;p&gt;Empty: every index must succeed.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;successPolicy&lt;/b&gt;: Der Job ist erfolgreich, sobald diese Indizes (und/oder so viele davon) erfolgreich waren; die übrigen werden gestoppt.&lt;/p&gt;&lt;p&gt;Leer: Jeder Index muss erfolgreich sein.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;activeDeadlineSeconds&lt;/b&gt;: how long the Job may run in total; then it fails (DeadlineExceeded) and its running pods are stopped.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;activeDeadlineSeconds&lt;/b&gt;: wie lange der Job insgesamt laufen darf; danach schlägt er fehl (DeadlineExceeded), und seine laufenden Pods werden gestoppt.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>default: %1</source>
        <translation>Standard: %1</translation>
    </message>
    <message>
        <source>Simulate</source>
        <translation>Simulieren</translation>
    </message>
    <message>
        <source>The API server would reject this Job:
%1</source>
        <translation>Der API-Server würde diesen Job ablehnen:
%1</translation>
    </message>
    <message>
        <source>Reading the kubeconfig…</source>
        <translation>Kubeconfig wird gelesen…</translation>
    </message>
</context>
<context>
    <name>tessera::ui::launch::LaunchedJobSelector</name>
    <message>
        <source>%1 is shown, but the job filter hides it in the list.</source>
        <translation>%1 wird angezeigt, aber der Job-Filter blendet ihn in der Liste aus.</translation>
    </message>
</context>
<context>
    <name>tessera::ui::launch::LimitSpinBox</name>
    <message>
        <source>unlimited</source>
        <translation>unbegrenzt</translation>
    </message>
    <message>
        <source>unset</source>
        <translation>nicht gesetzt</translation>
    </message>
</context>
</TS>
