"""The official Kubernetes Python client against `tessera serve`.

Creates an Indexed Job, watches it to completion, JSON-patches it (a list body, which the client
sends as application/json-patch+json), deletes it with the client's default propagation (none:
batch/v1 Jobs then orphan their pods) and checks the pods lost their ownerReference. Prints what
failed and exits 1; exits 0 when every step worked. Usage: python_client.py KUBECONFIG
"""
import json
import sys

from kubernetes import client, config, watch


def fail(message):
    print("python client: " + message, file=sys.stderr)
    sys.exit(1)


def main():
    config.load_kube_config(config_file=sys.argv[1])
    batch = client.BatchV1Api()
    core = client.CoreV1Api()
    job = {
        "apiVersion": "batch/v1",
        "kind": "Job",
        "metadata": {"name": "py", "labels": {"from": "python"}},
        "spec": {
            "completionMode": "Indexed",
            "completions": 3,
            "parallelism": 3,
            "template": {
                "spec": {
                    "restartPolicy": "Never",
                    "containers": [{"name": "main", "image": "busybox"}],
                }
            },
        },
    }
    created = batch.create_namespaced_job("default", job)
    if created.metadata.uid is None or created.spec.completion_mode != "Indexed":
        fail("the created Job came back without a uid or completionMode: %s" % created)

    complete = False
    stream = watch.Watch()
    for event in stream.stream(batch.list_namespaced_job, "default",
                               field_selector="metadata.name=py", timeout_seconds=60):
        conditions = event["object"].status.conditions or []
        if any(c.type == "Complete" and c.status == "True" for c in conditions):
            complete = True
            stream.stop()
    if not complete:
        fail("the watch ended before the Job completed")

    patched = batch.patch_namespaced_job(
        "py", "default",
        [{"op": "add", "path": "/metadata/labels/patched", "value": "json-patch"},
         {"op": "test", "path": "/spec/completions", "value": 3}])
    if patched.metadata.labels.get("patched") != "json-patch":
        fail("the JSON patch was not applied: %s" % patched.metadata.labels)

    pods = core.list_namespaced_pod("default", label_selector="batch.kubernetes.io/job-name=py")
    if len(pods.items) != 3:
        fail("expected 3 pods, found %d" % len(pods.items))
    batch.delete_namespaced_job("py", "default")
    try:
        batch.read_namespaced_job("py", "default")
        fail("the Job is still there after delete")
    except client.exceptions.ApiException as e:
        if e.status != 404:
            fail("reading the deleted Job: HTTP %d" % e.status)
    pods = core.list_namespaced_pod("default", label_selector="batch.kubernetes.io/job-name=py")
    if len(pods.items) != 3:
        fail("the default propagation for batch/v1 Jobs orphans the pods; %d left" % len(pods.items))
    for pod in pods.items:
        if pod.metadata.owner_references:
            fail("orphaned pod %s still has ownerReferences" % pod.metadata.name)

    try:
        batch.create_namespaced_job("default", dict(job, metadata={"name": "neg"},
                                                    spec=dict(job["spec"], parallelism=-1)))
        fail("a Job with parallelism -1 was accepted")
    except client.exceptions.ApiException as e:
        if e.status != 422 or "spec.parallelism: Invalid value: -1" not in e.body:
            fail("parallelism -1: HTTP %d %s" % (e.status, e.body))
        details = json.loads(e.body).get("details", {})
        expected = {"name": "neg", "group": "batch", "kind": "Job",
                    "causes": [{"reason": "FieldValueInvalid", "field": "spec.parallelism",
                                "message": "Invalid value: -1: must be greater than or equal "
                                           "to 0"}]}
        if details != expected:
            fail("the 422's details are %s, not %s" % (details, expected))
    print("python client: create, watch, json-patch, delete: ok")


if __name__ == "__main__":
    main()
