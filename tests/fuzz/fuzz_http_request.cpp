// tessera serve's HTTP/1.1 request parsing (request line, headers, Content-Length and chunked
// bodies, the target's path and query), as HttpConnection runs it over its receive buffer:
// requests are taken from the front one after another (pipelining) until more bytes are needed.
#include "FuzzTarget.h"
#include "serve/HttpRequestParser.h"

using namespace tessera;
using Status = serve::HttpParseResult::Status;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    QByteArray buffer(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    for (int requests = 0; requests < 64; ++requests) {
        const serve::HttpParseResult parsed = serve::parseHttpRequest(buffer);
        if (parsed.status != Status::Complete) {
            if (parsed.status == Status::Bad)
                fuzz::require(parsed.errorStatus >= 400 && !parsed.errorMessage.isEmpty(),
                              "a bad request is answered with a 4xx and a reason");
            return 0;
        }
        // The connection removes `consumed` bytes: it must make progress and stay in the buffer,
        // or the same bytes are answered forever.
        fuzz::require(parsed.consumed > 0 && parsed.consumed <= buffer.size(),
                      "a request consumes part of the buffer");
        fuzz::require(parsed.request.body.size() <= parsed.consumed,
                      "the body lies within the consumed bytes");
        (void)parsed.request.param("labelSelector");
        buffer.remove(0, parsed.consumed);
    }
    return 0;
}
