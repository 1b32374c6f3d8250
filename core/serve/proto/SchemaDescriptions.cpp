#include "SchemaDescriptions.h"

#include <map>

namespace tessera::serve::schema {

namespace {

const std::map<std::string, const char*> kDescriptions = {
    // batch/v1 Job
    {"Job", "Job represents the configuration of a single job."},
    {"Job.metadata", "Standard object's metadata."},
    {"Job.spec", "Specification of the desired behavior of a job."},
    {"Job.status", "Current status of a job."},
    {"JobSpec", "JobSpec describes how the job execution will look like."},
    {"JobSpec.parallelism",
     "Specifies the maximum desired number of pods the job should run at any given time. The "
     "actual number of pods running in steady state will be less than this number when "
     "((.spec.completions - .status.successful) < .spec.parallelism), i.e. when the work left to "
     "do is less than max parallelism."},
    {"JobSpec.completions",
     "Specifies the desired number of successfully finished pods the job should be run with. "
     "Setting to null means that the success of any pod signals the success of all pods, and "
     "allows parallelism to have any positive value. Setting to 1 means that parallelism is "
     "limited to 1 and the success of that pod signals the success of the job."},
    {"JobSpec.activeDeadlineSeconds",
     "Specifies the duration in seconds relative to the startTime that the job may be "
     "continuously active before the system tries to terminate it; value must be positive "
     "integer. If a Job is suspended (at creation or through an update), this timer will "
     "effectively be stopped and reset when the Job is resumed again."},
    {"JobSpec.podFailurePolicy",
     "Specifies the policy of handling failed pods. In particular, it allows to specify the set "
     "of actions and conditions which need to be satisfied to take the associated action. If "
     "empty, the default behaviour applies - the counter of failed pods, represented by the "
     "jobs's .status.failed field, is incremented and it is checked against the backoffLimit."},
    {"JobSpec.successPolicy",
     "successPolicy specifies the policy when the Job can be declared as succeeded. If empty, "
     "the default behavior applies - the Job is declared as succeeded only when the number of "
     "succeeded pods equals to the completions."},
    {"JobSpec.backoffLimit",
     "Specifies the number of retries before marking this job failed. Defaults to 6, unless "
     "backoffLimitPerIndex (only Indexed Job) is specified. When backoffLimitPerIndex is "
     "specified, backoffLimit defaults to 2147483647."},
    {"JobSpec.backoffLimitPerIndex",
     "Specifies the limit for the number of retries within an index before marking this index "
     "as failed. When enabled the number of failures per index is kept in the pod's "
     "batch.kubernetes.io/job-index-failure-count annotation. It can only be set when Job's "
     "completionMode=Indexed, and the Pod's restart policy is Never."},
    {"JobSpec.maxFailedIndexes",
     "Specifies the maximal number of failed indexes before marking the Job as failed, when "
     "backoffLimitPerIndex is set. Once the number of failed indexes exceeds this number the "
     "entire Job is marked as Failed and its execution is terminated."},
    {"JobSpec.selector",
     "A label query over pods that should match the pod count. Normally, the system sets this "
     "field for you."},
    {"JobSpec.manualSelector",
     "manualSelector controls generation of pod labels and pod selectors. Leave `manualSelector` "
     "unset unless you are certain what you are doing."},
    {"JobSpec.template",
     "Describes the pod that will be created when executing a job. The only allowed "
     "template.spec.restartPolicy values are \"Never\" or \"OnFailure\"."},
    {"JobSpec.ttlSecondsAfterFinished",
     "ttlSecondsAfterFinished limits the lifetime of a Job that has finished execution (either "
     "Complete or Failed). If this field is set, ttlSecondsAfterFinished after the Job "
     "finishes, it is eligible to be automatically deleted."},
    {"JobSpec.completionMode",
     "completionMode specifies how Pod completions are tracked. It can be `NonIndexed` "
     "(default) or `Indexed`. `Indexed` means that the Pods of a Job get an associated "
     "completion index from 0 to (.spec.completions - 1), available in the annotation "
     "batch.kubernetes.io/job-completion-index."},
    {"JobSpec.suspend",
     "suspend specifies whether the Job controller should create Pods or not. If a Job is "
     "created with suspend set to true, no Pods are created by the Job controller. Defaults to "
     "false."},
    {"JobSpec.podReplacementPolicy",
     "podReplacementPolicy specifies when to create replacement Pods. Possible values are: - "
     "TerminatingOrFailed means that we recreate pods when they are terminating (has a "
     "metadata.deletionTimestamp) or failed. - Failed means to wait until a previously created "
     "Pod is fully terminated (has phase Failed or Succeeded) before creating a replacement "
     "Pod."},
    {"JobSpec.managedBy",
     "ManagedBy field indicates the controller that manages a Job. The k8s Job controller "
     "reconciles jobs which don't have this field at all or the field value is the reserved "
     "string `kubernetes.io/job-controller`."},
    {"JobStatus.conditions", "The latest available observations of an object's current state."},
    {"JobStatus.startTime", "Represents time when the job controller started processing a job."},
    {"JobStatus.completionTime",
     "Represents time when the job was completed. It is not guaranteed to be set in "
     "happens-before order across separate operations."},
    {"JobStatus.completedIndexes",
     "completedIndexes holds the completed indexes when .spec.completionMode = \"Indexed\" in a "
     "text format. The indexes are represented as decimal integers separated by commas. The "
     "numbers are listed in increasing order. Three or more consecutive numbers are compressed "
     "and represented by the first and last element of the series, separated by a hyphen."},
    {"JobStatus.failedIndexes",
     "FailedIndexes holds the failed indexes when spec.backoffLimitPerIndex is set. The indexes "
     "are represented in the text format analogous as for the `completedIndexes` field."},
    {"JobStatus.succeeded", "The number of pods which reached phase Succeeded."},
    {"JobStatus.failed", "The number of pods which reached phase Failed."},
    {"JobStatus.active", "The number of pending and running pods which are not terminating."},
    {"JobStatus.ready", "The number of active pods which have a Ready condition."},
    {"JobStatus.terminating",
     "The number of pods which are terminating (in phase Pending or Running and have a "
     "deletionTimestamp)."},

    // batch/v1 CronJob
    {"CronJob", "CronJob represents the configuration of a single cron job."},
    {"CronJob.metadata", "Standard object's metadata."},
    {"CronJob.spec",
     "Specification of the desired behavior of a cron job, including the schedule."},
    {"CronJob.status", "Current status of a cron job."},
    {"CronJobSpec",
     "CronJobSpec describes how the job execution will look like and when it will actually "
     "run."},
    {"CronJobSpec.schedule",
     "The schedule in Cron format, see https://en.wikipedia.org/wiki/Cron."},
    {"CronJobSpec.timeZone",
     "The time zone name for the given schedule, see "
     "https://en.wikipedia.org/wiki/List_of_tz_database_time_zones. If not specified, this will "
     "default to the time zone of the kube-controller-manager process."},
    {"CronJobSpec.startingDeadlineSeconds",
     "Optional deadline in seconds for starting the job if it misses scheduled time for any "
     "reason.  Missed jobs executions will be counted as failed ones."},
    {"CronJobSpec.concurrencyPolicy",
     "Specifies how to treat concurrent executions of a Job. Valid values are:\n\n- \"Allow\" "
     "(default): allows CronJobs to run concurrently; - \"Forbid\": forbids concurrent runs, "
     "skipping next run if previous run hasn't finished yet; - \"Replace\": cancels currently "
     "running job and replaces it with a new one"},
    {"CronJobSpec.suspend",
     "This flag tells the controller to suspend subsequent executions, it does not apply to "
     "already started executions.  Defaults to false."},
    {"CronJobSpec.jobTemplate", "Specifies the job that will be created when executing a CronJob."},
    {"CronJobSpec.successfulJobsHistoryLimit",
     "The number of successful finished jobs to retain. Value must be non-negative integer. "
     "Defaults to 3."},
    {"CronJobSpec.failedJobsHistoryLimit",
     "The number of failed finished jobs to retain. Value must be non-negative integer. "
     "Defaults to 1."},
    {"CronJobStatus.active", "A list of pointers to currently running jobs."},
    {"CronJobStatus.lastScheduleTime",
     "Information when was the last time the job was successfully scheduled."},
    {"CronJobStatus.lastSuccessfulTime",
     "Information when was the last time the job successfully completed."},
    {"JobTemplateSpec.metadata",
     "Standard object's metadata of the jobs created from this template."},
    {"JobTemplateSpec.spec", "Specification of the desired behavior of the job."},

    // core/v1 Pod, its template and spec
    {"Pod", "Pod is a collection of containers that can run on a host. This resource is created by "
            "clients and scheduled onto hosts."},
    {"Pod.metadata", "Standard object's metadata."},
    {"Pod.spec", "Specification of the desired behavior of the pod."},
    {"Pod.status",
     "Most recently observed status of the pod. This data may not be up to date. Populated by "
     "the system. Read-only."},
    {"PodTemplateSpec",
     "PodTemplateSpec describes the data a pod should have when created from a template"},
    {"PodTemplateSpec.metadata", "Standard object's metadata."},
    {"PodTemplateSpec.spec", "Specification of the desired behavior of the pod."},
    {"PodSpec", "PodSpec is a description of a pod."},
    {"PodSpec.volumes", "List of volumes that can be mounted by containers belonging to the pod."},
    {"PodSpec.initContainers",
     "List of initialization containers belonging to the pod. Init containers are executed in "
     "order prior to containers being started. If any init container fails, the pod is "
     "considered to have failed and is handled according to its restartPolicy."},
    {"PodSpec.containers",
     "List of containers belonging to the pod. Containers cannot currently be added or removed. "
     "There must be at least one container in a Pod. Cannot be updated."},
    {"PodSpec.ephemeralContainers",
     "List of ephemeral containers run in this pod. Ephemeral containers may be run in an "
     "existing pod to perform user-initiated actions such as debugging."},
    {"PodSpec.restartPolicy",
     "Restart policy for all containers within the pod. One of Always, OnFailure, Never. In some "
     "contexts, only a subset of those values may be permitted. Default to Always."},
    {"PodSpec.terminationGracePeriodSeconds",
     "Optional duration in seconds the pod needs to terminate gracefully. May be decreased in "
     "delete request. Value must be non-negative integer. Defaults to 30 seconds."},
    {"PodSpec.activeDeadlineSeconds",
     "Optional duration in seconds the pod may be active on the node relative to StartTime "
     "before the system will actively try to mark it failed and kill associated containers. "
     "Value must be a positive integer."},
    {"PodSpec.dnsPolicy",
     "Set DNS policy for the pod. Defaults to \"ClusterFirst\". Valid values are "
     "'ClusterFirstWithHostNet', 'ClusterFirst', 'Default' or 'None'."},
    {"PodSpec.nodeSelector",
     "NodeSelector is a selector which must be true for the pod to fit on a node. Selector "
     "which must match a node's labels for the pod to be scheduled on that node."},
    {"PodSpec.serviceAccountName",
     "ServiceAccountName is the name of the ServiceAccount to use to run this pod."},
    {"PodSpec.serviceAccount",
     "DeprecatedServiceAccount is a deprecated alias for ServiceAccountName. Deprecated: Use "
     "serviceAccountName instead."},
    {"PodSpec.automountServiceAccountToken",
     "AutomountServiceAccountToken indicates whether a service account token should be "
     "automatically mounted."},
    {"PodSpec.nodeName",
     "NodeName indicates in which node this pod is scheduled. If empty, this pod is a candidate "
     "for scheduling by the scheduler defined in schedulerName."},
    {"PodSpec.hostNetwork",
     "Host networking requested for this pod. Use the host's network namespace. Default to "
     "false."},
    {"PodSpec.hostPID", "Use the host's pid namespace. Optional: Default to false."},
    {"PodSpec.hostIPC", "Use the host's ipc namespace. Optional: Default to false."},
    {"PodSpec.shareProcessNamespace",
     "Share a single process namespace between all of the containers in a pod. Optional: "
     "Default to false."},
    {"PodSpec.securityContext",
     "SecurityContext holds pod-level security attributes and common container settings. "
     "Optional: Defaults to empty.  See type description for default values of each field."},
    {"PodSpec.imagePullSecrets",
     "ImagePullSecrets is an optional list of references to secrets in the same namespace to "
     "use for pulling any of the images used by this PodSpec."},
    {"PodSpec.hostname",
     "Specifies the hostname of the Pod If not specified, the pod's hostname will be set to a "
     "system-defined value."},
    {"PodSpec.subdomain",
     "If specified, the fully qualified Pod hostname will be "
     "\"<hostname>.<subdomain>.<pod namespace>.svc.<cluster domain>\". If not specified, the pod "
     "will not have a domainname at all."},
    {"PodSpec.affinity", "If specified, the pod's scheduling constraints"},
    {"PodSpec.schedulerName",
     "If specified, the pod will be dispatched by specified scheduler. If not specified, the pod "
     "will be dispatched by default scheduler."},
    {"PodSpec.tolerations", "If specified, the pod's tolerations."},
    {"PodSpec.hostAliases",
     "HostAliases is an optional list of hosts and IPs that will be injected into the pod's "
     "hosts file if specified."},
    {"PodSpec.priorityClassName",
     "If specified, indicates the pod's priority. \"system-node-critical\" and "
     "\"system-cluster-critical\" are two special keywords which indicate the highest "
     "priorities with the former being the highest priority."},
    {"PodSpec.priority",
     "The priority value. Various system components use this field to find the priority of the "
     "pod. The higher the value, the higher the priority."},
    {"PodSpec.dnsConfig",
     "Specifies the DNS parameters of a pod. Parameters specified here will be merged to the "
     "generated DNS configuration based on DNSPolicy."},
    {"PodSpec.readinessGates",
     "If specified, all readiness gates will be evaluated for pod readiness."},
    {"PodSpec.runtimeClassName",
     "RuntimeClassName refers to a RuntimeClass object in the node.k8s.io group, which should "
     "be used to run this pod."},
    {"PodSpec.enableServiceLinks",
     "EnableServiceLinks indicates whether information about services should be injected into "
     "pod's environment variables, matching the syntax of Docker links. Optional: Defaults to "
     "true."},
    {"PodSpec.preemptionPolicy",
     "PreemptionPolicy is the Policy for preempting pods with lower priority. One of Never, "
     "PreemptLowerPriority. Defaults to PreemptLowerPriority if unset."},
    {"PodSpec.overhead",
     "Overhead represents the resource overhead associated with running a pod for a given "
     "RuntimeClass."},
    {"PodSpec.topologySpreadConstraints",
     "TopologySpreadConstraints describes how a group of pods ought to spread across topology "
     "domains. Scheduler will schedule pods in a way which abides by the constraints."},
    {"PodSpec.setHostnameAsFQDN",
     "If true the pod's hostname will be configured as the pod's FQDN, rather than the leaf name "
     "(the default)."},
    {"PodSpec.os", "Specifies the OS of the containers in the pod."},
    {"PodSpec.hostUsers", "Use the host's user namespace. Optional: Default to true."},
    {"PodSpec.schedulingGates",
     "SchedulingGates is an opaque list of values that if specified will block scheduling the "
     "pod."},
    {"PodSpec.resourceClaims",
     "ResourceClaims defines which ResourceClaims must be allocated and reserved before the Pod "
     "is allowed to start."},
    {"PodSpec.resources",
     "Resources is the total amount of CPU and Memory resources required by all containers in "
     "the pod."},

    // core/v1 Container
    {"Container", "A single application container that you want to run within a pod."},
    {"Container.name",
     "Name of the container specified as a DNS_LABEL. Each container in a pod must have a "
     "unique name (DNS_LABEL). Cannot be updated."},
    {"Container.image", "Container image name. More info: "
                        "https://kubernetes.io/docs/concepts/containers/images"},
    {"Container.command",
     "Entrypoint array. Not executed within a shell. The container image's ENTRYPOINT is used if "
     "this is not provided. Variable references $(VAR_NAME) are expanded using the container's "
     "environment."},
    {"Container.args",
     "Arguments to the entrypoint. The container image's CMD is used if this is not provided. "
     "Variable references $(VAR_NAME) are expanded using the container's environment."},
    {"Container.workingDir",
     "Container's working directory. If not specified, the container runtime's default will be "
     "used, which might be configured in the container image. Cannot be updated."},
    {"Container.ports",
     "List of ports to expose from the container. Not specifying a port here DOES NOT prevent "
     "that port from being exposed."},
    {"Container.envFrom", "List of sources to populate environment variables in the container."},
    {"Container.env", "List of environment variables to set in the container. Cannot be updated."},
    {"Container.resources", "Compute Resources required by this container. Cannot be updated."},
    {"Container.resizePolicy", "Resources resize policy for the container."},
    {"Container.restartPolicy",
     "RestartPolicy defines the restart behavior of individual containers in a pod. This field "
     "may only be set for init containers, and the only allowed value is \"Always\"."},
    {"Container.volumeMounts",
     "Pod volumes to mount into the container's filesystem. Cannot be updated."},
    {"Container.volumeDevices",
     "volumeDevices is the list of block devices to be used by the container."},
    {"Container.livenessProbe",
     "Periodic probe of container liveness. Container will be restarted if the probe fails. "
     "Cannot be updated."},
    {"Container.readinessProbe",
     "Periodic probe of container service readiness. Container will be removed from service "
     "endpoints if the probe fails. Cannot be updated."},
    {"Container.startupProbe",
     "StartupProbe indicates that the Pod has successfully initialized. If specified, no other "
     "probes are executed until this completes successfully."},
    {"Container.lifecycle",
     "Actions that the management system should take in response to container lifecycle "
     "events. Cannot be updated."},
    {"Container.terminationMessagePath",
     "Optional: Path at which the file to which the container's termination message will be "
     "written is mounted into the container's filesystem. Defaults to /dev/termination-log. "
     "Cannot be updated."},
    {"Container.terminationMessagePolicy",
     "Indicate how the termination message should be populated. File will use the contents of "
     "terminationMessagePath to populate the container status message on both success and "
     "failure. FallbackToLogsOnError will use the last chunk of container log output if the "
     "termination message file is empty and the container exited with an error. Defaults to "
     "File. Cannot be updated."},
    {"Container.imagePullPolicy",
     "Image pull policy. One of Always, Never, IfNotPresent. Defaults to Always if :latest tag "
     "is specified, or IfNotPresent otherwise. Cannot be updated."},
    {"Container.securityContext",
     "SecurityContext defines the security options the container should be run with. If set, "
     "the fields of SecurityContext override the equivalent fields of PodSecurityContext."},
    {"Container.stdin",
     "Whether this container should allocate a buffer for stdin in the container runtime. If "
     "this is not set, reads from stdin in the container will always result in EOF. Default is "
     "false."},
    {"Container.stdinOnce",
     "Whether the container runtime should close the stdin channel after it has been opened by "
     "a single attach. When stdin is true the stdin stream will remain open across multiple "
     "attach sessions."},
    {"Container.tty",
     "Whether this container should allocate a TTY for itself, also requires 'stdin' to be "
     "true. Default is false."},
};

} // namespace

const char* descriptionOf(const std::string& key) {
    const auto it = kDescriptions.find(key);
    return it == kDescriptions.end() ? "" : it->second;
}

} // namespace tessera::serve::schema
