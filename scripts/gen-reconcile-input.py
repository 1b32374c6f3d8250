#!/usr/bin/env python3
"""Writes a `tessera reconcile` input for benchmarks: one Indexed Job whose
status.completedIndexes has INTERVALS intervals, and PODS running pods shaped as the API
server returns them (compact JSON, as served): labels, annotations, ownerReferences,
finalizers, a spec with containers/env/resources/volumes/tolerations, a status with
conditions and containerStatuses. Defaults: 10,000 pods, 45,000 intervals, about 8 MB.

Usage: scripts/gen-reconcile-input.py [--pods N] [--intervals M] [--out FILE]
Deterministic: the same arguments always give the same bytes."""
import argparse
import json
import sys

JOB = "render-frames"
JOB_UID = "6f1c2b9e-8a4d-4f3e-9b21-0c5d7e8f9a10"
NOW = "2026-11-22T12:00:00Z"


def uid(i):
    return "a0b1c2d3-%04x-4%03x-8%03x-%012x" % (i % 65536, i % 4096, (i * 7) % 4096, i * 2654435761 % (1 << 48))


def suffix(i):
    alphabet = "bcdfghjklmnpqrstvwxz2456789"
    out = ""
    x = i * 2654435761 + 12345
    for _ in range(5):
        out += alphabet[x % len(alphabet)]
        x //= len(alphabet)
    return out


def pod(i, index):
    name = "%s-%d-%s" % (JOB, index, suffix(i))
    node = "worker-%02d" % (i % 40)
    return {
        "metadata": {
            "name": name,
            "generateName": "%s-%d-" % (JOB, index),
            "namespace": "batch",
            "uid": uid(i),
            "resourceVersion": str(500000 + i),
            "creationTimestamp": "2026-11-22T11:%02d:%02dZ" % (i // 60 % 60, i % 60),
            "labels": {
                "batch.kubernetes.io/controller-uid": JOB_UID,
                "batch.kubernetes.io/job-completion-index": str(index),
                "batch.kubernetes.io/job-name": JOB,
            },
            "annotations": {"batch.kubernetes.io/job-completion-index": str(index)},
            "ownerReferences": [{"apiVersion": "batch/v1", "kind": "Job", "name": JOB, "uid": JOB_UID,
                                 "controller": True, "blockOwnerDeletion": True}],
            "finalizers": ["batch.kubernetes.io/job-tracking"],
        },
        "spec": {
            "volumes": [{"name": "scratch", "emptyDir": {}}],
            "containers": [{
                "name": "worker",
                "image": "registry.example.com/render/worker:2.4.1",
                "env": [{"name": "JOB_COMPLETION_INDEX", "valueFrom": {"fieldRef": {
                    "apiVersion": "v1",
                    "fieldPath": "metadata.labels['batch.kubernetes.io/job-completion-index']"}}}],
                "resources": {"limits": {"memory": "2Gi"}, "requests": {"cpu": "500m", "memory": "1Gi"}},
                "volumeMounts": [{"name": "scratch", "mountPath": "/scratch"}],
            }],
            "restartPolicy": "Never",
            "nodeName": node,
            "hostname": "%s-%d" % (JOB, index),
            "tolerations": [{"key": "gpu", "operator": "Exists", "effect": "NoSchedule"}],
        },
        "status": {
            "phase": "Running",
            "conditions": [
                {"type": "Initialized", "status": "True", "lastProbeTime": None,
                 "lastTransitionTime": "2026-11-22T11:00:02Z"},
                {"type": "Ready", "status": "True", "lastProbeTime": None,
                 "lastTransitionTime": "2026-11-22T11:00:04Z"},
                {"type": "PodScheduled", "status": "True", "lastProbeTime": None,
                 "lastTransitionTime": "2026-11-22T11:00:01Z"},
            ],
            "hostIP": "10.0.%d.%d" % (i % 40 // 250, i % 40 + 10),
            "podIP": "10.244.%d.%d" % (i // 250, i % 250 + 2),
            "startTime": "2026-11-22T11:00:01Z",
            "containerStatuses": [{
                "name": "worker",
                "state": {"running": {"startedAt": "2026-11-22T11:00:03Z"}},
                "lastState": {},
                "ready": True,
                "restartCount": 0,
                "image": "registry.example.com/render/worker:2.4.1",
                "containerID": "containerd://%064x" % (i * 0x9E3779B97F4A7C15 % (1 << 256)),
                "started": True,
            }],
            "qosClass": "Burstable",
        },
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pods", type=int, default=10000)
    ap.add_argument("--intervals", type=int, default=45000)
    ap.add_argument("--out", default="-")
    args = ap.parse_args()

    # Completed: pairs 0-1, 3-4, 6-7, ...: `intervals` intervals; the pods run past them.
    completed = ",".join("%d-%d" % (3 * k, 3 * k + 1) for k in range(args.intervals))
    first_running = 3 * args.intervals
    completions = first_running + 2 * args.pods
    job = {
        "apiVersion": "batch/v1",
        "kind": "Job",
        "metadata": {"name": JOB, "namespace": "batch", "uid": JOB_UID, "resourceVersion": "499999",
                     "creationTimestamp": "2026-11-22T09:00:00Z", "generation": 1,
                     "labels": {"batch.kubernetes.io/job-name": JOB}},
        "spec": {
            "parallelism": args.pods,
            "completions": completions,
            "completionMode": "Indexed",
            "backoffLimit": 6,
            "podReplacementPolicy": "TerminatingOrFailed",
            "selector": {"matchLabels": {"batch.kubernetes.io/controller-uid": JOB_UID}},
            "template": {
                "metadata": {"labels": {"batch.kubernetes.io/job-name": JOB}},
                "spec": {"containers": [{"name": "worker", "image": "registry.example.com/render/worker:2.4.1"}],
                         "restartPolicy": "Never"},
            },
        },
        "status": {
            "startTime": "2026-11-22T09:00:01Z",
            "active": args.pods,
            "ready": args.pods,
            "terminating": 0,
            "succeeded": 2 * args.intervals,
            "completedIndexes": completed,
            "uncountedTerminatedPods": {},
        },
    }
    pods = [pod(i, first_running + i) for i in range(args.pods)]
    doc = {"now": NOW, "job": job, "pods": pods}
    text = json.dumps(doc, separators=(",", ":")) + "\n"
    if args.out == "-":
        sys.stdout.write(text)
    else:
        with open(args.out, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
