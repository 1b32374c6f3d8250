#include "ProtoJson.h"

#include "KubeSchema.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTimeZone>
#include <cmath>
#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>
#include <limits>

namespace tessera::serve {

namespace {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using google::protobuf::Reflection;

QString typeName(const QJsonValue& v) {
    switch (v.type()) {
    case QJsonValue::Bool:
        return QStringLiteral("a boolean");
    case QJsonValue::Double:
        return QStringLiteral("a number");
    case QJsonValue::String:
        return QStringLiteral("a string");
    case QJsonValue::Array:
        return QStringLiteral("an array");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    default:
        return QStringLiteral("null");
    }
}

QString join(const QString& path, const QString& name) {
    return path.isEmpty() ? name : path + QLatin1Char('.') + name;
}

// ---- Go durations ("1h2m3.5s"), as metav1.Duration writes and reads them.

bool parseDuration(const QString& text, qint64& nanos) {
    static const QRegularExpression part(QStringLiteral("^([0-9]*\\.?[0-9]+)(ns|us|µs|ms|s|m|h)"));
    QString rest = text;
    bool negative = false;
    if (rest.startsWith(QLatin1Char('-')) || rest.startsWith(QLatin1Char('+'))) {
        negative = rest.startsWith(QLatin1Char('-'));
        rest = rest.mid(1);
    }
    if (rest == QLatin1String("0")) {
        nanos = 0;
        return true;
    }
    if (rest.isEmpty())
        return false;
    double total = 0;
    while (!rest.isEmpty()) {
        const QRegularExpressionMatch m = part.match(rest);
        if (!m.hasMatch())
            return false;
        const double value = m.captured(1).toDouble();
        const QString unit = m.captured(2);
        const double scale = unit == QLatin1String("ns")   ? 1.0
                             : unit == QLatin1String("ms") ? 1e6
                             : unit == QLatin1String("s")  ? 1e9
                             : unit == QLatin1String("m")  ? 60e9
                             : unit == QLatin1String("h")  ? 3600e9
                                                           : 1e3;
        total += value * scale;
        rest = rest.mid(m.capturedLength(0));
    }
    nanos = static_cast<qint64>(std::llround(negative ? -total : total));
    return true;
}

QString trimFraction(QString s) {
    if (s.contains(QLatin1Char('.'))) {
        while (s.endsWith(QLatin1Char('0')))
            s.chop(1);
        if (s.endsWith(QLatin1Char('.')))
            s.chop(1);
    }
    return s;
}

QString formatDuration(qint64 nanos) {
    if (nanos == 0)
        return QStringLiteral("0s");
    const QString sign = nanos < 0 ? QStringLiteral("-") : QString();
    const quint64 n =
        nanos < 0 ? static_cast<quint64>(-(nanos + 1)) + 1 : static_cast<quint64>(nanos);
    if (n < 1000ULL)
        return sign + QString::number(n) + QStringLiteral("ns");
    if (n < 1000000ULL)
        return sign + trimFraction(QString::number(static_cast<double>(n) / 1e3, 'f', 3)) +
               QStringLiteral("µs");
    if (n < 1000000000ULL)
        return sign + trimFraction(QString::number(static_cast<double>(n) / 1e6, 'f', 6)) +
               QStringLiteral("ms");
    const quint64 hours = n / 3600000000000ULL;
    const quint64 minutes = (n / 60000000000ULL) % 60;
    const quint64 secondsNanos = n % 60000000000ULL;
    QString out = sign;
    if (hours)
        out += QString::number(hours) + QLatin1Char('h');
    if (hours || minutes)
        out += QString::number(minutes) + QLatin1Char('m');
    out += trimFraction(
               QString::number(secondsNanos / 1000000000ULL) + QLatin1Char('.') +
               QStringLiteral("%1").arg(secondsNanos % 1000000000ULL, 9, 10, QLatin1Char('0'))) +
           QLatin1Char('s');
    return out;
}

// ---- JSON -> protobuf

class ToProto {
public:
    JsonToProtoResult result;

    void object(const QJsonObject& json, Message& message, const QString& path) {
        const Descriptor* d = message.GetDescriptor();
        const bool typed = d->FindFieldByName("metadata") != nullptr;
        for (auto it = json.begin(); it != json.end() && result.ok; ++it) {
            const QString key = it.key();
            const JsonField* jf = schema::findJsonField(d, key);
            if (!jf) {
                // TypeMeta is inlined in every kind; the protobuf envelope carries it.
                if (typed && (key == QLatin1String("apiVersion") || key == QLatin1String("kind")))
                    continue;
                result.unknown << join(path, key);
                continue;
            }
            if (it.value().isNull())
                continue;
            Message* target = &message;
            for (std::size_t i = 0; i + 1 < jf->path.size(); ++i)
                target = target->GetReflection()->MutableMessage(target, jf->path[i]);
            field(it.value(), *target, jf->field(), join(path, key));
        }
    }

private:
    void fail(const QString& path, const QString& what) {
        if (result.ok) {
            result.ok = false;
            result.error = QStringLiteral("%1: %2").arg(path, what);
        }
    }

    void field(const QJsonValue& v, Message& m, const FieldDescriptor* f, const QString& path) {
        const Reflection* r = m.GetReflection();
        if (f->is_map()) {
            if (!v.isObject())
                return fail(path, QStringLiteral("expected an object, got %1").arg(typeName(v)));
            const QJsonObject o = v.toObject();
            const FieldDescriptor* keyField = f->message_type()->map_key();
            const FieldDescriptor* valueField = f->message_type()->map_value();
            for (auto it = o.begin(); it != o.end() && result.ok; ++it) {
                if (it.value().isNull())
                    continue;
                Message* entry = r->AddMessage(&m, f);
                entry->GetReflection()->SetString(entry, keyField, it.key().toStdString());
                single(it.value(), *entry, valueField, path + QLatin1Char('.') + it.key());
            }
            return;
        }
        if (f->is_repeated()) {
            if (!v.isArray())
                return fail(path, QStringLiteral("expected an array, got %1").arg(typeName(v)));
            const QJsonArray a = v.toArray();
            for (qsizetype i = 0; i < a.size() && result.ok; ++i)
                element(a[i], m, f, QStringLiteral("%1[%2]").arg(path).arg(i));
            return;
        }
        single(v, m, f, path);
    }

    // One value of a repeated field.
    void element(const QJsonValue& v, Message& m, const FieldDescriptor* f, const QString& path) {
        const Reflection* r = m.GetReflection();
        if (f->type() == FieldDescriptor::TYPE_MESSAGE) {
            Message* child = r->AddMessage(&m, f);
            message(v, *child, path);
            return;
        }
        switch (f->cpp_type()) {
        case FieldDescriptor::CPPTYPE_STRING: {
            std::string s;
            if (stringValue(v, f, path, s))
                r->AddString(&m, f, std::move(s));
            return;
        }
        case FieldDescriptor::CPPTYPE_INT32: {
            qint64 n = 0;
            if (integer(v, path, std::numeric_limits<qint32>::min(),
                        std::numeric_limits<qint32>::max(), n))
                r->AddInt32(&m, f, static_cast<qint32>(n));
            return;
        }
        case FieldDescriptor::CPPTYPE_INT64: {
            qint64 n = 0;
            if (integer(v, path, std::numeric_limits<qint64>::min(),
                        std::numeric_limits<qint64>::max(), n))
                r->AddInt64(&m, f, n);
            return;
        }
        case FieldDescriptor::CPPTYPE_BOOL:
            if (!v.isBool())
                return fail(path, QStringLiteral("expected a boolean, got %1").arg(typeName(v)));
            r->AddBool(&m, f, v.toBool());
            return;
        default:
            return fail(path, QStringLiteral("unsupported list type"));
        }
    }

    void single(const QJsonValue& v, Message& m, const FieldDescriptor* f, const QString& path) {
        const Reflection* r = m.GetReflection();
        if (f->type() == FieldDescriptor::TYPE_MESSAGE) {
            message(v, *r->MutableMessage(&m, f), path);
            return;
        }
        switch (f->cpp_type()) {
        case FieldDescriptor::CPPTYPE_STRING: {
            std::string s;
            if (stringValue(v, f, path, s))
                r->SetString(&m, f, std::move(s));
            return;
        }
        case FieldDescriptor::CPPTYPE_INT32: {
            qint64 n = 0;
            if (integer(v, path, std::numeric_limits<qint32>::min(),
                        std::numeric_limits<qint32>::max(), n))
                r->SetInt32(&m, f, static_cast<qint32>(n));
            return;
        }
        case FieldDescriptor::CPPTYPE_INT64: {
            qint64 n = 0;
            if (integer(v, path, std::numeric_limits<qint64>::min(),
                        std::numeric_limits<qint64>::max(), n))
                r->SetInt64(&m, f, n);
            return;
        }
        case FieldDescriptor::CPPTYPE_BOOL:
            if (!v.isBool())
                return fail(path, QStringLiteral("expected a boolean, got %1").arg(typeName(v)));
            r->SetBool(&m, f, v.toBool());
            return;
        case FieldDescriptor::CPPTYPE_DOUBLE:
            if (!v.isDouble())
                return fail(path, QStringLiteral("expected a number, got %1").arg(typeName(v)));
            r->SetDouble(&m, f, v.toDouble());
            return;
        default:
            return fail(path, QStringLiteral("unsupported field type"));
        }
    }

    bool stringValue(const QJsonValue& v, const FieldDescriptor* f, const QString& path,
                     std::string& out) {
        if (!v.isString()) {
            fail(path, QStringLiteral("expected a string, got %1").arg(typeName(v)));
            return false;
        }
        if (f->type() == FieldDescriptor::TYPE_BYTES) {
            const auto decoded = QByteArray::fromBase64Encoding(v.toString().toLatin1());
            if (!decoded) {
                fail(path, QStringLiteral("not valid base64"));
                return false;
            }
            out = decoded.decoded.toStdString();
            return true;
        }
        out = v.toString().toStdString();
        return true;
    }

    bool integer(const QJsonValue& v, const QString& path, qint64 low, qint64 high, qint64& out) {
        if (!v.isDouble()) {
            fail(path, QStringLiteral("expected an integer, got %1").arg(typeName(v)));
            return false;
        }
        const double d = v.toDouble();
        if (d != std::floor(d) || d < static_cast<double>(low) || d > static_cast<double>(high)) {
            fail(path, QStringLiteral("%1 is not an integer in range").arg(d));
            return false;
        }
        out = static_cast<qint64>(d);
        return true;
    }

    void message(const QJsonValue& v, Message& m, const QString& path) {
        const Descriptor* d = m.GetDescriptor();
        const Reflection* r = m.GetReflection();
        auto byName = [d](const char* name) {
            return d->FindFieldByName(name);
        };
        switch (schema::specialType(d)) {
        case SpecialType::Time:
        case SpecialType::MicroTime: {
            qint64 seconds = 0;
            int nanos = 0;
            if (!v.isString() || !parseRfc3339(v.toString(), seconds, nanos))
                return fail(path, QStringLiteral("expected an RFC 3339 time, got %1")
                                      .arg(v.isString() ? v.toString() : typeName(v)));
            r->SetInt64(&m, byName("seconds"), seconds);
            r->SetInt32(&m, byName("nanos"), nanos);
            return;
        }
        case SpecialType::Duration: {
            qint64 nanos = 0;
            if (!v.isString() || !parseDuration(v.toString(), nanos))
                return fail(path, QStringLiteral("expected a duration such as \"1h2m3s\", got %1")
                                      .arg(v.isString() ? v.toString() : typeName(v)));
            r->SetInt64(&m, byName("duration"), nanos);
            return;
        }
        case SpecialType::Quantity:
            if (v.isDouble())
                r->SetString(&m, byName("string"),
                             QString::number(v.toDouble(), 'g', 17).toStdString());
            else if (v.isString())
                r->SetString(&m, byName("string"), v.toString().toStdString());
            else
                fail(path, QStringLiteral("expected a quantity (string or number), got %1")
                               .arg(typeName(v)));
            return;
        case SpecialType::IntOrString:
            if (v.isString()) {
                r->SetInt64(&m, byName("type"), 1);
                r->SetString(&m, byName("strVal"), v.toString().toStdString());
            } else if (v.isDouble() && v.toDouble() == std::floor(v.toDouble())) {
                r->SetInt64(&m, byName("type"), 0);
                r->SetInt32(&m, byName("intVal"), v.toInt());
            } else {
                fail(path,
                     QStringLiteral("expected an integer or a string, got %1").arg(typeName(v)));
            }
            return;
        case SpecialType::FieldsV1:
        case SpecialType::RawExtension: {
            const QByteArray raw =
                v.isObject()  ? QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact)
                : v.isArray() ? QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact)
                              : QByteArray();
            if (raw.isEmpty())
                return fail(path, QStringLiteral("expected an object, got %1").arg(typeName(v)));
            r->SetString(&m, d->field(0), raw.toStdString());
            return;
        }
        case SpecialType::None:
            break;
        }
        if (!v.isObject())
            return fail(path, QStringLiteral("expected an object, got %1").arg(typeName(v)));
        object(v.toObject(), m, path);
    }
};

// ---- protobuf -> JSON

bool isZero(const Message& m, const FieldDescriptor* f) {
    const Reflection* r = m.GetReflection();
    switch (f->cpp_type()) {
    case FieldDescriptor::CPPTYPE_STRING:
        return r->GetString(m, f).empty();
    case FieldDescriptor::CPPTYPE_INT32:
        return r->GetInt32(m, f) == 0;
    case FieldDescriptor::CPPTYPE_INT64:
        return r->GetInt64(m, f) == 0;
    case FieldDescriptor::CPPTYPE_UINT32:
        return r->GetUInt32(m, f) == 0;
    case FieldDescriptor::CPPTYPE_UINT64:
        return r->GetUInt64(m, f) == 0;
    case FieldDescriptor::CPPTYPE_BOOL:
        return !r->GetBool(m, f);
    case FieldDescriptor::CPPTYPE_DOUBLE:
        return r->GetDouble(m, f) == 0;
    default:
        return false;
    }
}

QJsonValue messageValue(const Message& m);

QJsonValue scalar(const Message& m, const FieldDescriptor* f, int index) {
    const Reflection* r = m.GetReflection();
    const bool rep = index >= 0;
    switch (f->cpp_type()) {
    case FieldDescriptor::CPPTYPE_STRING: {
        const std::string s = rep ? r->GetRepeatedString(m, f, index) : r->GetString(m, f);
        if (f->type() == FieldDescriptor::TYPE_BYTES)
            return QString::fromLatin1(QByteArray::fromStdString(s).toBase64());
        return QString::fromStdString(s);
    }
    case FieldDescriptor::CPPTYPE_INT32:
        return rep ? r->GetRepeatedInt32(m, f, index) : r->GetInt32(m, f);
    case FieldDescriptor::CPPTYPE_INT64:
        return static_cast<qint64>(rep ? r->GetRepeatedInt64(m, f, index) : r->GetInt64(m, f));
    case FieldDescriptor::CPPTYPE_BOOL:
        return rep ? r->GetRepeatedBool(m, f, index) : r->GetBool(m, f);
    case FieldDescriptor::CPPTYPE_DOUBLE:
        return rep ? r->GetRepeatedDouble(m, f, index) : r->GetDouble(m, f);
    case FieldDescriptor::CPPTYPE_MESSAGE:
        return messageValue(rep ? r->GetRepeatedMessage(m, f, index) : r->GetMessage(m, f));
    default:
        return QJsonValue();
    }
}

void fillObject(const Message& m, QJsonObject& out) {
    const Descriptor* d = m.GetDescriptor();
    const Reflection* r = m.GetReflection();
    for (int i = 0; i < d->field_count(); ++i) {
        const FieldDescriptor* f = d->field(i);
        const QString name = QString::fromStdString(f->name());
        if (f->is_map()) {
            const int n = r->FieldSize(m, f);
            if (n == 0)
                continue;
            QJsonObject map;
            const FieldDescriptor* keyField = f->message_type()->map_key();
            const FieldDescriptor* valueField = f->message_type()->map_value();
            for (int j = 0; j < n; ++j) {
                const Message& entry = r->GetRepeatedMessage(m, f, j);
                map.insert(
                    QString::fromStdString(entry.GetReflection()->GetString(entry, keyField)),
                    scalar(entry, valueField, -1));
            }
            out.insert(name, map);
        } else if (f->is_repeated()) {
            const int n = r->FieldSize(m, f);
            if (n == 0)
                continue;
            QJsonArray list;
            for (int j = 0; j < n; ++j)
                list.append(scalar(m, f, j));
            out.insert(name, list);
        } else if (r->HasField(m, f)) {
            if (f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE && schema::isInlined(f)) {
                fillObject(r->GetMessage(m, f), out);
                continue;
            }
            if (f->cpp_type() != FieldDescriptor::CPPTYPE_MESSAGE && isZero(m, f) &&
                !schema::keepsZero(f))
                continue;
            out.insert(name, scalar(m, f, -1));
        }
    }
}

QJsonValue messageValue(const Message& m) {
    const Descriptor* d = m.GetDescriptor();
    const Reflection* r = m.GetReflection();
    auto byName = [d](const char* name) {
        return d->FindFieldByName(name);
    };
    switch (schema::specialType(d)) {
    case SpecialType::Time:
    case SpecialType::MicroTime: {
        const qint64 seconds = r->GetInt64(m, byName("seconds"));
        const int nanos = r->GetInt32(m, byName("nanos"));
        // A zero metav1.Time marshals to an empty message and to null in JSON.
        if (seconds == 0 && nanos == 0)
            return QJsonValue(QJsonValue::Null);
        return formatRfc3339(seconds, nanos, schema::specialType(d) == SpecialType::MicroTime);
    }
    case SpecialType::Duration:
        return formatDuration(r->GetInt64(m, byName("duration")));
    case SpecialType::Quantity:
        return QString::fromStdString(r->GetString(m, byName("string")));
    case SpecialType::IntOrString:
        if (r->GetInt64(m, byName("type")) == 1)
            return QString::fromStdString(r->GetString(m, byName("strVal")));
        return r->GetInt32(m, byName("intVal"));
    case SpecialType::FieldsV1:
    case SpecialType::RawExtension: {
        const QJsonDocument doc =
            QJsonDocument::fromJson(QByteArray::fromStdString(r->GetString(m, d->field(0))));
        if (doc.isObject())
            return doc.object();
        if (doc.isArray())
            return doc.array();
        return QJsonValue(QJsonValue::Null);
    }
    case SpecialType::None:
        break;
    }
    QJsonObject out;
    fillObject(m, out);
    return out;
}

} // namespace

JsonToProtoResult jsonToProto(const QJsonObject& json, Message& message, const QString& path) {
    ToProto converter;
    converter.object(json, message, path);
    return converter.result;
}

QJsonObject protoToJson(const Message& message) {
    QJsonObject out;
    fillObject(message, out);
    return out;
}

bool parseRfc3339(const QString& text, qint64& seconds, int& nanos) {
    static const QRegularExpression re(
        QStringLiteral("^(\\d{4})-(\\d{2})-(\\d{2})[Tt "
                       "](\\d{2}):(\\d{2}):(\\d{2})(?:\\.(\\d{1,9}))?([Zz]|[+-]\\d{2}:\\d{2})$"));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch())
        return false;
    const QDate date(m.captured(1).toInt(), m.captured(2).toInt(), m.captured(3).toInt());
    const QTime time(m.captured(4).toInt(), m.captured(5).toInt(), m.captured(6).toInt());
    if (!date.isValid() || !time.isValid())
        return false;
    seconds = QDateTime(date, time, QTimeZone::utc()).toSecsSinceEpoch();
    const QString zone = m.captured(8);
    if (zone.size() == 6) {
        const int offset = (zone.mid(1, 2).toInt() * 60 + zone.mid(4, 2).toInt()) * 60;
        seconds -= zone.startsWith(QLatin1Char('+')) ? offset : -offset;
    }
    const QString fraction = m.captured(7);
    nanos = fraction.isEmpty() ? 0 : (fraction + QStringLiteral("000000000")).left(9).toInt();
    return true;
}

QString formatRfc3339(qint64 seconds, int nanos, bool micro) {
    const QDateTime t = QDateTime::fromSecsSinceEpoch(seconds, QTimeZone::utc());
    QString out = t.toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss"));
    if (micro)
        out += QStringLiteral(".%1").arg(nanos / 1000, 6, 10, QLatin1Char('0'));
    return out + QLatin1Char('Z');
}

} // namespace tessera::serve
