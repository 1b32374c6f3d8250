// The codec's field tables (core/codec/Schema.h) against the protobuf descriptors `tessera serve`
// builds its protobuf codec, OpenAPI documents and validation from: every row's JSON name exists
// in the upstream message and its type agrees, for every table reachable from Job, Pod, JobList
// and Status. The codec cannot link protobuf; this test is where the two descriptions meet.
#include "codec/Schema.h"
#include "serve/proto/KubeSchema.h"

#include <google/protobuf/descriptor.h>
#include <gtest/gtest.h>
#include <string>
#include <vector>

using namespace tessera;
using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;
namespace cs = tessera::codec::schema;

namespace {

const char* wireName(cs::Wire w) {
    switch (w) {
    case cs::Wire::Int32:
        return "int32";
    case cs::Wire::Int64:
        return "int64";
    case cs::Wire::Bool:
        return "bool";
    case cs::Wire::String:
        return "string";
    case cs::Wire::Time:
        return "metav1.Time";
    case cs::Wire::Object:
        return "an object";
    case cs::Wire::StringMap:
        return "a map of strings";
    }
    return "?";
}

bool agrees(cs::Wire wire, const FieldDescriptor* f) {
    switch (wire) {
    case cs::Wire::Int32:
        return f->cpp_type() == FieldDescriptor::CPPTYPE_INT32;
    case cs::Wire::Int64:
        return f->cpp_type() == FieldDescriptor::CPPTYPE_INT64;
    case cs::Wire::Bool:
        return f->cpp_type() == FieldDescriptor::CPPTYPE_BOOL;
    case cs::Wire::String:
        return f->cpp_type() == FieldDescriptor::CPPTYPE_STRING;
    case cs::Wire::Time:
        return f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE &&
               serve::schema::specialType(f->message_type()) == serve::SpecialType::Time;
    case cs::Wire::Object:
        return f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE && !f->is_map() &&
               serve::schema::specialType(f->message_type()) == serve::SpecialType::None;
    case cs::Wire::StringMap:
        return f->is_map();
    }
    return false;
}

// Every disagreement between a table (and the tables under it) and a message, one line each.
template <typename Table>
void compare(const Descriptor* message, const std::string& path, std::vector<std::string>& out) {
    cs::forEachRow<Table>([&](const auto& row) {
        using Row = std::remove_cvref_t<decltype(row)>;
        using Codec = typename Row::CodecTag;
        const std::string at = path + "." + std::string(row.name);
        if constexpr (requires { Codec::typeMeta; }) {
            // apiVersion and kind: the message must be the one of that kind
            const Descriptor* own = serve::schema::messageFor(
                QString::fromUtf8(Codec::Kind::apiVersion), QString::fromUtf8(Codec::Kind::kind));
            if (own != message)
                out.push_back(at + ": " + Codec::Kind::apiVersion + " " + Codec::Kind::kind +
                              " is not " + message->full_name());
            return;
        }
        const serve::JsonField* json = serve::schema::findJsonField(
            message, QString::fromUtf8(row.name.data(), static_cast<qsizetype>(row.name.size())));
        if (json == nullptr) {
            out.push_back(at + ": no such field in " + message->full_name());
            return;
        }
        const FieldDescriptor* f = json->field();
        constexpr cs::Wire wire = cs::wireOfRow<Row>();
        if (!agrees(wire, f))
            out.push_back(at + ": the table reads " + wireName(wire) + ", " + f->full_name() +
                          " is " + f->type_name());
        const bool repeated = f->is_repeated() && !f->is_map();
        if (repeated != cs::repeatedRow<Row>())
            out.push_back(at + (repeated ? ": a list upstream, one value in the table"
                                         : ": one value upstream, a list in the table"));
        if (f->cpp_type() != FieldDescriptor::CPPTYPE_MESSAGE)
            return;
        if constexpr (std::is_same_v<Codec, cs::ByType>) {
            using Value = typename cs::Unwrapped<cs::MemberOf<Row>>::type;
            if constexpr (cs::HasTable<Value>::value)
                compare<typename cs::TableOf<Value>::type>(f->message_type(), at, out);
        } else if constexpr (!requires { Codec::wire; }) {
            compare<typename Codec::Table>(f->message_type(), at, out);
        }
    });
}

// The message of a field of a message ("spec" of Job), or nullptr.
const Descriptor* fieldMessage(const Descriptor* message, const char* name) {
    const serve::JsonField* f = serve::schema::findJsonField(message, QString::fromUtf8(name));
    return f != nullptr ? f->field()->message_type() : nullptr;
}

std::string joined(const std::vector<std::string>& lines) {
    std::string s;
    for (const std::string& l : lines)
        s += l + "\n";
    return s;
}

const Descriptor* job() {
    return serve::schema::messageFor(QStringLiteral("batch/v1"), QStringLiteral("Job"));
}
const Descriptor* pod() {
    return serve::schema::messageFor(QStringLiteral("v1"), QStringLiteral("Pod"));
}

} // namespace

TEST(CodecSchema, JobTablesAgreeWithTheProtobufSchema) {
    ASSERT_NE(job(), nullptr);
    std::vector<std::string> problems;
    compare<cs::JobFields>(job(), "Job", problems); // spec and status through it
    compare<cs::PodTemplateSpecFields>(
        fieldMessage(fieldMessage(fieldMessage(job(), "spec"), "template"), "spec"),
        "Job.spec.template.spec", problems);
    compare<cs::ObjectMetaFields>(fieldMessage(job(), "metadata"), "Job.metadata", problems);
    compare<cs::OwnerReferenceFields>(
        fieldMessage(fieldMessage(job(), "metadata"), "ownerReferences"),
        "Job.metadata.ownerReferences", problems);
    EXPECT_TRUE(problems.empty()) << joined(problems);
}

TEST(CodecSchema, PodTablesAgreeWithTheProtobufSchema) {
    ASSERT_NE(pod(), nullptr);
    std::vector<std::string> problems;
    compare<cs::PodFields>(pod(), "Pod", problems); // status through it
    compare<cs::PodSpecFields>(fieldMessage(pod(), "spec"), "Pod.spec", problems);
    const Descriptor* state =
        fieldMessage(fieldMessage(fieldMessage(pod(), "status"), "containerStatuses"), "state");
    ASSERT_NE(state, nullptr);
    compare<cs::ContainerStateWaitingFields>(fieldMessage(state, "waiting"), "state.waiting",
                                             problems);
    compare<cs::ContainerStateRunningFields>(fieldMessage(state, "running"), "state.running",
                                             problems);
    compare<cs::ContainerStateTerminatedFields>(fieldMessage(state, "terminated"),
                                                "state.terminated", problems);
    EXPECT_TRUE(problems.empty()) << joined(problems);
}

TEST(CodecSchema, ListAndStatusTablesAgreeWithTheProtobufSchema) {
    const Descriptor* list =
        serve::schema::messageFor(QStringLiteral("batch/v1"), QStringLiteral("JobList"));
    const Descriptor* status =
        serve::schema::messageFor(QStringLiteral("v1"), QStringLiteral("Status"));
    ASSERT_NE(list, nullptr);
    ASSERT_NE(status, nullptr);
    std::vector<std::string> problems;
    compare<cs::ListMetaFields>(fieldMessage(list, "metadata"), "JobList.metadata", problems);
    compare<cs::StatusFields>(status, "Status", problems);
    EXPECT_TRUE(problems.empty()) << joined(problems);
}

// The check itself: a row whose name or type drifted from upstream is named.
struct DriftedFields {
    using Target = engine::JobSpec;
    static constexpr auto rows = std::tuple{
        cs::field("parallelism", &engine::JobSpec::parallelism),
        cs::field("completion", &engine::JobSpec::completions),
        cs::field("activeDeadlineSeconds", &engine::JobSpec::managedBy),
        cs::field("backoffLimit", &engine::JobSpec::suspend),
    };
};

TEST(CodecSchema, NamesARowThatDriftedFromUpstream) {
    std::vector<std::string> problems;
    compare<DriftedFields>(fieldMessage(job(), "spec"), "Job.spec", problems);
    ASSERT_EQ(problems.size(), 3u) << joined(problems);
    EXPECT_EQ(problems[0], "Job.spec.completion: no such field in k8s.io.api.batch.v1.JobSpec");
    EXPECT_EQ(problems[1], "Job.spec.activeDeadlineSeconds: the table reads string, "
                           "k8s.io.api.batch.v1.JobSpec.activeDeadlineSeconds is int64");
    EXPECT_EQ(problems[2], "Job.spec.backoffLimit: the table reads bool, "
                           "k8s.io.api.batch.v1.JobSpec.backoffLimit is int32");
}
