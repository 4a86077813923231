/**
 * A tiny browser stand-in for API tests that cross sites (an OpenID Connect login): a cookie jar
 * keyed by host (cookies ignore ports, as in browsers) and path, and a fetch that follows
 * redirects one hop at a time, storing cookies on the way.
 */
interface StoredCookie {
  name: string;
  value: string;
  host: string;
  path: string;
  expires: number | null;
}

export interface Hop {
  url: string;
  status: number;
  location: string | null;
}

export class CookieJar {
  private cookies: StoredCookie[] = [];

  store(url: string, res: Response): void {
    const { hostname, pathname } = new URL(url);
    for (const header of res.headers.getSetCookie()) {
      const [pair, ...attrs] = header.split(';');
      const eq = pair!.indexOf('=');
      if (eq <= 0) continue;
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      let path = pathname.replace(/\/[^/]*$/, '') || '/';
      let expires: number | null = null;
      for (const attr of attrs) {
        const [k, v = ''] = attr.split('=');
        const key = k!.trim().toLowerCase();
        if (key === 'path') path = v.trim() || '/';
        if (key === 'max-age') expires = Date.now() + Number(v.trim()) * 1000;
        if (key === 'expires' && expires === null) expires = Date.parse(v.trim());
      }
      this.cookies = this.cookies.filter((c) => !(c.name === name && c.host === hostname && c.path === path));
      if (value !== '' && (expires === null || expires > Date.now())) this.cookies.push({ name, value, host: hostname, path, expires });
    }
  }

  header(url: string): string {
    const { hostname, pathname } = new URL(url);
    const now = Date.now();
    return this.cookies
      .filter((c) => c.host === hostname && (c.expires === null || c.expires > now))
      .filter((c) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`) || c.path === '/')
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  /** One request with the jar's cookies; stores what comes back; does not follow redirects. */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.header(url);
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(url, res);
    return res;
  }

  /** Follows redirects (GET after the first hop) until a non-redirect answer or `stopAt` matches a Location. */
  async follow(url: string, init: RequestInit = {}, stopAt?: (location: string) => boolean): Promise<{ res: Response; url: string; hops: Hop[] }> {
    const hops: Hop[] = [];
    let current = url;
    let res = await this.fetch(current, init);
    for (let i = 0; i < 20; i++) {
      const location = res.headers.get('location');
      hops.push({ url: current, status: res.status, location });
      if (res.status < 300 || res.status >= 400 || !location) return { res, url: current, hops };
      const next = new URL(location, current).toString();
      if (stopAt?.(next)) return { res, url: next, hops };
      current = next;
      res = await this.fetch(current);
    }
    throw new Error(`too many redirects: ${hops.map((h) => h.url).join(' -> ')}`);
  }
}

/** The action of the first <form> in `html`, resolved against `pageUrl`. */
export function formAction(html: string, pageUrl: string): string {
  const action = /<form[^>]*action="([^"]*)"/i.exec(html)?.[1];
  if (action === undefined) throw new Error('no form on the page');
  return new URL(action.replace(/&amp;/g, '&'), pageUrl).toString();
}
