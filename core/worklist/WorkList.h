#pragma once
// A work list: N items, one per completion index, each with an optional command line and values
// for a fixed set of per-index environment variables. Items live back to back in one string with
// an offset table, so 100,000 items cost a few megabytes and no per-item allocation.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tessera::worklist {

// One item, viewing the list's storage (valid while the WorkList lives and is not changed).
struct WorkItem {
    std::string_view command; // the item's command line, or the list's template; may be empty
    std::vector<std::pair<std::string_view, std::string_view>> env; // name, value
};

class WorkList {
public:
    WorkList() = default;
    // envNames: the per-index variables; withCommands: every item carries its own command line.
    WorkList(std::vector<std::string> envNames, bool withCommands);

    int32_t size() const { return static_cast<int32_t>(m_items); }
    bool empty() const { return m_items == 0; }

    WorkItem item(int32_t index) const;
    // The item's own command, or the template when items carry none.
    std::string_view command(int32_t index) const;
    std::string_view envValue(int32_t index, std::size_t column) const;
    const std::vector<std::string>& envNames() const { return m_envNames; }
    bool hasItemCommands() const { return m_withCommands; }

    // The command line used for items without their own (CSV, YAML, template lists).
    const std::string& commandTemplate() const { return m_template; }
    void setCommandTemplate(std::string command) { m_template = std::move(command); }

    // Where the items came from and in which format ("lines", "csv", "furiko", "template").
    const std::string& source() const { return m_source; }
    const std::string& format() const { return m_format; }
    void setOrigin(std::string source, std::string format);

    // Appends one item: `fields` is the command (when withCommands) then one value per env name.
    void append(std::span<const std::string_view> fields);
    void reserve(std::size_t items, std::size_t bytes);
    // Adds a variable with one value per existing item (values.size() must equal size()).
    void addColumn(std::string name, const std::vector<std::string>& values);

    std::size_t memoryBytes() const;

private:
    std::size_t fieldsPerItem() const { return m_envNames.size() + (m_withCommands ? 1 : 0); }
    std::string_view field(std::size_t item, std::size_t column) const;

    std::vector<std::string> m_envNames;
    bool m_withCommands = false;
    std::string m_template;
    std::string m_source;
    std::string m_format;
    std::size_t m_items = 0;
    std::string m_text;                // every field, back to back
    std::vector<std::uint64_t> m_ends; // end offset of each field, item-major
};

} // namespace tessera::worklist
