#include "YamlHighlighter.h"

#include <QGuiApplication>
#include <QPalette>
#include <QTextBlock>
#include <QTextLayout>

namespace tessera::ui {

namespace {

// Darker shades on a light background, lighter ones on a dark one.
QColor tone(const QColor& light, const QColor& dark) {
    return QGuiApplication::palette().color(QPalette::Base).lightness() < 128 ? dark : light;
}

} // namespace

YamlHighlighter::YamlHighlighter(QTextDocument* document, Mode mode)
    : QSyntaxHighlighter(document)
    , m_mode(mode)
    // "  key:" / "- key:" up to the colon; keys may be quoted.
    , m_keyPattern(QStringLiteral(R"(^(\s*(?:-\s+)*)("[^"]*"|'[^']*'|[^\s#'"][^:#]*?)(:)(?=\s|$))"))
    , m_stringPattern(QStringLiteral(R"("(?:[^"\\]|\\.)*"|'(?:[^']|'')*')"))
    , m_numberPattern(
          QStringLiteral(R"(^\s*(?:-\s+)?(-?\d+(\.\d+)?([eE][-+]?\d+)?|true|false|null|~)\s*$)")) {
    m_key.setForeground(tone(QColor(0x1f, 0x4e, 0x9a), QColor(0x8a, 0xb4, 0xf8)));
    m_string.setForeground(tone(QColor(0x2e, 0x7d, 0x32), QColor(0x9c, 0xcc, 0x65)));
    m_number.setForeground(tone(QColor(0xad, 0x14, 0x57), QColor(0xf4, 0x8f, 0xb1)));
    m_comment.setForeground(tone(QColor(0x75, 0x75, 0x75), QColor(0x9e, 0x9e, 0x9e)));
    m_comment.setFontItalic(true);
    m_marker.setForeground(m_comment.foreground());
    m_removed.setBackground(tone(QColor(0xff, 0xeb, 0xee), QColor(0x5c, 0x1d, 0x24)));
    m_added.setBackground(tone(QColor(0xe8, 0xf5, 0xe9), QColor(0x1d, 0x4a, 0x2b)));
    m_hunk.setForeground(tone(QColor(0x6a, 0x1b, 0x9a), QColor(0xce, 0x93, 0xd8)));
}

void YamlHighlighter::setMode(Mode mode) {
    if (mode == m_mode)
        return;
    m_mode = mode;
    rehighlight();
}

QTextCharFormat YamlHighlighter::formatAt(const QTextBlock& block, int position) {
    for (const QTextLayout::FormatRange& r : block.layout()->formats())
        if (position >= r.start && position < r.start + r.length)
            return r.format;
    return {};
}

void YamlHighlighter::highlightBlock(const QString& text) {
    int from = 0;
    if (m_mode == Mode::Diff) {
        if (text.startsWith(QLatin1String("@@"))) {
            setFormat(0, int(text.size()), m_hunk);
            return;
        }
        if (text.startsWith(QLatin1Char('-')))
            setFormat(0, int(text.size()), m_removed);
        else if (text.startsWith(QLatin1Char('+')))
            setFormat(0, int(text.size()), m_added);
        from = 1; // the YAML after the diff's column
    }
    const QString yaml = text.mid(from);
    const QBrush lineBackground = from > 0 ? format(0).background() : QBrush();
    const auto apply = [&](int start, int length, QTextCharFormat style) {
        // Keep a diff line's background under the YAML colours.
        if (from > 0)
            style.setBackground(lineBackground);
        setFormat(from + start, length, style);
    };
    if (yaml.trimmed() == QLatin1String("---") || yaml.trimmed() == QLatin1String("...")) {
        apply(0, int(yaml.size()), m_marker);
        return;
    }
    int valueStart = 0;
    if (const auto key = m_keyPattern.match(yaml); key.hasMatch()) {
        apply(int(key.capturedStart(2)), int(key.capturedLength(2)), m_key);
        valueStart = int(key.capturedEnd(3));
    }
    const QString value = yaml.mid(valueStart);
    if (const auto number = m_numberPattern.match(value); number.hasMatch())
        apply(valueStart + int(number.capturedStart(1)), int(number.capturedLength(1)), m_number);
    int commentFrom = valueStart;
    for (auto it = m_stringPattern.globalMatch(value); it.hasNext();) {
        const auto s = it.next();
        apply(valueStart + int(s.capturedStart()), int(s.capturedLength()), m_string);
        commentFrom = valueStart + int(s.capturedEnd());
    }
    // A comment: '#' at the start or after a blank, outside the strings found.
    for (int i = commentFrom; i < yaml.size(); ++i) {
        if (yaml[i] == QLatin1Char('#') && (i == 0 || yaml[i - 1].isSpace())) {
            apply(i, int(yaml.size()) - i, m_comment);
            break;
        }
    }
}

} // namespace tessera::ui
