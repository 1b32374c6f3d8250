"""The official Kubernetes Python client against `tessera serve`.

Creates an Indexed Job, watches it to completion, JSON-patches it (a list body, which the client
sends as application/json-patch+json), deletes it with the client's default propagation (none:
batch/v1 Jobs then orphan their pods) and checks the pods lost their ownerReference, then deletes
another in the background and checks the answer decodes as a V1Status of success. Prints what
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
    # No policy: batch/v1 Jobs orphan. The `orphan` finalizer holds the Job while the garbage
    # collector takes its pods' ownerReference away, so the answer is the Job being deleted (as a
    # cluster's is), and it goes a moment later: its watch ends with DELETED.
    held = json.loads(batch.delete_namespaced_job("py", "default", _preload_content=False).data)
    if "orphan" not in held["metadata"].get("finalizers", []) or \
            not held["metadata"].get("deletionTimestamp"):
        fail("the orphaning delete did not answer the Job held by the orphan finalizer: %s" % held)
    deleted = False
    for event in stream.stream(batch.list_namespaced_job, "default",
                               field_selector="metadata.name=py",
                               resource_version=held["metadata"]["resourceVersion"],
                               timeout_seconds=30):
        if event["type"] == "DELETED":
            deleted = True
            stream.stop()
    if not deleted:
        fail("the orphaned Job was not deleted")
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
    # A delete that removes the Job at once answers a Status naming it, which the client
    # decodes as V1Status (a cluster's answer for Jobs: their store does not return the object).
    second = batch.create_namespaced_job("default", dict(job, metadata={"name": "py2"}))
    status = batch.delete_namespaced_job("py2", "default", propagation_policy="Background")
    if not isinstance(status, client.V1Status) or status.status != "Success" or \
            status.details is None or status.details.name != "py2" or \
            status.details.group != "batch" or status.details.kind != "jobs" or \
            status.details.uid != second.metadata.uid:
        fail("deleting a Job in the background answered %s, not a V1Status of success naming "
             "it" % status)
    # deletecollection reads its DeleteOptions body too: a dry run deletes nothing.
    core.create_namespaced_config_map("default", {"metadata": {"name": "kept"}})
    core.delete_collection_namespaced_config_map(
        "default", body=client.V1DeleteOptions(dry_run=["All"]))
    if [cm.metadata.name for cm in core.list_namespaced_config_map("default").items] != ["kept"]:
        fail("a dry-run deletecollection deleted the ConfigMaps")
    print("python client: create, watch, json-patch, delete: ok")


if __name__ == "__main__":
    main()
