"""A pysaml2 identity provider (Debian's python3-pysaml2) with its defaults, for the portal's tests.

Its configuration names only what an IdP must have: its entity ID and sign-on address, its key and certificate, the
service provider's metadata (a file), and that it signs its responses with RSA-SHA256; the NameID format is pysaml2's
default (transient unless the AuthnRequest asks for another). The user is already signed in at the IdP (given on the command
line), as at a bank whose staff have a session there: the sign-on answers at once with the auto-posting form.

Usage: idp.py <port> <key.pem> <cert.pem> <sp-metadata.xml> <user>
"""
import html
import sys
from urllib.parse import parse_qs
from wsgiref.simple_server import WSGIRequestHandler, make_server

from saml2 import BINDING_HTTP_POST, BINDING_HTTP_REDIRECT
from saml2.config import IdPConfig
from saml2.xmldsig import DIGEST_SHA256, SIG_RSA_SHA256
from saml2.metadata import create_metadata_string
from saml2.saml import AUTHN_PASSWORD
from saml2.server import Server

port, key, cert, sp_metadata, user = sys.argv[1:6]
base = f"http://127.0.0.1:{port}"
config = IdPConfig()
config.load({
    "entityid": f"{base}/metadata",
    "service": {"idp": {"endpoints": {"single_sign_on_service": [(f"{base}/sso", BINDING_HTTP_REDIRECT)]}}},
    "key_file": key,
    "cert_file": cert,
    "metadata": {"local": [sp_metadata]},
})
idp = Server(config=config)
identity = {"uid": [user], "mail": [f"{user}@bank.example"]}


def app(environ, start_response):
    path = environ["PATH_INFO"]
    if path == "/metadata":
        start_response("200 OK", [("Content-Type", "application/samlmetadata+xml")])
        return [create_metadata_string(None, config=config, sign=False)]
    if path == "/sso":
        query = parse_qs(environ["QUERY_STRING"])
        request = idp.parse_authn_request(query["SAMLRequest"][0], BINDING_HTTP_REDIRECT)
        args = idp.response_args(request.message, [BINDING_HTTP_POST])
        authn = {"class_ref": AUTHN_PASSWORD, "authn_auth": base}
        # pysaml2 signs with RSA-SHA1 unless told otherwise, which the portal refuses: the docs ask for SHA-256.
        sha256 = {"sign_alg": SIG_RSA_SHA256, "digest_alg": DIGEST_SHA256}
        response = idp.create_authn_response(identity, userid=user, authn=authn, sign_response=True, **sha256, **args)
        relay_state = query.get("RelayState", [""])[0]
        http = idp.apply_binding(BINDING_HTTP_POST, str(response), args["destination"], relay_state, response=True)
        start_response("200 OK", [("Content-Type", "text/html")])
        return [http["data"].encode() if isinstance(http["data"], str) else http["data"]]
    start_response("404 Not Found", [("Content-Type", "text/plain")])
    return [html.escape(path).encode()]


class Quiet(WSGIRequestHandler):
    def log_message(self, *args):
        sys.stderr.write("%s\n" % (args,))


print("pysaml2 IdP listening", flush=True)
make_server("127.0.0.1", int(port), app, handler_class=Quiet).serve_forever()
