// Server-side apply's merge and conflicts (ServerSideApply.h).
#include "ServerSideApply.h"

#include "proto/KubeSchema.h"

#include <QJsonArray>
#include <google/protobuf/descriptor.h>
#include <map>

namespace tessera::serve {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;
using namespace fields;

namespace {

const FieldDescriptor* fieldOf(const Descriptor* message, const QString& key) {
    if (!message)
        return nullptr;
    const JsonField* jf = schema::findJsonField(message, key);
    return jf ? jf->field() : nullptr;
}

const Descriptor* messageOf(const FieldDescriptor* f) {
    if (!f || f->is_map() || f->type() != FieldDescriptor::TYPE_MESSAGE ||
        schema::specialType(f->message_type()) != SpecialType::None)
        return nullptr;
    return f->message_type();
}

QJsonObject mergeObject(QJsonObject live, const QJsonObject& config, const Descriptor* message);

// The keys a list field's items are matched by (empty: the list is replaced, or is a set).
std::vector<QString> itemKeys(const FieldDescriptor* f) {
    const schema::ListSemantics list = schema::listSemantics(f);
    if (list.listType == QLatin1String("atomic") || !messageOf(f))
        return {};
    if (!list.mapKeys.empty())
        return list.mapKeys;
    if (!list.patchMergeKey.isEmpty())
        return {list.patchMergeKey};
    return {};
}

bool sameItem(const QJsonObject& a, const QJsonObject& b, const std::vector<QString>& keys) {
    bool any = false;
    for (const QString& k : keys) {
        if (a.value(k) != b.value(k))
            return false;
        any = any || b.contains(k);
    }
    return any;
}

QJsonValue mergeValue(const QJsonValue& live, const QJsonValue& config, const FieldDescriptor* f) {
    if (f && f->is_map() && live.isObject() && config.isObject()) {
        const Descriptor* element = messageOf(f->message_type()->map_value());
        QJsonObject out = live.toObject();
        const QJsonObject patch = config.toObject();
        for (auto it = patch.begin(); it != patch.end(); ++it)
            out.insert(it.key(), element && out.value(it.key()).isObject() && it.value().isObject()
                                     ? QJsonValue(mergeObject(out.value(it.key()).toObject(),
                                                              it.value().toObject(), element))
                                     : QJsonValue(it.value()));
        return out;
    }
    if (f && f->is_repeated() && live.isArray() && config.isArray()) {
        const schema::ListSemantics list = schema::listSemantics(f);
        const std::vector<QString> keys = itemKeys(f);
        QJsonArray out = live.toArray();
        if (!keys.empty()) {
            for (const QJsonValue& v : config.toArray()) {
                const QJsonObject item = v.toObject();
                int found = -1;
                for (int i = 0; i < out.size() && found < 0; ++i)
                    if (sameItem(out[i].toObject(), item, keys))
                        found = i;
                if (found < 0)
                    out.append(item);
                else
                    out[found] = mergeObject(out[found].toObject(), item, f->message_type());
            }
            return out;
        }
        const bool set = !messageOf(f) && list.listType != QLatin1String("atomic") &&
                         (list.listType == QLatin1String("set") ||
                          list.patchStrategy.startsWith(QLatin1String("merge")));
        if (set) {
            for (const QJsonValue& v : config.toArray())
                if (!out.contains(v))
                    out.append(v);
            return out;
        }
        return config;
    }
    if (live.isObject() && config.isObject()) {
        if (const Descriptor* m = messageOf(f))
            return mergeObject(live.toObject(), config.toObject(), m);
        if (!f)
            return mergeObject(live.toObject(), config.toObject(), nullptr);
    }
    return config;
}

QJsonObject mergeObject(QJsonObject live, const QJsonObject& config, const Descriptor* message) {
    for (auto it = config.begin(); it != config.end(); ++it) {
        if (it.value().isNull()) {
            live.remove(it.key());
            continue;
        }
        live.insert(it.key(),
                    mergeValue(live.value(it.key()), it.value(), fieldOf(message, it.key())));
    }
    return live;
}

QString printManager(const ApplyConflict& c) {
    QString quoted = QLatin1Char('"') + c.manager + QLatin1Char('"');
    if (c.operation == QLatin1String("Update"))
        return QStringLiteral("%1 using %2").arg(quoted, c.apiVersion);
    return quoted;
}

} // namespace

ApplyResult serverSideApply(const QJsonObject& live, const QJsonObject& config,
                            const QString& manager, bool force, const Descriptor* kind) {
    ApplyResult result;
    std::vector<ManagedEntry> entries = readManagedFields(live);
    const FieldSet applied = fieldSetOf(config, kind);
    FieldSet previous;
    FieldSet others;
    for (const ManagedEntry& e : entries) {
        if (e.manager == manager && e.operation == QLatin1String("Apply"))
            previous = e.fields;
        else
            others = unite(others, e.fields);
    }
    // What this manager no longer applies goes, unless someone else still owns it.
    QJsonObject base = live;
    std::vector<Path> dropped;
    forEachMember(subtract(previous, applied), [&](const Path& path, bool) {
        // Parents come first: an item removed whole takes its fields along (and removing those
        // first would lose the key it is found by).
        for (const Path& gone : dropped)
            if (path.mid(0, gone.size()) == gone)
                return;
        if (!touches(others, path) && !touches(applied, path))
            dropped.push_back(path);
    });
    for (const Path& path : dropped)
        removeAt(base, path);
    QJsonObject merged = mergeObject(base, config, kind);
    // Conflicts: another manager's field whose value the apply changes.
    for (ManagedEntry& e : entries) {
        if (e.manager == manager && e.operation == QLatin1String("Apply"))
            continue;
        FieldSet taken;
        forEachMember(intersect(applied, e.fields), [&](const Path& path, bool leaf) {
            if (!leaf || valueAt(live, path) == valueAt(merged, path))
                return;
            result.conflicts.push_back({e.manager, e.operation, e.apiVersion, pathString(path)});
            FieldSet* node = &taken;
            for (const QString& element : path)
                node = &node->children[element];
            node->member = true;
        });
        e.fields = subtract(e.fields, taken);
    }
    if (!result.conflicts.empty() && !force)
        return result;
    result.conflicts.clear();
    const QString apiVersion = config.value(QStringLiteral("apiVersion")).toString();
    bool found = false;
    for (ManagedEntry& e : entries)
        if (e.manager == manager && e.operation == QLatin1String("Apply")) {
            e = {manager, QStringLiteral("Apply"), apiVersion, nowRfc3339(), QString(), applied};
            found = true;
        }
    if (!found)
        entries.push_back(
            {manager, QStringLiteral("Apply"), apiVersion, nowRfc3339(), QString(), applied});
    writeManagedFields(merged, entries);
    result.object = std::move(merged);
    return result;
}

QJsonObject conflictStatus(const std::vector<ApplyConflict>& conflicts) {
    QJsonArray causes;
    for (const ApplyConflict& c : conflicts)
        causes.append(QJsonObject{
            {QStringLiteral("reason"), QStringLiteral("FieldManagerConflict")},
            {QStringLiteral("message"), QStringLiteral("conflict with %1").arg(printManager(c))},
            {QStringLiteral("field"), c.path}});
    QString message;
    if (conflicts.size() == 1) {
        message = QStringLiteral("Apply failed with 1 conflict: conflict with %1: %2")
                      .arg(printManager(conflicts[0]), conflicts[0].path);
    } else {
        // Grouped by manager, as upstream prints them.
        std::map<QString, std::vector<const ApplyConflict*>> byManager;
        for (const ApplyConflict& c : conflicts)
            byManager[printManager(c)].push_back(&c);
        QStringList lines;
        for (const auto& [printed, list] : byManager) {
            lines << QStringLiteral("conflicts with %1:").arg(printed);
            for (const ApplyConflict* c : list)
                lines << QStringLiteral("- %1").arg(c->path);
        }
        message = QStringLiteral("Apply failed with %1 conflicts: %2")
                      .arg(conflicts.size())
                      .arg(lines.join(QLatin1Char('\n')));
    }
    const QJsonObject details{{QStringLiteral("causes"), causes}};
    return QJsonObject{{QStringLiteral("apiVersion"), QStringLiteral("v1")},
                       {QStringLiteral("kind"), QStringLiteral("Status")},
                       {QStringLiteral("metadata"), QJsonObject()},
                       {QStringLiteral("status"), QStringLiteral("Failure")},
                       {QStringLiteral("message"), message},
                       {QStringLiteral("reason"), QStringLiteral("Conflict")},
                       {QStringLiteral("details"), details},
                       {QStringLiteral("code"), 409}};
}

} // namespace tessera::serve
