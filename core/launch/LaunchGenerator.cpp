#include "LaunchGenerator.h"

#include "ItemWrapper.h"
#include "engine/IndexSet.h"
#include "engine/ValidationNames.h"
#include "worklist/WorkListFormats.h"

#include <algorithm>
#include <functional>

namespace tessera::launch {

namespace {

engine::Error fieldError(std::string field, const std::string& message) {
    engine::Error e;
    e.field = std::move(field);
    e.message = e.field + ": " + message;
    return e;
}

ManifestNode labels() {
    ManifestNode l;
    l[LaunchGenerator::kManagedByLabel] = LaunchGenerator::kManagedByValue;
    return l;
}

} // namespace

std::string LaunchGenerator::checkName(std::string_view name) {
    if (name.empty())
        return "a name is required";
    // The API server's DNS-label rule, its wording, and the name quoted (never printed raw).
    std::string out;
    for (const std::string& problem : engine::dns1123LabelProblems(name))
        out += (out.empty() ? engine::quoteValue(name) + ": " : std::string("; ")) + problem;
    return out;
}

std::string LaunchGenerator::rerunName(std::string_view original,
                                       const std::set<std::string>& taken) {
    std::string base(original);
    // Strip "-rerun" or "-rerun-N" so re-runs of re-runs count up instead of growing.
    if (const auto at = base.rfind("-rerun"); at != std::string::npos && at > 0) {
        const std::string_view rest = std::string_view(base).substr(at + 6);
        const bool numbered = rest.size() > 1 && rest[0] == '-' &&
                              rest.find_first_not_of("0123456789", 1) == std::string_view::npos;
        if (rest.empty() || numbered)
            base.resize(at);
    }
    for (int n = 1;; ++n) {
        const std::string suffix = n == 1 ? "-rerun" : "-rerun-" + std::to_string(n);
        std::string candidate = base.substr(0, kMaxNameLength - suffix.size());
        while (!candidate.empty() && candidate.back() == '-')
            candidate.pop_back(); // a DNS label does not end in '-' before the suffix either
        candidate += suffix;
        if (!taken.contains(candidate))
            return candidate;
    }
}

std::string LaunchGenerator::nameFromFile(std::string_view path) {
    std::string_view base = path.substr(
        path.find_last_of('/') == std::string_view::npos ? 0 : path.find_last_of('/') + 1);
    if (const auto dot = base.find('.'); dot != std::string_view::npos && dot > 0)
        base = base.substr(0, dot);
    std::string name;
    for (char c : base) {
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
        const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
        if (ok)
            name += c;
        else if (!name.empty() && name.back() != '-')
            name += '-';
    }
    while (!name.empty() && name.back() == '-')
        name.pop_back();
    if (name.size() > 50) // room for "-items" and long indexes in hostnames
        name.resize(50);
    while (!name.empty() && name.back() == '-')
        name.pop_back();
    return name.empty() ? std::string("job") : name;
}

std::vector<int32_t> LaunchGenerator::rerunIndexes(const engine::Job& job,
                                                   const std::vector<engine::Attempt>& attempts,
                                                   Rerun which) {
    const int32_t completions = job.spec.completions.value_or(0);
    const engine::IndexSet completed =
        engine::IndexSet::parseLenient(job.status.completedIndexes, completions);
    std::vector<int32_t> out;
    if (which == Rerun::NotSucceeded) {
        for (int32_t i = 0; i < completions; ++i)
            if (!completed.contains(i))
                out.push_back(i);
        return out;
    }
    engine::IndexSet failed =
        engine::IndexSet::parseLenient(job.status.failedIndexes.value_or(""), completions);
    if (!job.spec.backoffLimitPerIndex) {
        // No per-index accounting: an index failed when its last attempt did.
        std::map<int32_t, engine::AttemptOutcome> last;
        for (const engine::Attempt& a : attempts)
            if (a.index >= 0 && a.index < completions)
                last[a.index] = a.outcome;
        for (const auto& [index, outcome] : last)
            if (outcome == engine::AttemptOutcome::Failed && !completed.contains(index))
                failed.insert(index);
    }
    for (const int32_t i : failed)
        out.push_back(i);
    return out;
}

std::vector<int32_t> LaunchGenerator::originalIndexesOf(const LaunchSpec& spec) {
    std::vector<int32_t> origins;
    origins.reserve(spec.subset.size());
    for (const int32_t item : spec.subset) {
        const auto it = spec.itemOrigins.find(item);
        origins.push_back(it == spec.itemOrigins.end() ? item : it->second);
    }
    if (std::adjacent_find(origins.begin(), origins.end(), std::greater_equal<>()) != origins.end())
        return spec.subset;
    return origins;
}

engine::Result<LaunchManifests> LaunchGenerator::generate(const LaunchSpec& spec,
                                                          const worklist::WorkList& list) {
    if (std::string why = checkName(spec.name); !why.empty())
        return fieldError("metadata.name", why);
    if (spec.image.empty())
        return fieldError("image", "an image is required (it must provide /bin/sh)");
    if (spec.parallelism < 0)
        return fieldError("spec.parallelism", "must be 0 or more");
    if (spec.maxFailedIndexes && !spec.backoffLimitPerIndex)
        return fieldError("spec.maxFailedIndexes", "needs backoffLimitPerIndex");
    if (!list.hasItemCommands() && list.commandTemplate().empty())
        return fieldError("command", "the work list has no commands: give a command template");
    for (const std::string& env : list.envNames())
        if (!worklist::isValidEnvName(env))
            return fieldError("env", "'" + env + "' is not a valid variable name");

    // The items to run: all, or a subset for a re-run.
    std::vector<int32_t> originals = spec.subset;
    if (originals.empty()) {
        originals.reserve(static_cast<std::size_t>(list.size()));
        for (int32_t i = 0; i < list.size(); ++i)
            originals.push_back(i);
    } else {
        for (std::size_t k = 0; k < originals.size(); ++k) {
            if (originals[k] < 0 || originals[k] >= list.size())
                return fieldError("subset", "index " + std::to_string(originals[k]) +
                                                " is not in the work list (" +
                                                std::to_string(list.size()) + " items)");
            if (k > 0 && originals[k] <= originals[k - 1])
                return fieldError("subset", "indexes must be ascending and unique");
        }
    }
    if (originals.empty())
        return fieldError("worklist", "the work list is empty");
    const bool rerun = !spec.subset.empty();
    const std::vector<int32_t> recorded = rerun ? originalIndexesOf(spec) : std::vector<int32_t>{};

    LaunchManifests m;
    m.jobName = spec.name;
    m.configMapName = spec.name + "-items";
    m.completions = static_cast<int32_t>(originals.size());

    // The ConfigMap: one key per item field.
    ManifestNode data;
    int64_t bytes = 0;
    auto put = [&](std::string key, std::string_view value) {
        bytes += static_cast<int64_t>(key.size() + value.size());
        data.add(std::move(key), std::string(value));
    };
    for (int32_t i = 0; i < m.completions; ++i) {
        const int32_t original = originals[static_cast<std::size_t>(i)];
        const worklist::WorkItem item = list.item(original);
        if (list.hasItemCommands())
            put(ItemWrapper::commandKey(i), item.command);
        for (const auto& [name, value] : item.env)
            put(ItemWrapper::envKey(i, std::string(name)), value);
        if (rerun) {
            const int32_t origin = recorded[static_cast<std::size_t>(i)];
            put(ItemWrapper::originalIndexKey(i), std::to_string(origin));
            m.originalIndexes.emplace(i, origin);
        }
        if (bytes > kMaxConfigMapBytes)
            return fieldError("worklist", "the items do not fit in one ConfigMap: more than " +
                                              std::to_string(kMaxConfigMapBytes) +
                                              " bytes (1 MiB, the API "
                                              "server's limit) by item " +
                                              std::to_string(original) + " of " +
                                              std::to_string(list.size()) +
                                              "; split the work list into several jobs");
    }
    m.configMapDataBytes = bytes;

    ManifestNode& cm = m.configMap;
    cm["apiVersion"] = "v1";
    cm["kind"] = "ConfigMap";
    cm["metadata"]["name"] = m.configMapName;
    if (!spec.namespace_.empty())
        cm["metadata"]["namespace"] = spec.namespace_;
    cm["metadata"]["labels"] = labels();
    cm["data"] = std::move(data);

    ManifestNode& job = m.job;
    job["apiVersion"] = "batch/v1";
    job["kind"] = "Job";
    job["metadata"]["name"] = spec.name;
    if (!spec.namespace_.empty())
        job["metadata"]["namespace"] = spec.namespace_;
    job["metadata"]["labels"] = labels();
    job["metadata"]["annotations"][kItemsConfigMapAnnotation] = m.configMapName;
    if (rerun) {
        job["metadata"]["annotations"][kOriginalIndexesAnnotation] =
            engine::IndexSet::fromSortedIndexes(recorded).toString(); // ascending
    }
    ManifestNode& js = job["spec"];
    js["completionMode"] = "Indexed";
    js["completions"] = m.completions;
    js["parallelism"] = spec.parallelism;
    if (spec.backoffLimit)
        js["backoffLimit"] = *spec.backoffLimit;
    if (spec.backoffLimitPerIndex)
        js["backoffLimitPerIndex"] = *spec.backoffLimitPerIndex;
    if (spec.maxFailedIndexes)
        js["maxFailedIndexes"] = *spec.maxFailedIndexes;
    if (spec.activeDeadlineSeconds)
        js["activeDeadlineSeconds"] = static_cast<int64_t>(*spec.activeDeadlineSeconds);
    if (spec.successPolicy && !spec.successPolicy->rules.empty()) {
        ManifestNode rules = ManifestNode::list();
        for (const engine::SuccessPolicyRule& r : spec.successPolicy->rules) {
            ManifestNode rule;
            if (r.succeededIndexes)
                rule["succeededIndexes"] = *r.succeededIndexes;
            if (r.succeededCount)
                rule["succeededCount"] = *r.succeededCount;
            rules.append(std::move(rule));
        }
        js["successPolicy"]["rules"] = std::move(rules);
    }
    ManifestNode& tmpl = js["template"];
    tmpl["metadata"]["labels"] = labels();
    ManifestNode& ps = tmpl["spec"];
    ps["restartPolicy"] = "Never";
    ManifestNode container;
    container["name"] = "item";
    container["image"] = spec.image;
    ManifestNode command = ManifestNode::list();
    command.append("/bin/sh");
    command.append("-c");
    command.append(ItemWrapper::script());
    container["command"] = std::move(command);
    if (!list.hasItemCommands()) {
        ManifestNode env = ManifestNode::list();
        ManifestNode var;
        var["name"] = ItemWrapper::kCommandEnv;
        var["value"] = list.commandTemplate();
        env.append(std::move(var));
        container["env"] = std::move(env);
    }
    ManifestNode mount;
    mount["name"] = "items";
    mount["mountPath"] = ItemWrapper::kMountPath;
    mount["readOnly"] = true;
    ManifestNode mounts = ManifestNode::list();
    mounts.append(std::move(mount));
    container["volumeMounts"] = std::move(mounts);
    ManifestNode containers = ManifestNode::list();
    containers.append(std::move(container));
    ps["containers"] = std::move(containers);
    ManifestNode volume;
    volume["name"] = "items";
    volume["configMap"]["name"] = m.configMapName;
    ManifestNode volumes = ManifestNode::list();
    volumes.append(std::move(volume));
    ps["volumes"] = std::move(volumes);
    return m;
}

std::string LaunchManifests::yaml() const {
    return "---\n" + configMap.toYaml() + "\n---\n" + job.toYaml() + "\n";
}

namespace {

ManifestNode ownerReferences(const std::string& jobName, const std::string& jobUid) {
    ManifestNode ref;
    ref["apiVersion"] = "batch/v1";
    ref["kind"] = "Job";
    ref["name"] = jobName;
    ref["uid"] = jobUid;
    ManifestNode refs = ManifestNode::list();
    refs.append(std::move(ref));
    return refs;
}

} // namespace

std::string LaunchManifests::ownerReferencePatch(const std::string& jobUid) const {
    ManifestNode patch;
    patch["metadata"]["ownerReferences"] = ownerReferences(jobName, jobUid);
    return patch.toJson();
}

} // namespace tessera::launch
