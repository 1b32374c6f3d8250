#include "codec/TextFile.h"

#include "codec/Decode.h"
#include "codec/Manifests.h"

#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

using namespace tessera;
using namespace tessera::codec;

namespace {

class TempPath {
public:
    TempPath() {
        char name[] = "/tmp/tessera-textfile-XXXXXX";
        const int fd = mkstemp(name);
        if (fd >= 0)
            close(fd);
        m_path = name;
    }
    ~TempPath() { std::remove(m_path.c_str()); }
    const std::string& path() const { return m_path; }
    void write(const std::string& text) const {
        std::ofstream(m_path, std::ios::binary | std::ios::trunc) << text;
    }

private:
    std::string m_path;
};

// A reconcile input of exactly `size` bytes (padded with spaces before the closing brace).
std::string reconcileInputOfSize(size_t size, int pods) {
    std::string text = R"({"job":{"metadata":{"name":"big"}},"pods":[)";
    for (int i = 0; i < pods; ++i) {
        if (i > 0)
            text += ',';
        text += R"({"metadata":{"name":"big-)" + std::to_string(i) +
                R"(","annotations":{"batch.kubernetes.io/job-completion-index":")" +
                std::to_string(i) + R"("}},"status":{"phase":"Running"}})";
    }
    text += "]";
    EXPECT_LT(text.size() + 1, size);
    text.append(size - text.size() - 1, ' ');
    text += '}';
    return text;
}

TEST(TextFile, MapsABigFileAndDecodesItInPlace) {
    TempPath file;
    const std::string content = reconcileInputOfSize(3 * 1000 * 1000 + 17, 20000);
    file.write(content);
    const auto text = TextFile::read(file.path());
    ASSERT_TRUE(text.ok()) << text.error().message;
    EXPECT_EQ(text->text(), content);
    const auto input = decodeReconcileInput(text->json());
    ASSERT_TRUE(input.ok()) << input.error().describe();
    ASSERT_EQ(input->pods.size(), 20000u);
    EXPECT_EQ(input->pods[19999].completionIndexAnnotation, "19999");
}

TEST(TextFile, DecodesAFileThatEndsExactlyOnAPageBoundary) {
    // The padding then lies entirely past the file: it must still be readable.
    TempPath file;
    const auto page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    file.write(reconcileInputOfSize(512 * page, 10000));
    const auto text = TextFile::read(file.path());
    ASSERT_TRUE(text.ok()) << text.error().message;
    EXPECT_EQ(text->text().size(), 512 * page);
    const auto input = decodeReconcileInput(text->json());
    ASSERT_TRUE(input.ok()) << input.error().describe();
    EXPECT_EQ(input->pods.size(), 10000u);
}

TEST(TextFile, ReadsSmallFilesIntoMemory) {
    TempPath file;
    file.write(R"({"job":{"metadata":{"name":"small"}}})");
    const auto text = TextFile::read(file.path());
    ASSERT_TRUE(text.ok());
    const auto input = decodeReconcileInput(text->json());
    ASSERT_TRUE(input.ok()) << input.error().describe();
    EXPECT_EQ(input->job.metadata.name, "small");
}

TEST(TextFile, StaysValidWhenMoved) {
    TempPath big, small;
    big.write(reconcileInputOfSize(2 * 1000 * 1000, 1000));
    small.write(R"({"job":{"metadata":{"name":"small"}}})");
    for (const std::string* path : {&big.path(), &small.path()}) {
        auto first = TextFile::read(*path);
        ASSERT_TRUE(first.ok());
        const std::string copy(first->text());
        TextFile moved = std::move(first.value());
        EXPECT_EQ(moved.text(), copy);
        EXPECT_TRUE(decodeReconcileInput(moved.json()).ok());
    }
}

TEST(TextFile, ALeadingByteOrderMarkIsNotPartOfTheText) {
    const std::string bom = "\xEF\xBB\xBF";
    TempPath big, small;
    big.write(bom + reconcileInputOfSize(2 * 1000 * 1000, 1000)); // mapped
    small.write(bom + R"({"job":{"metadata":{"name":"small"}}})");
    for (const std::string* path : {&big.path(), &small.path()}) {
        const auto file = TextFile::read(*path);
        ASSERT_TRUE(file.ok());
        EXPECT_EQ(file->text().substr(0, 7), R"({"job":)");
        const auto input = decodeReconcileInput(file->json());
        EXPECT_TRUE(input.ok()) << input.error().describe();
    }
    const auto text = readTextFile(small.path());
    ASSERT_TRUE(text.ok());
    EXPECT_EQ(text->front(), '{');
    // Only a leading one: elsewhere the bytes are text.
    EXPECT_EQ(withoutByteOrderMark("a" + bom), "a" + bom);
}

TEST(TextFile, NamesAMissingFile) {
    const auto text = TextFile::read("/nonexistent/input.json");
    ASSERT_FALSE(text.ok());
    EXPECT_EQ(text.error().message,
              "/nonexistent/input.json: cannot open: No such file or directory");
}

} // namespace
