/** The token of an `Authorization: Bearer <token>` header, or null (no header, another scheme, blank). */
export function bearerToken(request: Request): string | null {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.get("Authorization") ?? "")?.[1] ?? null;
}
