// The protobuf codec of `tessera serve` on its own: every served kind, filled in every field the
// schema knows, goes JSON -> protobuf -> JSON unchanged; a kubectl-shaped protobuf body reads as
// the JSON kubectl would send; Go's zero values are dropped except where Go holds a pointer; the
// envelope, list and watch framing are the wire format client-go reads.
#include "serve/proto/ProtoCodec.h"

#include "batch.pb.h"
#include "core.pb.h"
#include "meta.pb.h"
#include "runtime.pb.h"
#include "serve/proto/KubeSchema.h"
#include "serve/proto/ProtoJson.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <google/protobuf/descriptor.h>
#include <gtest/gtest.h>

using namespace tessera::serve;
using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;

namespace {

// A JSON document with every field of `d` set to a distinct non-zero value of its JSON form.
class Filler {
public:
    QJsonObject object(const Descriptor* d, int depth) {
        QJsonObject out;
        for (const JsonField& jf : schema::jsonFields(d))
            out.insert(jf.name, field(jf.field(), depth));
        return out;
    }

private:
    int m_counter = 0;

    QJsonValue field(const FieldDescriptor* f, int depth) {
        if (f->is_map()) {
            QJsonObject map;
            for (const char* key : {"alpha", "beta.example.com/key"})
                map.insert(QLatin1String(key), value(f->message_type()->map_value(), depth));
            return map;
        }
        if (f->is_repeated())
            return QJsonArray{value(f, depth), value(f, depth)};
        return value(f, depth);
    }

    QJsonValue value(const FieldDescriptor* f, int depth) {
        ++m_counter;
        switch (f->cpp_type()) {
        case FieldDescriptor::CPPTYPE_STRING:
            if (f->type() == FieldDescriptor::TYPE_BYTES)
                return QString::fromLatin1(QByteArray("\x01\x02 binary ")
                                               .append(QByteArray::number(m_counter))
                                               .toBase64());
            return QStringLiteral("%1-%2").arg(QString::fromStdString(f->name())).arg(m_counter);
        case FieldDescriptor::CPPTYPE_INT32:
            return 1000 + m_counter;
        case FieldDescriptor::CPPTYPE_INT64:
            return static_cast<qint64>(5000000000LL + m_counter);
        case FieldDescriptor::CPPTYPE_BOOL:
            return true;
        case FieldDescriptor::CPPTYPE_MESSAGE:
            break;
        default:
            return QJsonValue();
        }
        const Descriptor* d = f->message_type();
        switch (schema::specialType(d)) {
        case SpecialType::Time:
            return QStringLiteral("2024-05-%1T10:11:12Z")
                .arg(1 + m_counter % 28, 2, 10, QLatin1Char('0'));
        case SpecialType::MicroTime:
            return QStringLiteral("2024-05-01T10:11:12.%1Z")
                .arg(100000 + m_counter, 6, 10, QLatin1Char('0'));
        case SpecialType::Duration:
            return QStringLiteral("1h2m3s");
        case SpecialType::Quantity:
            return QStringLiteral("%1m").arg(m_counter);
        case SpecialType::IntOrString:
            return m_counter % 2 ? QJsonValue(8080 + m_counter)
                                 : QJsonValue(QStringLiteral("http-%1").arg(m_counter));
        case SpecialType::FieldsV1:
            return QJsonObject{{QStringLiteral("f:metadata"),
                                QJsonObject{{QStringLiteral("f:labels"), QJsonObject()}}}};
        case SpecialType::RawExtension:
            return QJsonObject{{QStringLiteral("kind"), QStringLiteral("Raw")}};
        case SpecialType::None:
            break;
        }
        return depth > 12 ? QJsonValue(QJsonObject()) : QJsonValue(object(d, depth + 1));
    }
};

QJsonObject readFixture(const char* name) {
    QFile f(QStringLiteral(TESSERA_TEST_DATA_DIR "/serve/") + QLatin1String(name));
    EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << name;
    return QJsonDocument::fromJson(f.readAll()).object();
}

QJsonObject roundTrip(const QJsonObject& json) {
    auto encoded = protobuf::encode(json);
    EXPECT_TRUE(encoded.has_value()) << (encoded ? "" : encoded.error().toStdString());
    if (!encoded)
        return {};
    auto decoded = protobuf::decode(*encoded);
    EXPECT_TRUE(decoded.has_value()) << (decoded ? "" : decoded.error().toStdString());
    return decoded ? *decoded : QJsonObject();
}

std::string dump(const QJsonObject& o) {
    return QJsonDocument(o).toJson(QJsonDocument::Indented).toStdString();
}

} // namespace

struct ServedKind {
    const char* apiVersion;
    const char* kind;
};
void PrintTo(const ServedKind& k, std::ostream* os) {
    *os << k.apiVersion << "/" << k.kind;
}

class EveryServedKind : public testing::TestWithParam<ServedKind> {};

TEST_P(EveryServedKind, RoundTripsEveryFieldThroughProtobuf) {
    const auto [apiVersion, kind] = GetParam();
    const Descriptor* d = schema::messageFor(QLatin1String(apiVersion), QLatin1String(kind));
    ASSERT_NE(d, nullptr) << kind;
    Filler filler;
    QJsonObject json = filler.object(d, 0);
    json.insert(QStringLiteral("apiVersion"), QLatin1String(apiVersion));
    json.insert(QStringLiteral("kind"), QLatin1String(kind));
    const QJsonObject back = roundTrip(json);
    EXPECT_EQ(back, json) << "sent:\n" << dump(json) << "\nreceived:\n" << dump(back);
}

INSTANTIATE_TEST_SUITE_P(
    Kinds, EveryServedKind,
    testing::Values(ServedKind{"v1", "Namespace"}, ServedKind{"v1", "ConfigMap"},
                    ServedKind{"v1", "Secret"}, ServedKind{"v1", "Event"}, ServedKind{"v1", "Node"},
                    ServedKind{"v1", "Pod"}, ServedKind{"v1", "Service"},
                    ServedKind{"v1", "ServiceAccount"}, ServedKind{"batch/v1", "Job"},
                    ServedKind{"batch/v1", "CronJob"}, ServedKind{"v1", "Status"},
                    ServedKind{"v1", "PodList"}, ServedKind{"batch/v1", "JobList"}),
    [](const testing::TestParamInfo<ServedKind>& served) {
        return std::string(served.param.kind);
    });

TEST(ProtoCodec, RoundTripsAHandWrittenIndexedJobWithItsJsonNames) {
    // Written by hand as kubectl prints it: inlined Go structs (envFrom's configMapRef.name, a
    // volume's configMap, a probe's httpGet), IntOrString, quantities, times, base64-free strings.
    const QJsonObject job = readFixture("valid_job_all_fields.json");
    ASSERT_FALSE(job.isEmpty());
    EXPECT_EQ(roundTrip(job), job);
}

TEST(ProtoCodec, RoundTripsConfigMapBinaryDataAsBase64) {
    const QJsonObject cm{
        {QStringLiteral("apiVersion"), QStringLiteral("v1")},
        {QStringLiteral("kind"), QStringLiteral("ConfigMap")},
        {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("name"), QStringLiteral("bin")}}},
        {QStringLiteral("data"), QJsonObject{{QStringLiteral("a"), QStringLiteral("text")}}},
        {QStringLiteral("binaryData"),
         QJsonObject{{QStringLiteral("b"),
                      QString::fromLatin1(QByteArray("\x00\xff\x10", 3).toBase64())}}}};
    auto encoded = protobuf::encode(cm);
    ASSERT_TRUE(encoded);
    // The raw bytes, not their base64, are on the wire.
    EXPECT_TRUE(encoded->contains(QByteArray("\x00\xff\x10", 3)));
    EXPECT_EQ(roundTrip(cm), cm);
}

TEST(ProtoCodec, ReadsAKubectlNamespaceAsTheJsonKubectlWouldSend) {
    // What client-go's protobuf serializer sends for `kubectl create namespace demo`: every Go
    // non-pointer field is on the wire, zero or not (empty strings, a zero creationTimestamp).
    namespace corev1 = k8s::io::api::core::v1;
    corev1::Namespace ns;
    ns.mutable_metadata()->set_name("demo");
    ns.mutable_metadata()->set_generatename("");
    ns.mutable_metadata()->set_namespace_("");
    ns.mutable_metadata()->set_resourceversion("");
    ns.mutable_metadata()->set_generation(0);
    ns.mutable_metadata()->mutable_creationtimestamp();
    ns.mutable_spec();
    ns.mutable_status()->set_phase("");
    k8s::io::apimachinery::pkg::runtime::Unknown unknown;
    unknown.mutable_typemeta()->set_apiversion("v1");
    unknown.mutable_typemeta()->set_kind("Namespace");
    unknown.set_raw(ns.SerializeAsString());
    const QByteArray body =
        QByteArray("k8s\0", 4) + QByteArray::fromStdString(unknown.SerializeAsString());
    auto json = protobuf::decode(body);
    ASSERT_TRUE(json) << json.error().toStdString();
    const QJsonObject expected =
        QJsonDocument::fromJson(
            R"({"apiVersion":"v1","kind":"Namespace","metadata":{"name":"demo","creationTimestamp":null},"spec":{},"status":{}})")
            .object();
    EXPECT_EQ(*json, expected) << dump(*json);
}

TEST(ProtoCodec, KeepsZeroValuesOfGoPointersAndDropsTheOthers) {
    namespace batchv1 = k8s::io::api::batch::v1;
    batchv1::Job job;
    job.mutable_metadata()->set_name("z");
    job.mutable_spec()->set_parallelism(0); // *int32: a value
    job.mutable_spec()->set_suspend(false); // *bool: a value
    auto* c = job.mutable_spec()->mutable_template_()->mutable_spec()->add_containers();
    c->set_name("main");
    c->set_stdin(false);   // bool: Go's omitempty drops it
    c->set_workingdir(""); // string: dropped
    k8s::io::apimachinery::pkg::runtime::Unknown unknown;
    unknown.mutable_typemeta()->set_apiversion("batch/v1");
    unknown.mutable_typemeta()->set_kind("Job");
    unknown.set_raw(job.SerializeAsString());
    auto json = protobuf::decode(QByteArray("k8s\0", 4) +
                                 QByteArray::fromStdString(unknown.SerializeAsString()));
    ASSERT_TRUE(json) << json.error().toStdString();
    const QJsonObject spec = json->value(QStringLiteral("spec")).toObject();
    EXPECT_EQ(spec.value(QStringLiteral("parallelism")), QJsonValue(0));
    EXPECT_EQ(spec.value(QStringLiteral("suspend")), QJsonValue(false));
    const QJsonObject container = spec.value(QStringLiteral("template"))
                                      .toObject()
                                      .value(QStringLiteral("spec"))
                                      .toObject()
                                      .value(QStringLiteral("containers"))
                                      .toArray()
                                      .at(0)
                                      .toObject();
    EXPECT_EQ(container, (QJsonObject{{QStringLiteral("name"), QStringLiteral("main")}}));
}

TEST(ProtoCodec, NamesTheFieldOfAValueOfTheWrongType) {
    const QJsonObject bad =
        QJsonDocument::fromJson(
            R"({"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"x"},"spec":{"parallelism":"two"}})")
            .object();
    auto encoded = protobuf::encode(bad);
    ASSERT_FALSE(encoded);
    EXPECT_TRUE(encoded.error().contains(QStringLiteral("spec.parallelism")))
        << encoded.error().toStdString();
}

TEST(ProtoCodec, ListsUnknownFieldsWithTheirPaths) {
    k8s::io::api::batch::v1::Job job;
    const QJsonObject typo =
        QJsonDocument::fromJson(
            R"({"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"x"},"spec":{"paralelism":2,"template":{"spec":{"containers":[{"name":"a","imag":"b"}]}}}})")
            .object();
    const JsonToProtoResult r = jsonToProto(typo, job);
    EXPECT_TRUE(r.ok);
    EXPECT_EQ(r.unknown, (QStringList{QStringLiteral("spec.paralelism"),
                                      QStringLiteral("spec.template.spec.containers[0].imag")}));
}

TEST(ProtoCodec, RejectsABodyWithoutTheMagicOrOfAnUnknownKind) {
    EXPECT_FALSE(protobuf::decode(QByteArray("{\"kind\":\"Pod\"}")));
    k8s::io::apimachinery::pkg::runtime::Unknown unknown;
    unknown.mutable_typemeta()->set_apiversion("apps/v1");
    unknown.mutable_typemeta()->set_kind("Deployment");
    auto r = protobuf::decode(QByteArray("k8s\0", 4) +
                              QByteArray::fromStdString(unknown.SerializeAsString()));
    ASSERT_FALSE(r);
    EXPECT_TRUE(r.error().contains(QStringLiteral("Deployment")));
}

TEST(ProtoCodec, EncodesListsThatDecodeAsTheListKind) {
    const QJsonObject a{
        {QStringLiteral("apiVersion"), QStringLiteral("v1")},
        {QStringLiteral("kind"), QStringLiteral("ConfigMap")},
        {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("name"), QStringLiteral("a")}}}};
    const QJsonObject b{
        {QStringLiteral("apiVersion"), QStringLiteral("v1")},
        {QStringLiteral("kind"), QStringLiteral("ConfigMap")},
        {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("name"), QStringLiteral("b")}}}};
    auto list = protobuf::encodeList(
        QStringLiteral("v1"), QStringLiteral("ConfigMapList"),
        QJsonObject{{QStringLiteral("resourceVersion"), QStringLiteral("42")}}, {a, b});
    ASSERT_TRUE(list) << list.error().toStdString();
    auto decoded = protobuf::decode(*list);
    ASSERT_TRUE(decoded) << decoded.error().toStdString();
    EXPECT_EQ(decoded->value(QStringLiteral("kind")).toString(), QStringLiteral("ConfigMapList"));
    EXPECT_EQ(decoded->value(QStringLiteral("metadata"))
                  .toObject()
                  .value(QStringLiteral("resourceVersion"))
                  .toString(),
              QStringLiteral("42"));
    const QJsonArray items = decoded->value(QStringLiteral("items")).toArray();
    ASSERT_EQ(items.size(), 2);
    EXPECT_EQ(items[1]
                  .toObject()
                  .value(QStringLiteral("metadata"))
                  .toObject()
                  .value(QStringLiteral("name"))
                  .toString(),
              QStringLiteral("b"));
}

TEST(ProtoCodec, FramesWatchEventsWithALengthAndAnEnvelopedObject) {
    const QJsonObject pod{
        {QStringLiteral("apiVersion"), QStringLiteral("v1")},
        {QStringLiteral("kind"), QStringLiteral("Pod")},
        {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("name"), QStringLiteral("p")}}}};
    auto frame = protobuf::encodeWatchEvent("ADDED", pod);
    ASSERT_TRUE(frame);
    const quint32 size = (quint32(quint8((*frame)[0])) << 24) |
                         (quint32(quint8((*frame)[1])) << 16) |
                         (quint32(quint8((*frame)[2])) << 8) | quint32(quint8((*frame)[3]));
    ASSERT_EQ(size, static_cast<quint32>(frame->size() - 4));
    k8s::io::apimachinery::pkg::apis::meta::v1::WatchEvent event;
    ASSERT_TRUE(event.ParseFromArray(frame->constData() + 4, static_cast<int>(size)));
    EXPECT_EQ(event.type(), "ADDED");
    auto object = protobuf::decode(QByteArray::fromStdString(event.object().raw()));
    ASSERT_TRUE(object) << object.error().toStdString();
    EXPECT_EQ(*object, pod);
}

TEST(ProtoCodec, WritesTimesAsGoDoes) {
    qint64 s = 0;
    int n = 0;
    ASSERT_TRUE(parseRfc3339(QStringLiteral("2024-05-01T12:00:00+02:00"), s, n));
    EXPECT_EQ(formatRfc3339(s, n, false), QStringLiteral("2024-05-01T10:00:00Z"));
    ASSERT_TRUE(parseRfc3339(QStringLiteral("2024-05-01T10:00:00.123456Z"), s, n));
    EXPECT_EQ(n, 123456000);
    EXPECT_EQ(formatRfc3339(s, n, true), QStringLiteral("2024-05-01T10:00:00.123456Z"));
    EXPECT_FALSE(parseRfc3339(QStringLiteral("yesterday"), s, n));
}
