#pragma once
// libyaml's event parser over a text in memory, released when it goes out of scope. YamlGuard
// (the syntax and alias check) and YamlReader (the document split) both walk libyaml's events.
#include <string_view>
#include <yaml.h>

namespace tessera::codec {

class LibyamlParser {
public:
    explicit LibyamlParser(std::string_view text) {
        yaml_parser_initialize(&m_parser);
        // libyaml asserts a non-null input, which an empty string_view need not have.
        static const char empty[] = "";
        yaml_parser_set_input_string(
            &m_parser, reinterpret_cast<const unsigned char*>(text.empty() ? empty : text.data()),
            text.size());
    }
    ~LibyamlParser() { yaml_parser_delete(&m_parser); }
    LibyamlParser(const LibyamlParser&) = delete;
    LibyamlParser& operator=(const LibyamlParser&) = delete;

    yaml_parser_t& raw() { return m_parser; }

private:
    yaml_parser_t m_parser;
};

} // namespace tessera::codec
