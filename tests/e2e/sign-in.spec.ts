/**
 * Sign-in end to end in Chromium through the development IdP: the spec's form post to
 * /api/auth/signin/{provider} (csrfToken + callbackUrl), the IdP's picker, the session, sign-out, and
 * the provider-conflict redirect. The form is a minimal page served at the app's origin, so the flow
 * does not depend on the app's login screen.
 */
import { expect, test, type Page } from '@playwright/test';

const MAYA = 'maya@beacon.test';

async function signInForm(page: Page, provider: 'salesforce' | 'google') {
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as {
    csrfToken: string;
  };
  // A same-origin page holding the form the login screen submits.
  await page.route('**/e2e/sign-in', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><form method="post" action="/api/auth/signin/${provider}">
        <input type="hidden" name="csrfToken" value="${csrfToken}">
        <input type="hidden" name="callbackUrl" value="/app/">
        <button type="submit">Sign in with ${provider}</button></form>`,
    }),
  );
  await page.goto('/e2e/sign-in');
  await page.getByRole('button', { name: `Sign in with ${provider}` }).click();
}

async function pickUser(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: /development/ })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(email) }).click();
}

async function session(page: Page) {
  return (await (await page.request.get('/api/auth/session')).json()) as {
    user?: { email: string; isSuperUser: boolean };
  } | null;
}

test('signs in with Salesforce through the development IdP, signs out, and a second provider lands on the conflict page', async ({
  page,
  baseURL,
}) => {
  expect(await session(page)).toBeNull();

  await signInForm(page, 'salesforce');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/interaction\//);
  await expect(
    page.getByRole('heading', { name: 'Sign in with Salesforce (development)' }),
  ).toBeVisible();
  // The demo users are listed by email, the superuser marked.
  await expect(page.getByRole('button', { name: /ada@beacon\.test.*superuser/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /maya@beacon\.test.*member/ })).toBeVisible();
  await pickUser(page, MAYA);

  await page.waitForURL(`${baseURL}/app/`);
  expect(await session(page)).toMatchObject({ user: { email: MAYA, isSuperUser: false } });
  const cookies = await page.context().cookies(baseURL);
  const sessionCookie = cookies.find((c) => c.name === 'authjs.session-token');
  expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

  // Sign out the way the app does: form-encoded csrfToken + callbackUrl '/app/', following the redirect.
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as {
    csrfToken: string;
  };
  const out = await page.request.post('/api/auth/signout', {
    form: { csrfToken, callbackUrl: '/app/' },
  });
  expect(out.url()).toBe(`${baseURL}/app/`);
  expect(await session(page)).toBeNull();

  // The same email through Google: the spec's conflict screen with all four parameters.
  await signInForm(page, 'google');
  await expect(
    page.getByRole('heading', { name: 'Sign in with Google (development)' }),
  ).toBeVisible();
  await pickUser(page, MAYA);
  await page.waitForURL(/\/app\/auth\/error\?/);
  const landed = new URL(page.url());
  expect(landed.origin).toBe(baseURL);
  expect(Object.fromEntries(landed.searchParams)).toEqual({
    error: 'OAuthAccountNotLinked',
    email: MAYA,
    newProvider: 'google',
    existingProvider: 'salesforce',
  });
  expect(await session(page)).toBeNull();
});
