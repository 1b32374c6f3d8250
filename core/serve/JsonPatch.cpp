#include "JsonPatch.h"

#include "proto/KubeSchema.h"

#include <QJsonArray>
#include <google/protobuf/descriptor.h>

namespace tessera::serve {

QJsonObject applyMergePatch(const QJsonObject& target, const QJsonObject& patch) {
    QJsonObject out = target;
    for (auto it = patch.begin(); it != patch.end(); ++it) {
        if (it.value().isNull()) {
            out.remove(it.key());
        } else if (it.value().isObject()) {
            out.insert(it.key(),
                       applyMergePatch(out.value(it.key()).toObject(), it.value().toObject()));
        } else {
            out.insert(it.key(), it.value());
        }
    }
    return out;
}

namespace {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;

// Where in the schema a JSON object is: a message (its fields say how lists merge), a map or a
// type without fields (plain merge, lists replaced), or no schema at all (the kind is not served:
// the merge keys of the common Kubernetes lists by field name).
struct Place {
    bool known = false;
    const Descriptor* message = nullptr;
};

// The merge key of a list field by its name alone, for objects without a schema.
QString legacyMergeKey(const QString& field) {
    static const QStringList byName = {
        QStringLiteral("containers"),
        QStringLiteral("initContainers"),
        QStringLiteral("env"),
        QStringLiteral("volumes"),
        QStringLiteral("volumeMounts"),
        QStringLiteral("ephemeralContainers"),
        QStringLiteral("imagePullSecrets"),
        QStringLiteral("hostAliases"),
    };
    if (byName.contains(field))
        return QStringLiteral("name");
    if (field == QLatin1String("conditions"))
        return QStringLiteral("type");
    if (field == QLatin1String("ports"))
        return QStringLiteral("containerPort");
    if (field == QLatin1String("ownerReferences"))
        return QStringLiteral("uid");
    return {};
}

const FieldDescriptor* fieldAt(const Place& place, const QString& key) {
    if (!place.message)
        return nullptr;
    const JsonField* jf = schema::findJsonField(place.message, key);
    return jf ? jf->field() : nullptr;
}

// The place of the value of `field` (an element's, for lists).
Place childPlace(const Place& place, const FieldDescriptor* f) {
    if (!place.known)
        return {};
    if (!f || f->is_map() || f->type() != FieldDescriptor::TYPE_MESSAGE ||
        schema::specialType(f->message_type()) != SpecialType::None)
        return Place{true, nullptr};
    return Place{true, f->message_type()};
}

ApiOutcome<QJsonObject> mergeObject(const QJsonObject& target, const QJsonObject& patch,
                                    const Place& place);

ApiOutcome<QJsonArray> mergeList(const QString& field, const QJsonArray& target,
                                 const QJsonArray& patch, const Place& place) {
    const FieldDescriptor* f = fieldAt(place, field);
    const schema::ListSemantics list = f ? schema::listSemantics(f) : schema::ListSemantics{};
    const QString key = place.known ? list.patchMergeKey : legacyMergeKey(field);
    if (key.isEmpty()) {
        // A list of scalars with the merge strategy (finalizers) is a union; others are replaced.
        if (!list.patchStrategy.startsWith(QLatin1String("merge")))
            return patch;
        QJsonArray out = target;
        for (const QJsonValue& v : patch)
            if (!out.contains(v))
                out.append(v);
        return out;
    }
    const Place element = childPlace(place, f);
    // `$patch: replace` anywhere in the patch list replaces the whole list.
    for (const QJsonValue& p : patch)
        if (p.toObject().value(QStringLiteral("$patch")).toString() == QLatin1String("replace")) {
            QJsonArray out;
            for (const QJsonValue& q : patch)
                if (!q.toObject().contains(QStringLiteral("$patch")))
                    out.append(q);
            return out;
        }
    QJsonArray out = target;
    for (const QJsonValue& p : patch) {
        const QJsonObject item = p.toObject();
        const QJsonValue id = item.value(key);
        if (id.isUndefined())
            return apiFailure(422, "Invalid",
                              QStringLiteral("strategic merge patch: an element of %1 has no "
                                             "merge key \"%2\"")
                                  .arg(field, key));
        int found = -1;
        for (int i = 0; i < out.size(); ++i)
            if (out[i].toObject().value(key) == id) {
                found = i;
                break;
            }
        if (item.value(QStringLiteral("$patch")).toString() == QLatin1String("delete")) {
            if (found >= 0)
                out.removeAt(found);
            continue;
        }
        auto merged = mergeObject(found < 0 ? QJsonObject() : out[found].toObject(), item, element);
        if (!merged)
            return tl::unexpected(merged.error());
        if (found < 0)
            out.append(*merged);
        else
            out[found] = *merged;
    }
    return out;
}

ApiOutcome<QJsonObject> mergeObject(const QJsonObject& target, const QJsonObject& patch,
                                    const Place& place) {
    const QString directive = patch.value(QStringLiteral("$patch")).toString();
    if (directive == QLatin1String("replace")) {
        QJsonObject out = patch;
        out.remove(QStringLiteral("$patch"));
        return out;
    }
    if (directive == QLatin1String("delete"))
        return QJsonObject();
    QJsonObject out = target;
    // $retainKeys: keys not listed are cleared before merging.
    if (patch.contains(QStringLiteral("$retainKeys"))) {
        const QJsonArray keep = patch.value(QStringLiteral("$retainKeys")).toArray();
        const QStringList keys = out.keys();
        for (const QString& k : keys)
            if (!keep.contains(QJsonValue(k)))
                out.remove(k);
    }
    for (auto it = patch.begin(); it != patch.end(); ++it) {
        const QString& k = it.key();
        if (k.startsWith(QLatin1Char('$'))) {
            static const QString deletePrefix = QStringLiteral("$deleteFromPrimitiveList/");
            if (k.startsWith(deletePrefix)) {
                const QString field = k.mid(deletePrefix.size());
                QJsonArray list = out.value(field).toArray();
                for (const QJsonValue& gone : it.value().toArray())
                    for (int i = list.size() - 1; i >= 0; --i)
                        if (list[i] == gone)
                            list.removeAt(i);
                out.insert(field, list);
            }
            continue; // $setElementOrder, $retainKeys, $patch: hints already handled
        }
        if (it.value().isNull()) {
            out.remove(k);
        } else if (it.value().isObject()) {
            auto merged = mergeObject(out.value(k).toObject(), it.value().toObject(),
                                      childPlace(place, fieldAt(place, k)));
            if (!merged)
                return merged;
            if (merged->isEmpty() && it.value().toObject().value(QStringLiteral("$patch")) ==
                                         QJsonValue(QStringLiteral("delete")))
                out.remove(k);
            else
                out.insert(k, *merged);
        } else if (it.value().isArray() && out.value(k).isArray()) {
            auto merged = mergeList(k, out.value(k).toArray(), it.value().toArray(), place);
            if (!merged)
                return tl::unexpected(merged.error());
            out.insert(k, *merged);
        } else {
            out.insert(k, it.value());
        }
    }
    return out;
}

} // namespace

ApiOutcome<QJsonObject> applyStrategicMergePatch(const QJsonObject& target,
                                                 const QJsonObject& patch, const Descriptor* kind) {
    return mergeObject(target, patch, kind ? Place{true, kind} : Place{});
}

} // namespace tessera::serve
