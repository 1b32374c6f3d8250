// Request bodies of `tessera serve` in Kubernetes' protobuf encoding
// (Content-Type: application/vnd.kubernetes.protobuf): serve::protobuf::decode, as ApiCodec's
// decodeBody calls it for a create, replace or patch. What decodes must encode again (the server
// answers protobuf clients with the same schema) and that encoding must decode.
#include "FuzzTarget.h"
#include "serve/proto/ProtoCodec.h"

using namespace tessera;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QByteArray body(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const auto decoded = serve::protobuf::decode(body);
    if (!decoded) {
        fuzz::require(!decoded.error().isEmpty(), "an error says what is wrong");
        return 0;
    }
    fuzz::require(decoded->contains(QStringLiteral("apiVersion")) &&
                      decoded->contains(QStringLiteral("kind")),
                  "a decoded object has apiVersion and kind, from the envelope");
    const auto encoded = serve::protobuf::encode(*decoded);
    if (encoded)
        fuzz::require(serve::protobuf::decode(*encoded).has_value(),
                      "what the server encodes decodes");
    return 0;
}
