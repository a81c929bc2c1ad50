/**
 * Sign-in for end-to-end tests: Auth.js's form post to /api/auth/signin/{provider} (csrfToken +
 * callbackUrl) from a page at the app's origin, then the sign-in page: the simulated Account
 * Manager's for Salesforce, the development IdP's picker for Google. Independent of the app's login
 * screen, so any spec can start signed in.
 */
import { expect, type Page } from '@playwright/test';

export type Provider = 'salesforce' | 'google';

/** Submits the sign-in form; the browser ends on the provider's development sign-in page. */
export async function startSignIn(page: Page, provider: Provider, callbackUrl = '/app/') {
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as {
    csrfToken: string;
  };
  const escape = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  await page.route('**/__e2e/sign-in', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><form method="post" action="/api/auth/signin/${provider}">
        <input type="hidden" name="csrfToken" value="${escape(csrfToken)}">
        <input type="hidden" name="callbackUrl" value="${escape(callbackUrl)}">
        <button type="submit">Sign in with ${provider}</button></form>`,
    }),
  );
  await page.goto('/__e2e/sign-in');
  await page.getByRole('button', { name: `Sign in with ${provider}` }).click();
  await expect(
    page.getByRole('heading', { name: /\(development\)$|^Account Manager \(simulator\)$/ }),
  ).toBeVisible();
}

/** Picks a demo user on the sign-in page (they are listed by e-mail address on both). */
export async function pickUser(page: Page, email: string) {
  await page.getByRole('button', { name: new RegExp(email.replace(/[.]/g, '\\.')) }).click();
}

/** The whole sign-in; resolves once the browser is back on the app at callbackUrl. */
export async function signIn(
  page: Page,
  options: { provider?: Provider; email: string; callbackUrl?: string },
) {
  const callbackUrl = options.callbackUrl ?? '/app/';
  await startSignIn(page, options.provider ?? 'salesforce', callbackUrl);
  await pickUser(page, options.email);
  await page.waitForURL((url) => url.pathname === new URL(callbackUrl, url).pathname);
}

export async function currentSession(page: Page) {
  return (await (await page.request.get('/api/auth/session')).json()) as {
    user?: { id: string; email: string; name: string | null; isSuperUser: boolean };
  } | null;
}

/** Signs out the way the app does: form-encoded csrfToken + callbackUrl '/app/'. */
export async function signOut(page: Page) {
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as {
    csrfToken: string;
  };
  return page.request.post('/api/auth/signout', { form: { csrfToken, callbackUrl: '/app/' } });
}
