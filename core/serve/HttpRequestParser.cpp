#include "HttpRequestParser.h"

#include <QUrl>

namespace tessera::serve {

namespace {

template <typename Result> Result bad(int status, const QByteArray& message) {
    Result r;
    r.status = HttpParseResult::Status::Bad;
    r.errorStatus = status;
    r.errorMessage = message;
    return r;
}

// A non-negative number of 1 to 16 digits in `base` (10: Content-Length, RFC 9110 section 8.6;
// 16: a chunk size, RFC 9112 section 7.1), nothing else: no sign, no spaces inside. -1 when it
// is not one. QByteArray::toLongLong alone accepts "-15", which once made a request end before
// its own header, so the same request was answered again and again.
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

HttpHeadResult parseHttpHead(const QByteArray& buffer) {
    HttpHeadResult result;
    const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
    if (headerEnd < 0 || headerEnd > kMaxHttpHeaderBytes) {
        if (buffer.size() > kMaxHttpHeaderBytes)
            result.status = HttpParseResult::Status::HeaderTooLarge;
        return result;
    }
    HttpRequest& r = result.head;
    const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    if (requestLine.size() < 3)
        return bad<HttpHeadResult>(400, "malformed request line\n");
    r.method = requestLine[0];
    r.target = requestLine[1];
    // Each length sent, to refuse disagreeing ones: two framings of one body are how a request
    // is smuggled past a proxy that reads the other one (RFC 9112 section 6.3).
    QList<QByteArray> lengths;
    int hosts = 0;
    for (int i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines[i].trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            continue;
        const QByteArray name = line.left(colon).trimmed().toLower();
        const QByteArray value = line.mid(colon + 1).trimmed();
        if (name == "content-length") {
            for (const QByteArray& part : value.split(','))
                lengths.append(part.trimmed());
        } else if (name == "host") {
            ++hosts;
        }
        r.headers.insert(name, value);
    }
    if (hosts > 1)
        return bad<HttpHeadResult>(400, "more than one Host header\n");
    const QByteArray transferEncoding = r.headers.value("transfer-encoding").trimmed().toLower();
    if (!transferEncoding.isEmpty()) {
        if (transferEncoding != "chunked")
            return bad<HttpHeadResult>(501, "unsupported Transfer-Encoding (only chunked)\n");
        if (!lengths.isEmpty())
            return bad<HttpHeadResult>(400, "both Content-Length and Transfer-Encoding\n");
        result.framing.chunked = true;
    } else if (!lengths.isEmpty()) {
        const qint64 length = parseLength(lengths.first(), 10);
        if (length < 0)
            return bad<HttpHeadResult>(400, "malformed Content-Length\n");
        for (const QByteArray& other : lengths)
            if (parseLength(other, 10) != length)
                return bad<HttpHeadResult>(400, "conflicting Content-Length headers\n");
        if (length > kMaxHttpBodyBytes)
            return bad<HttpHeadResult>(413, "request body too large (the limit is 3 MiB)\n");
        result.framing.contentLength = length;
    }
    // Go clients encode spaces in queries as '+' (a literal '+' arrives as %2B).
    QByteArray target = r.target;
    if (const qsizetype q = target.indexOf('?'); q >= 0)
        target = target.left(q) + target.mid(q).replace('+', "%20");
    const QUrl url = QUrl::fromEncoded(target.startsWith('/') ? "http://x" + target : target);
    r.path = url.path(QUrl::FullyDecoded);
    r.query = QUrlQuery(url);
    result.headBytes = headerEnd + 4;
    result.status = HttpParseResult::Status::Complete;
    return result;
}

HttpBodyResult parseHttpBody(const QByteArray& buffer, qsizetype headBytes,
                             const HttpBodyFraming& framing) {
    HttpBodyResult result;
    if (!framing.chunked) {
        if (buffer.size() - headBytes < framing.contentLength)
            return result; // wait for the rest of the body
        result.body = buffer.mid(headBytes, framing.contentLength);
        result.consumed = headBytes + framing.contentLength;
        result.status = HttpParseResult::Status::Complete;
        return result;
    }
    // Chunked: size line, data, CRLF ... until a zero-size chunk.
    qsizetype at = headBytes;
    QByteArray body;
    for (;;) {
        const qsizetype eol = buffer.indexOf("\r\n", at);
        if (eol < 0 || eol - at > kMaxHttpChunkLineBytes) {
            // A size line that never ends must not grow the buffer without bound.
            if (buffer.size() - at > kMaxHttpChunkLineBytes)
                return bad<HttpBodyResult>(400,
                                           "malformed chunked body (chunk-size line too long)\n");
            return result; // wait for more
        }
        const qint64 size = parseLength(buffer.mid(at, eol - at).split(';').value(0).trimmed(), 16);
        if (size < 0)
            return bad<HttpBodyResult>(400, "malformed chunked body\n");
        // Compared before any sum with `size`, which may be near 2^64.
        if (size > kMaxHttpBodyBytes - body.size())
            return bad<HttpBodyResult>(413, "request body too large (the limit is 3 MiB)\n");
        if (buffer.size() - (eol + 2) < size + 2)
            return result;
        body.append(buffer.mid(eol + 2, size));
        at = eol + 2 + size + 2;
        if (size == 0)
            break;
    }
    result.body = std::move(body);
    result.consumed = at;
    result.status = HttpParseResult::Status::Complete;
    return result;
}

HttpParseResult parseHttpRequest(const QByteArray& buffer) {
    HttpParseResult result;
    HttpHeadResult head = parseHttpHead(buffer);
    if (head.status != HttpParseResult::Status::Complete) {
        result.status = head.status;
        result.errorStatus = head.errorStatus;
        result.errorMessage = std::move(head.errorMessage);
        return result;
    }
    HttpBodyResult body = parseHttpBody(buffer, head.headBytes, head.framing);
    result.status = body.status;
    result.errorStatus = body.errorStatus;
    result.errorMessage = std::move(body.errorMessage);
    if (body.status != HttpParseResult::Status::Complete)
        return result;
    result.request = std::move(head.head);
    result.request.body = std::move(body.body);
    result.consumed = body.consumed;
    return result;
}

} // namespace tessera::serve
