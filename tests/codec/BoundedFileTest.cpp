// The one bounded reader of whole input files (codec/BoundedFile.h), on real files, pipes and
// devices: nothing blocks, nothing grows past its kind's limit, each refusal says why.
#include "codec/BoundedFile.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <filesystem>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace tessera::codec;

namespace {

struct TempDir {
    std::filesystem::path path;
    TempDir() {
        char pattern[] = "/tmp/bounded-XXXXXX";
        path = ::mkdtemp(pattern);
    }
    ~TempDir() { std::filesystem::remove_all(path); }
    std::string file(const char* name) const { return (path / name).string(); }
};

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

} // namespace

TEST(BoundedFile, ReadsARegularFileWithPadding) {
    TempDir dir;
    const std::string path = dir.file("list.txt");
    std::FILE* f = std::fopen(path.c_str(), "wb");
    std::fputs("echo 1\necho 2\n", f);
    std::fclose(f);
    const auto text = readBoundedFile(path, FileKind::WorkList, {.padding = 64});
    ASSERT_TRUE(text.ok()) << text.error().message;
    EXPECT_EQ(*text, "echo 1\necho 2\n");
    EXPECT_GE(text->capacity(), text->size() + 64);
}

TEST(BoundedFile, ASparseFileLargerThanTheLimitIsRefusedBeforeItIsRead) {
    TempDir dir;
    const std::string path = dir.file("huge.txt");
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT, 0600);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::ftruncate(fd, 1LL << 30), 0); // 1 GiB, no block allocated
    ::close(fd);
    const auto started = std::chrono::steady_clock::now();
    const auto text = readBoundedFile(path, FileKind::WorkList);
    ASSERT_FALSE(text.ok());
    EXPECT_EQ(text.error().message, path + ": 1.0 GiB is more than a work list may be (256.0 MiB)");
    // Refused on its size: reading it would take seconds.
    EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(1));
}

TEST(BoundedFile, DevicesAndDirectoriesAreRefusedNamingWhatTheyAre) {
    auto zero = readBoundedFile("/dev/zero", FileKind::Manifest, {.allowPipes = true});
    ASSERT_FALSE(zero.ok());
    EXPECT_EQ(zero.error().message, "/dev/zero: is a character device, not a manifest file");
    TempDir dir;
    auto directory = readBoundedFile(dir.path.string(), FileKind::WorkList);
    ASSERT_FALSE(directory.ok());
    EXPECT_EQ(directory.error().message,
              dir.path.string() + ": is a directory, not a work list file");
    auto missing = readBoundedFile(dir.file("nope"), FileKind::Secret);
    ASSERT_FALSE(missing.ok());
    EXPECT_TRUE(contains(missing.error().message, "cannot open: No such file or directory"));
}

TEST(BoundedFile, AFifoIsRefusedWithoutWaitingUnlessPipesAreAsked) {
    TempDir dir;
    const std::string fifo = dir.file("fifo");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    // Nobody writes to it: a blocking open would never return.
    const auto refused = readBoundedFile(fifo, FileKind::Secret);
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().message,
              fifo + ": is a pipe (FIFO), not a token, certificate or key file");
    // Asked for (process substitution): read to its end.
    std::thread writer([&] {
        const int fd = ::open(fifo.c_str(), O_WRONLY);
        ASSERT_GE(fd, 0);
        ASSERT_EQ(::write(fd, "a\nb\n", 4), 4);
        ::close(fd);
    });
    auto text = readBoundedFile(fifo, FileKind::WorkList, {.allowPipes = true});
    // The reader may open before the writer: it then reads until the writer closes.
    writer.join();
    ASSERT_TRUE(text.ok()) << text.error().message;
    EXPECT_EQ(*text, "a\nb\n");
}

TEST(BoundedFile, APipeThatNeverEndsStopsAtTheLimit) {
    // The writer's last write meets a closed pipe: EPIPE, not a signal that ends the test.
    std::signal(SIGPIPE, SIG_IGN);
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    std::thread writer([&] {
        const std::string chunk(1 << 16, 'x');
        while (::write(fds[1], chunk.data(), chunk.size()) > 0) {
        }
    });
    const std::string path = "/proc/self/fd/" + std::to_string(fds[0]);
    const auto text = readBoundedFile(path, FileKind::Secret, {.allowPipes = true});
    ::close(fds[0]); // the writer's next write fails: it stops
    writer.join();
    ::close(fds[1]);
    ASSERT_FALSE(text.ok());
    EXPECT_TRUE(contains(text.error().message, "more than 1.0 MiB is more than a token"))
        << text.error().message;
}
