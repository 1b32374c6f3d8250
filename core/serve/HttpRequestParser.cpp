#include "HttpRequestParser.h"

#include <QUrl>

namespace tessera::serve {

namespace {

HttpParseResult bad(int status, QByteArray message) {
    HttpParseResult r;
    r.status = HttpParseResult::Status::Bad;
    r.errorStatus = status;
    r.errorMessage = std::move(message);
    return r;
}

// A non-negative number of 1 to 16 digits in `base` (10: Content-Length, RFC 9110 §8.6;
// 16: a chunk size, §7.1 of RFC 9112), nothing else: no sign, no spaces inside. -1 when it is not
// one. QByteArray::toLongLong alone accepts "-15", which once made a request end before its own
// header, so the same request was answered again and again.
qint64 parseLength(const QByteArray& text, int base) {
    if (text.isEmpty() || text.size() > 16)
        return -1;
    for (const char c : text) {
        const bool digit = c >= '0' && c <= '9';
        const bool hex = (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
        if (!digit && !(base == 16 && hex))
            return -1;
    }
    bool ok = false;
    const qint64 value = text.toLongLong(&ok, base);
    return ok ? value : -1;
}

} // namespace

HttpParseResult parseHttpRequest(const QByteArray& buffer) {
    HttpParseResult result;
    const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
    if (headerEnd < 0) {
        if (buffer.size() > kMaxHttpHeaderBytes)
            result.status = HttpParseResult::Status::HeaderTooLarge;
        return result;
    }
    HttpRequest& r = result.request;
    const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    if (requestLine.size() < 3)
        return bad(400, "malformed request line\n");
    r.method = requestLine[0];
    r.target = requestLine[1];
    for (int i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines[i].trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon > 0)
            r.headers.insert(line.left(colon).trimmed().toLower(), line.mid(colon + 1).trimmed());
    }
    qsizetype consumed = headerEnd + 4;
    if (r.headers.value("transfer-encoding").toLower().contains("chunked")) {
        // Chunked request body: size line, data, CRLF ... until a zero-size chunk.
        qsizetype at = consumed;
        QByteArray body;
        for (;;) {
            const qsizetype eol = buffer.indexOf("\r\n", at);
            if (eol < 0)
                return result; // wait for more
            const qint64 size =
                parseLength(buffer.mid(at, eol - at).split(';').value(0).trimmed(), 16);
            if (size < 0)
                return bad(400, "malformed chunked body\n");
            // Compared before any sum with `size`, which may be near 2^64.
            if (size > kMaxHttpBodyBytes - body.size())
                return bad(413, "request body too large\n");
            if (buffer.size() - (eol + 2) < size + 2)
                return result;
            body.append(buffer.mid(eol + 2, size));
            at = eol + 2 + size + 2;
            if (size == 0)
                break;
        }
        r.body = body;
        consumed = at;
    } else {
        const qint64 length = parseLength(r.headers.value("content-length", "0"), 10);
        if (length < 0)
            return bad(400, "malformed Content-Length\n");
        if (length > kMaxHttpBodyBytes)
            return bad(413, "request body too large\n");
        if (buffer.size() - consumed < length)
            return result; // wait for the rest of the body
        r.body = buffer.mid(consumed, length);
        consumed += length;
    }
    // Go clients encode spaces in queries as '+' (a literal '+' arrives as %2B).
    QByteArray target = r.target;
    if (const qsizetype q = target.indexOf('?'); q >= 0)
        target = target.left(q) + target.mid(q).replace('+', "%20");
    const QUrl url = QUrl::fromEncoded(target.startsWith('/') ? "http://x" + target : target);
    r.path = url.path(QUrl::FullyDecoded);
    r.query = QUrlQuery(url);
    result.status = HttpParseResult::Status::Complete;
    result.consumed = consumed;
    return result;
}

} // namespace tessera::serve
