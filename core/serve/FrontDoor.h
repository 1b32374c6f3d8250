#pragma once
// The one gate every request to `tessera serve` passes, on its head alone, before a byte of its
// body is kept (as kube-apiserver's filter chain authenticates before a handler reads a body).
// `serve --local` runs the commands of the Jobs it is sent, so the gate is what keeps a web page,
// a rebound DNS name or another local user from running commands as the server's user:
//
//  1. health checks (GET /healthz, /livez, /readyz) are public and always answered, even when
//     the server is at its connection limit;
//  2. past the connection limit, everything else gets 503 with Retry-After;
//  3. browsers are refused: a request carrying `Origin`, or `Sec-Fetch-Site` other than "none"
//     (a user typing the URL), comes from a web page. Browsers send Origin with every request
//     that is not a GET or HEAD, so a cross-site "simple" POST (no preflight) is stopped here;
//  4. `Host` must name the address served (refusing DNS rebinding: a page on evil.example whose
//     name was pointed at 127.0.0.1 sends `Host: evil.example:PORT`), with 421;
//  5. with a token, `Authorization: Bearer <token>` (compared in constant time), else 401;
//  6. POST, PUT and PATCH must carry a media type the API server decodes (JSON, YAML, protobuf
//     for objects; the JSON, merge, strategic-merge and apply patch types for PATCH), else 415:
//     what an HTML form or a no-cors fetch can send (text/plain, form encodings) never reaches a
//     handler.
#include "HttpConnection.h"
#include "ServeTypes.h"

#include <QHostAddress>
#include <QStringList>
#include <optional>

namespace tessera::serve {

struct FrontDoorRules {
    QString token; // empty: no authentication
    // The host names and addresses (lower case, IPv6 without brackets) a request's Host may
    // name; the port, when the Host has one, must be `port`.
    QStringList hostNames;
    quint16 port = 0;
};

class FrontDoor {
public:
    explicit FrontDoor(FrontDoorRules rules = {});

    const FrontDoorRules& rules() const { return m_rules; }

    // Why `head` (a request without its body yet) is refused, or nothing when it may go in.
    // `overCapacity`: the server holds more connections than it serves.
    std::optional<ApiFailure> refusalOf(const HttpRequest& head, bool overCapacity) const;

    static bool isHealthCheck(const HttpRequest& head);

    // The Host names a server bound to `address` answers to: the address itself, and for a
    // loopback or wildcard address the loopback names (plus, for a wildcard, this machine's
    // interface addresses and host name).
    static QStringList hostNamesFor(const QHostAddress& address);

private:
    bool hostAllowed(const QByteArray& host) const;
    bool tokenMatches(const QByteArray& authorization) const;

    FrontDoorRules m_rules;
};

} // namespace tessera::serve
