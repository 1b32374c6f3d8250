#pragma once
// A whole file in memory, ready for the decoders without a copy: regular files are mapped
// (MAP_POPULATE: one system call instead of a page fault per 4 KiB, which dominates reading a
// 20 MB document in a VM) with readable padding after the end; standard input and special files
// are read into a padded buffer. A leading UTF-8 byte order mark is not part of text().
#include "Decode.h"
#include "engine/Result.h"

#include <string>
#include <string_view>

namespace tessera::codec {

// The text after a leading UTF-8 byte order mark (EF BB BF), which some Windows editors write:
// no reader of ours treats it as content. Every text file is read through this.
std::string_view withoutByteOrderMark(std::string_view text);

class TextFile {
public:
    // path "-" reads standard input. Errors name the file ("<stdin>" for "-") and the reason.
    static engine::Result<TextFile> read(const std::string& path);

    TextFile() = default;
    TextFile(TextFile&& other) noexcept;
    TextFile& operator=(TextFile&& other) noexcept;
    TextFile(const TextFile&) = delete;
    TextFile& operator=(const TextFile&) = delete;
    ~TextFile();

    std::string_view text() const { return m_text; }
    // The text with the padding the decoders need, so decodeX(file.json()) does not copy it.
    JsonText json() const { return JsonText(m_text, m_readable); }

private:
    void release();

    void* m_map = nullptr;
    size_t m_mapLength = 0;
    std::string m_buffer; // when not mapped
    std::string_view m_text;
    size_t m_readable = 0;
};

} // namespace tessera::codec
