#pragma once
// The request side of HTTP/1.1 for tessera serve, as a pure function over the bytes received so
// far: the request line, the headers (names lower-cased) and a Content-Length or chunked body.
// HttpConnection feeds it its buffer; the fuzz harness tests/fuzz/fuzz_http_request.cpp feeds it
// arbitrary bytes.
#include "HttpConnection.h"

#include <QByteArray>

namespace tessera::serve {

inline constexpr qsizetype kMaxHttpHeaderBytes = 64 * 1024;
inline constexpr qsizetype kMaxHttpBodyBytes = 64 * 1024 * 1024;

struct HttpParseResult {
    enum class Status {
        Incomplete, // wait for more bytes (or, past kMaxHttpHeaderBytes of header, give up)
        Complete,   // `request` holds one request; `consumed` bytes of the buffer were used
        Bad,        // answer `errorStatus` with `errorMessage` and close the connection
        HeaderTooLarge,
    };
    Status status = Status::Incomplete;
    HttpRequest request;
    qsizetype consumed = 0;
    int errorStatus = 0;
    QByteArray errorMessage;
};

// Parses the first request at the start of `buffer` (later, pipelined requests stay unread).
HttpParseResult parseHttpRequest(const QByteArray& buffer);

} // namespace tessera::serve
