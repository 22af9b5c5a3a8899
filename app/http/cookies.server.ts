/**
 * Every cookie the shop sets has the same flags: HttpOnly, SameSite=Lax, Path=/, and Secure in
 * production or over HTTPS. The session, visitor, cart and toast cookies all take them from here.
 */
export interface CookieFlags {
  httpOnly: true;
  sameSite: "lax";
  path: "/";
  secure: boolean;
}

export function cookieFlags(env: Env, request: Request): CookieFlags {
  return { httpOnly: true, sameSite: "lax", path: "/", secure: env.ENVIRONMENT === "production" || new URL(request.url).protocol === "https:" };
}

/** A `Set-Cookie` value; `maxAge` in seconds (0 clears it; none: it ends with the browser). */
export function setCookie(env: Env, request: Request, name: string, value: string, { maxAge }: { maxAge?: number } = {}): string {
  const parts = [`${name}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (maxAge !== undefined) parts.push(`Max-Age=${maxAge}`);
  if (cookieFlags(env, request).secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearCookie(env: Env, request: Request, name: string): string {
  return setCookie(env, request, name, "", { maxAge: 0 });
}

/** One cookie's value from the request, or null. */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}
