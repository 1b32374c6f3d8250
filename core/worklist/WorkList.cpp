#include "WorkList.h"

#include <cassert>

namespace tessera::worklist {

WorkList::WorkList(std::vector<std::string> envNames, bool withCommands)
    : m_envNames(std::move(envNames))
    , m_withCommands(withCommands) {}

void WorkList::setOrigin(std::string source, std::string format) {
    m_source = std::move(source);
    m_format = std::move(format);
}

std::string_view WorkList::field(std::size_t item, std::size_t column) const {
    const std::size_t k = item * fieldsPerItem() + column;
    const std::uint64_t begin = k == 0 ? 0 : m_ends[k - 1];
    return std::string_view(m_text).substr(begin, m_ends[k] - begin);
}

std::string_view WorkList::command(int32_t index) const {
    if (!m_withCommands)
        return m_template;
    return field(static_cast<std::size_t>(index), 0);
}

std::string_view WorkList::envValue(int32_t index, std::size_t column) const {
    return field(static_cast<std::size_t>(index), column + (m_withCommands ? 1 : 0));
}

WorkItem WorkList::item(int32_t index) const {
    WorkItem out;
    out.command = command(index);
    out.env.reserve(m_envNames.size());
    for (std::size_t c = 0; c < m_envNames.size(); ++c)
        out.env.emplace_back(m_envNames[c], envValue(index, c));
    return out;
}

void WorkList::append(std::span<const std::string_view> fields) {
    assert(fields.size() == fieldsPerItem());
    for (const std::string_view f : fields) {
        m_text.append(f);
        m_ends.push_back(m_text.size());
    }
    ++m_items;
}

void WorkList::reserve(std::size_t items, std::size_t bytes) {
    m_ends.reserve(items * fieldsPerItem());
    m_text.reserve(bytes);
}

void WorkList::addColumn(std::string name, const std::vector<std::string>& values) {
    assert(values.size() == m_items);
    // Rebuild the storage with the new field at the end of every item (lists are built once).
    const std::size_t per = fieldsPerItem();
    std::string text;
    std::vector<std::uint64_t> ends;
    text.reserve(m_text.size() + m_items * 8);
    ends.reserve(m_items * (per + 1));
    for (std::size_t i = 0; i < m_items; ++i) {
        for (std::size_t c = 0; c < per; ++c) {
            text.append(field(i, c));
            ends.push_back(text.size());
        }
        text.append(values[i]);
        ends.push_back(text.size());
    }
    m_text.swap(text);
    m_ends.swap(ends);
    m_envNames.push_back(std::move(name));
}

std::size_t WorkList::memoryBytes() const {
    return m_text.capacity() + m_ends.capacity() * sizeof(std::uint64_t) + sizeof(*this);
}

} // namespace tessera::worklist
