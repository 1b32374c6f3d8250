#include "TextFile.h"

#include "BoundedFile.h"
#include "Manifests.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tessera::codec {

namespace {

// Below this, reading is as cheap as mapping.
constexpr size_t kMapThreshold = 1 << 20;

} // namespace

std::string_view withoutByteOrderMark(std::string_view text) {
    constexpr std::string_view kUtf8ByteOrderMark = "\xEF\xBB\xBF";
    return text.starts_with(kUtf8ByteOrderMark) ? text.substr(kUtf8ByteOrderMark.size()) : text;
}

TextFile::TextFile(TextFile&& other) noexcept {
    *this = std::move(other);
}

TextFile& TextFile::operator=(TextFile&& other) noexcept {
    if (this != &other) {
        release();
        m_map = other.m_map;
        m_mapLength = other.m_mapLength;
        const bool ownBuffer = other.m_map == nullptr;
        m_buffer = std::move(other.m_buffer);
        m_text = ownBuffer ? std::string_view(m_buffer.data(), other.m_text.size()) : other.m_text;
        m_readable = ownBuffer ? m_buffer.capacity() : other.m_readable;
        other.m_map = nullptr;
        other.m_mapLength = 0;
        other.m_text = {};
        other.m_readable = 0;
    }
    return *this;
}

TextFile::~TextFile() {
    release();
}

void TextFile::release() {
    if (m_map != nullptr)
        munmap(m_map, m_mapLength);
    m_map = nullptr;
    m_mapLength = 0;
}

engine::Result<TextFile> TextFile::read(const std::string& path) {
    TextFile file;
    if (path != "-") {
        const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            return engine::Error{path + ": cannot open: " + std::strerror(errno)};
        struct stat st {};
        // Larger than a manifest may be: the bounded reader says so without reading it.
        if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
            static_cast<size_t>(st.st_size) >= kMapThreshold &&
            static_cast<size_t>(st.st_size) <= maxBytesOf(FileKind::Manifest)) {
            const auto size = static_cast<size_t>(st.st_size);
            const auto page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
            // An anonymous reservation one page longer than the file, with the file mapped over
            // its start: the bytes after the end of the file are readable zeros (the padding).
            const size_t length = (size + page - 1) / page * page + page;
            void* area = mmap(nullptr, length, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (area != MAP_FAILED) {
                void* mapped =
                    mmap(area, size, PROT_READ, MAP_PRIVATE | MAP_FIXED | MAP_POPULATE, fd, 0);
                if (mapped != MAP_FAILED) {
                    close(fd);
                    file.m_map = area;
                    file.m_mapLength = length;
                    const std::string_view whole(static_cast<const char*>(area), size);
                    file.m_text = withoutByteOrderMark(whole);
                    file.m_readable = length - (whole.size() - file.m_text.size());
                    return file;
                }
                munmap(area, length);
            }
        }
        close(fd);
    }
    auto text = readTextFile(path);
    if (!text.ok())
        return text.error();
    file.m_buffer = std::move(text.value());
    file.m_text = std::string_view(file.m_buffer.data(), file.m_buffer.size());
    file.m_readable = file.m_buffer.capacity();
    return file;
}

} // namespace tessera::codec
