/**
 * A local OpenID Connect provider (oidc-provider on 127.0.0.1, any free port) standing in for
 * Google in tests. Its development login form accepts any login name; the claims returned for a
 * login are the ones registered with addAccount (email, name, email_verified).
 *
 *   const idp = await startOidcProvider({ redirectUris: [`${appUrl}/api/auth/callback/google`] });
 *   idp.addAccount('ngozi', { email: 'ngozi@example.test', name: 'Ngozi Adichie' });
 *   // app env: GOOGLE_CLIENT_ID=idp.clientId, GOOGLE_CLIENT_SECRET=idp.clientSecret, OIDC_ISSUER=idp.issuer
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { type CookieJar, formAction } from './cookie-jar.ts';

export interface OidcTestAccount {
  email: string;
  name: string;
  emailVerified?: boolean;
}

export interface TestOidcProvider {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  addAccount(login: string, account: OidcTestAccount): void;
  close(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (for an app whose redirect URI must be known in advance). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export async function startOidcProvider(opts: { redirectUris: string[] }): Promise<TestOidcProvider> {
  const accounts = new Map<string, OidcTestAccount>();
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'ideahub-test-client';
  const clientSecret = 'ideahub-test-client-secret-0123456789';

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    cookies: { keys: ['oidc-test-cookie-key-0123456789abcdef'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Like Google: the ID token carries the email and name.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return { sub, email: account.email, email_verified: account.emailVerified ?? true, name: account.name };
        },
      };
    },
  });
  // Quiet: the development-only warnings are expected here.
  provider.on('server_error', () => {});
  handler = provider.callback() as unknown as (req: IncomingMessage, res: ServerResponse) => void;

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount(login, account) {
      accounts.set(login, account);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Drives the provider's development login (and consent) pages like a person would, starting at
 * `authorizeUrl`, until the browser would be sent back to `appOrigin` outside /api/. Returns the
 * address the app finally sends the person to (e.g. http://127.0.0.1:1234/dashboard).
 */
export async function completeOidcLogin(jar: CookieJar, authorizeUrl: string, login: string, appOrigin: string): Promise<URL> {
  const backInApp = (location: string) => location.startsWith(appOrigin) && !new URL(location).pathname.startsWith('/api/');
  let step = await jar.follow(authorizeUrl, {}, backInApp);
  for (let i = 0; i < 5; i++) {
    if (backInApp(step.url)) return new URL(step.url);
    const html = await step.res.text();
    if (step.res.status !== 200) throw new Error(`OpenID Connect login stopped at ${step.url} (${step.res.status}): ${html.slice(0, 300)}`);
    const fields: Record<string, string> = html.includes('name="login"') ? { prompt: 'login', login, password: 'any password' } : { prompt: 'consent' };
    step = await jar.follow(
      formAction(html, step.url),
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) },
      backInApp,
    );
  }
  throw new Error('OpenID Connect login did not come back to the app');
}
