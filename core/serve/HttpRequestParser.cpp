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
            bool ok = false;
            const qsizetype size =
                buffer.mid(at, eol - at).split(';').value(0).trimmed().toLongLong(&ok, 16);
            if (!ok)
                return bad(400, "malformed chunked body\n");
            if (buffer.size() < eol + 2 + size + 2)
                return result;
            body.append(buffer.mid(eol + 2, size));
            at = eol + 2 + size + 2;
            if (size == 0)
                break;
        }
        r.body = body;
        consumed = at;
    } else {
        const qsizetype length = r.headers.value("content-length", "0").toLongLong();
        if (length > kMaxHttpBodyBytes)
            return bad(413, "request body too large\n");
        if (buffer.size() < consumed + length)
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
