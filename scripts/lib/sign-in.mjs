// Signing in to a running server, for the benchmarks: the `/login` form's cookies (a browser's
// session) and the API's bearer token.

/** The cookies (`name=value`) a password sign-in through the `/login` form sets. */
export async function signInCookies(url, email, password) {
  const response = await fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
    body: new URLSearchParams({ email, password }),
  });
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
}

/** The bearer token of a password sign-in through `POST /api/auth/login`. */
export async function apiToken(url, email, password) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return (await response.json()).data.token;
}
