/** Signs in through the development IdP with plain HTTP (fetch + two cookie jars), as a browser would. */
export class CookieJar {
  private cookies = new Map<string, string>();
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '')
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

async function step(url: string, jar: CookieJar, init: RequestInit = {}) {
  const res = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
  });
  jar.store(res);
  return res;
}

export interface SignInResult {
  /** Where the app's callback finally sent the browser. */
  landedAt: string;
  appJar: CookieJar;
}

/**
 * Runs the whole sign-in: csrf → signin/{provider} → IdP picker → pick email → callback. A newcomer's
 * address is typed into the picker's "Someone new" form instead of picked from the listed users.
 */
export async function signInViaDevIdp(
  baseUrl: string,
  provider: 'salesforce' | 'google',
  email: string,
  appJar = new CookieJar(),
  options: { newcomer?: boolean } = {},
): Promise<SignInResult> {
  const idpJar = new CookieJar();
  const csrf = (await (await step(`${baseUrl}/api/auth/csrf`, appJar)).json()) as {
    csrfToken: string;
  };
  const start = await step(`${baseUrl}/api/auth/signin/${provider}`, appJar, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken: csrf.csrfToken, callbackUrl: `${baseUrl}/app/` }),
  });
  let location = start.headers.get('location') ?? '';
  if (!location.includes('/auth?'))
    throw new Error(`sign-in did not reach the IdP: ${start.status} ${location}`);
  // Follow the IdP until it shows the picker.
  let res = await step(location, idpJar);
  location = new URL(res.headers.get('location') ?? '', location).toString();
  res = await step(location, idpJar);
  const html = await res.text();
  const action = /action="([^"]+)"/.exec(html)?.[1];
  if (!action || (!options.newcomer && !html.includes(email)))
    throw new Error(`the IdP picker does not offer ${email}`);
  res = await step(new URL(action, location).toString(), idpJar, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(options.newcomer ? { email, new: '1' } : { email }),
  });
  // The IdP resumes, may pass through consent, then redirects to the app's callback.
  for (let i = 0; i < 6; i += 1) {
    location = new URL(res.headers.get('location') ?? '', location).toString();
    if (location.startsWith(baseUrl)) break;
    res = await step(location, idpJar);
  }
  res = await step(location, appJar);
  return { landedAt: new URL(res.headers.get('location') ?? '', baseUrl).toString(), appJar };
}
