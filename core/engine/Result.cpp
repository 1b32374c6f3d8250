#include "Result.h"

namespace tessera::engine {

std::string Error::describe() const {
    std::string out;
    if (!field.empty()) {
        out += field;
        out += ": ";
    }
    if (!value.empty())
        out += "Invalid value: " + value + ": ";
    out += message;
    if (line >= 0) {
        out += " (at line " + std::to_string(line);
        if (column >= 0)
            out += ", column " + std::to_string(column);
        out += ")";
    } else if (position >= 0) {
        out += " (at character " + std::to_string(position + 1) + ")";
    }
    return out;
}

} // namespace tessera::engine
