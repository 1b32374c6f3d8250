#pragma once
// Colours YAML for reading: keys, quoted strings, numbers and booleans, comments, document
// markers; and, for a unified diff shown in the same editor, removed and added lines. Line by
// line with regular expressions: what a reader needs, not a parser (the text is the API
// server's, or the user's edit of it).
#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace tessera::ui {

class YamlHighlighter : public QSyntaxHighlighter {
    Q_OBJECT
public:
    enum class Mode { Yaml, Diff };
    explicit YamlHighlighter(QTextDocument* document, Mode mode = Mode::Yaml);
    void setMode(Mode mode);
    Mode mode() const { return m_mode; }

    // The format at `position` of `block` (tests read the colours through it).
    static QTextCharFormat formatAt(const QTextBlock& block, int position);

protected:
    void highlightBlock(const QString& text) override;

private:
    Mode m_mode;
    QTextCharFormat m_key, m_string, m_number, m_comment, m_marker, m_removed, m_added, m_hunk;
    QRegularExpression m_keyPattern, m_stringPattern, m_numberPattern;
};

} // namespace tessera::ui
