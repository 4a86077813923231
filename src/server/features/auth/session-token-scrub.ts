/**
 * Session tokens stay in the httpOnly cookie: better-auth also puts them in JSON answers
 * (sign-in's `token`, get-session's `session.token`, list-sessions' `token`s) and in the bearer
 * plugin's `set-auth-token` header, which page scripts can read. Both are removed on the way out.
 * API clients take the token from the Set-Cookie header instead (the same signed value).
 */
const TOKEN_HEADERS = ['set-auth-token', 'set-auth-jwt'];

/** A copy of `value` without any `token` key, at any depth. */
export function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => key !== 'token')
        .map(([key, v]) => [key, withoutTokens(v)]),
    );
  }
  return value;
}

export async function scrubSessionTokens(res: Response): Promise<Response> {
  const headers = new Headers(res.headers);
  for (const name of TOKEN_HEADERS) headers.delete(name);
  const exposed = headers.get('access-control-expose-headers');
  if (exposed !== null) {
    const kept = exposed
      .split(',')
      .map((h) => h.trim())
      .filter((h) => h && !TOKEN_HEADERS.includes(h.toLowerCase()));
    if (kept.length > 0) headers.set('access-control-expose-headers', kept.join(', '));
    else headers.delete('access-control-expose-headers');
  }
  if (!(headers.get('content-type') ?? '').includes('application/json') || res.body === null) {
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, { status: res.status, statusText: res.statusText, headers });
  }
  headers.delete('content-length');
  return new Response(JSON.stringify(withoutTokens(body)), { status: res.status, statusText: res.statusText, headers });
}
