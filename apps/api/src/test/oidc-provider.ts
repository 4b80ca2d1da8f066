import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ProviderAccount } from 'oidc-provider';

/** A person at the test provider: `sub` is what they type in its login form. */
export interface TestOidcAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
  name?: string;
}

export interface TestOidcProvider {
  /** `http://127.0.0.1:<port>`: pass as OIDC_ISSUER. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The people who can sign in; tests add and change them. */
  accounts: Map<string, TestOidcAccount>;
  /**
   * Plays the person at the provider: opens the authorization URL, signs in as `sub` and consents
   * (or cancels at the first page when `sub` is null), following redirects with the provider's
   * cookies, and returns the URL the provider sent the browser back to (our callback).
   */
  authorize(authorizationUrl: string, sub: string | null): Promise<URL>;
  close(): Promise<void>;
}

/** A minimal cookie jar: the provider scopes cookies by path, but sending all of them is harmless here. */
function createCookieJar() {
  const cookies = new Map<string, string>();
  return {
    store(response: Response) {
      for (const header of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = header.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a));
        if (!value || expired) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
  };
}

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 with a random port and one confidential
 * client whose redirect URI is `redirectUri`. Its development login and consent pages are driven by
 * `authorize`.
 */
export async function startTestOidcProvider(options: {
  redirectUri: string;
  /**
   * Put email and name in the ID token and turn userinfo off, as Google does. By default oidc-provider
   * keeps them out of the ID token and answers them at the userinfo endpoint only.
   */
  claimsInIdToken?: boolean;
}): Promise<TestOidcProvider> {
  const clientId = 'coffee-shop-test';
  const clientSecret = randomBytes(24).toString('base64url');
  const accounts = new Map<string, TestOidcAccount>();

  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: !options.claimsInIdToken,
    features: { devInteractions: { enabled: true }, userinfo: { enabled: !options.claimsInIdToken } },
    // Explicit lifetimes (seconds), which also keeps the provider from printing a notice per artifact.
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    // The provider awaits what this returns, so a plain value will do.
    findAccount(_ctx: unknown, sub: string): ProviderAccount | undefined {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified,
          ...(account.name ? { name: account.name } : {}),
        }),
      };
    },
  });
  handler = provider.callback();

  async function authorize(authorizationUrl: string, sub: string | null): Promise<URL> {
    const jar = createCookieJar();
    let url = new URL(authorizationUrl);
    let init: RequestInit = {};
    for (let step = 0; step < 20; step++) {
      if (url.href.startsWith(options.redirectUri)) return url;
      const response = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as Record<string, string> | undefined), cookie: jar.header() },
      });
      jar.store(response);
      init = {};
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        url = new URL(location, url);
        continue;
      }
      const page = await response.text();
      const interaction = /^\/interaction\/([^/]+)$/.exec(url.pathname);
      if (response.status !== 200 || !interaction) {
        throw new Error(`test provider: unexpected ${response.status} at ${url.pathname}: ${page.slice(0, 300)}`);
      }
      const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
      if (sub === null) {
        url = new URL(`/interaction/${interaction[1]}/abort`, issuer);
        continue;
      }
      const form: Record<string, string> | undefined =
        prompt === 'login'
          ? { prompt: 'login', login: sub, password: 'any password' }
          : prompt === 'consent'
            ? { prompt: 'consent' }
            : undefined;
      if (!form) throw new Error(`test provider: unknown prompt on ${url.pathname}`);
      init = {
        method: 'POST',
        body: new URLSearchParams(form).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      };
    }
    throw new Error('test provider: too many redirects');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    authorize,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
