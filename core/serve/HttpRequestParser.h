#pragma once
// The request side of HTTP/1.1 for tessera serve, as pure functions over the bytes received so
// far, in two steps so the front door (FrontDoor.h) can refuse a request on its head before a
// byte of its body is kept:
//   1. parseHttpHead: the request line, the headers (names lower-cased) and how the body is
//      framed (Content-Length or chunked), with the framing errors that allow request smuggling
//      refused (conflicting lengths, both framings, a second Host);
//   2. parseHttpBody: the body those framing rules describe, bounded.
// parseHttpRequest runs both (the fuzz harness tests/fuzz/fuzz_http_request.cpp feeds it
// arbitrary bytes); HttpConnection runs them one after the other with the gate between.
#include "HttpConnection.h"

#include <QByteArray>

namespace tessera::serve {

inline constexpr qsizetype kMaxHttpHeaderBytes = qsizetype{64} * 1024;
// The API server's limit on a request body (kube-apiserver's MaxRequestBodyBytes, 3 MiB).
inline constexpr qsizetype kMaxHttpBodyBytes = qsizetype{3} * 1024 * 1024;
// A chunk-size line ("1a2b;ext=value"): 16 hex digits and a short extension are plenty.
inline constexpr qsizetype kMaxHttpChunkLineBytes = 1024;

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

// How a request's body is framed, as its head says.
struct HttpBodyFraming {
    bool chunked = false;
    qint64 contentLength = 0; // when not chunked
};

struct HttpHeadResult {
    HttpParseResult::Status status = HttpParseResult::Status::Incomplete;
    HttpRequest head;        // everything but the body
    qsizetype headBytes = 0; // the request line and headers, with the blank line
    HttpBodyFraming framing;
    int errorStatus = 0;
    QByteArray errorMessage;
};

// The head of the request at the start of `buffer`.
HttpHeadResult parseHttpHead(const QByteArray& buffer);

// The body of a request whose head took `headBytes` of `buffer`; Complete sets `body` and the
// bytes of the whole request (head and body) in `consumed`.
struct HttpBodyResult {
    HttpParseResult::Status status = HttpParseResult::Status::Incomplete;
    QByteArray body;
    qsizetype consumed = 0;
    int errorStatus = 0;
    QByteArray errorMessage;
};
HttpBodyResult parseHttpBody(const QByteArray& buffer, qsizetype headBytes,
                             const HttpBodyFraming& framing);

// Both steps: the first request at the start of `buffer` (later, pipelined requests stay unread).
HttpParseResult parseHttpRequest(const QByteArray& buffer);

} // namespace tessera::serve
