// A stand-in for Google's sign-in, for the browser journeys only (docs/decisions/014): the e2e server
// (ENVIRONMENT=development, OAUTH_STUB_ORIGIN set) sends the browser here instead of to Google, and
// exchanges the code here. Two endpoints, as Google's:
//   GET  /google/authorize  the "consent" page: a form where the journey types who signs in (subject,
//                           email, verified or not, name); Continue goes back to redirect_uri with a
//                           code and the state, Cancel with error=access_denied.
//   POST /google/token      the code (once, for the same redirect_uri, client id and secret by HTTP
//                           Basic, and the PKCE verifier of the challenge) for an ID token whose claims
//                           are what the form said, as Google's token endpoint answers (unsigned: the
//                           shop does not check the signature of a token it got straight from the
//                           token endpoint).
import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";

const base64url = (value) => Buffer.from(value).toString("base64url");
const escape = (value) => String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function consentPage(query) {
  const hidden = ["client_id", "redirect_uri", "state", "code_challenge", "scope"]
    .map((name) => `<input type="hidden" name="${name}" value="${escape(query.get(name) ?? "")}">`)
    .join("");
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Sign in with Google (development stand-in)</title></head>
<body><main><h1>Sign in with Google (development stand-in)</h1>
<form method="get" action="/google/consent">${hidden}
<p><label>Google account id <input name="sub" required></label></p>
<p><label>Email <input name="email" type="email"></label></p>
<p><label><input name="email_verified" type="checkbox" value="true" checked> Email verified</label></p>
<p><label>Name <input name="name"></label></p>
<p><button type="submit">Continue</button> <button type="submit" name="deny" value="1" formnovalidate>Cancel</button></p>
</form></main></body></html>`;
}

/**
 * Starts the stand-in on a free loopback port for a client id and secret (the e2e server's fake ones).
 * @returns {Promise<{ origin: string, stop: () => Promise<void> }>}
 */
export async function startOAuthStub({ clientId, clientSecret }) {
  /** code -> what the consent said, and what the token request must match. */
  const codes = new Map();

  const server = createServer(async (request, response) => {
    const url = new URL(request.url, "http://stub");
    const send = (status, body, type = "application/json") => {
      response.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store" });
      response.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    const redirect = (location) => {
      response.writeHead(302, { Location: location, "Cache-Control": "no-store" });
      response.end();
    };
    try {
      if (request.method === "GET" && url.pathname === "/google/authorize") {
        const q = url.searchParams;
        const good =
          q.get("response_type") === "code" &&
          q.get("client_id") === clientId &&
          q.get("code_challenge_method") === "S256" &&
          q.get("code_challenge") &&
          q.get("state") &&
          /^https?:\/\//.test(q.get("redirect_uri") ?? "");
        return good
          ? send(200, consentPage(q), "text/html; charset=utf-8")
          : send(400, "Bad authorization request", "text/plain");
      }
      if (request.method === "GET" && url.pathname === "/google/consent") {
        const q = url.searchParams;
        const back = new URL(q.get("redirect_uri"));
        back.searchParams.set("state", q.get("state"));
        if (q.get("deny")) {
          back.searchParams.set("error", "access_denied");
          return redirect(back.href);
        }
        const code = randomBytes(16).toString("hex");
        codes.set(code, {
          redirectUri: q.get("redirect_uri"),
          challenge: q.get("code_challenge"),
          scope: q.get("scope"),
          claims: {
            sub: q.get("sub"),
            email: q.get("email") || undefined,
            email_verified: q.get("email_verified") === "true",
            name: q.get("name") || undefined,
          },
        });
        back.searchParams.set("code", code);
        return redirect(back.href);
      }
      if (request.method === "POST" && url.pathname === "/google/token") {
        let text = "";
        for await (const chunk of request) text += chunk;
        const body = new URLSearchParams(text);
        const code = body.get("code") ?? "";
        const grant = codes.get(code);
        codes.delete(code);
        const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
        if (request.headers.authorization !== basic) return send(401, { error: "invalid_client" });
        const verifier = body.get("code_verifier") ?? "";
        const pkce = grant && createHash("sha256").update(verifier).digest("base64url") === grant.challenge;
        if (
          body.get("grant_type") !== "authorization_code" ||
          !grant ||
          body.get("redirect_uri") !== grant.redirectUri ||
          !pkce
        ) {
          return send(400, { error: "invalid_grant", error_description: "Bad Request" });
        }
        const now = Math.floor(Date.now() / 1000);
        const header = base64url(JSON.stringify({ alg: "RS256", kid: "stub", typ: "JWT" }));
        const payload = base64url(
          JSON.stringify({
            iss: "https://accounts.google.com",
            aud: clientId,
            azp: clientId,
            iat: now,
            exp: now + 3600,
            ...grant.claims,
          }),
        );
        return send(200, {
          access_token: `stub-access-${randomBytes(8).toString("hex")}`,
          token_type: "Bearer",
          expires_in: 3599,
          scope: grant.scope,
          id_token: `${header}.${payload}.${base64url("stub-signature")}`,
        });
      }
      return send(404, "Not found", "text/plain");
    } catch (error) {
      return send(500, String(error), "text/plain");
    }
  });

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
