/**
 * Sign-in end to end in Chromium: Salesforce through the simulated Account Manager (authorization code
 * with PKCE, ADR 0036), Google through the development IdP; the documented form post to
 * /api/auth/signin/{provider} (csrfToken + callbackUrl), the session, sign-out, and the
 * provider-conflict redirect.
 */
import { expect, test } from './fixtures';
import { currentSession, pickUser, signOut, startSignIn } from './support/sign-in';

const MAYA = 'maya@beacon.test';

test('signs in with Salesforce through Account Manager, signs out, and a second provider lands on the conflict page', async ({
  page,
  baseURL,
}) => {
  expect(await currentSession(page)).toBeNull();

  await startSignIn(page, 'salesforce');
  // Account Manager's authorize endpoint, asked for the role scopes with PKCE.
  const authorize = new URL(page.url());
  expect(authorize.pathname).toBe('/am/dwsso/oauth2/authorize');
  expect(authorize.searchParams.get('scope')).toBe('openid mail roles tenantFilter');
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  await expect(page.getByRole('heading', { name: 'Account Manager (simulator)' })).toBeVisible();
  await expect(page.getByRole('button', { name: /maya@beacon\.test/ })).toBeVisible();
  // The home screen's last read: the sources, asked once the figures have arrived (after the shell
  // shows), so the navigation alone does not say it is done.
  const sourcesRead = page.waitForResponse((response) =>
    new URL(response.url()).pathname.includes('monitoring.sources'),
  );
  await pickUser(page, MAYA);

  await page.waitForURL(`${baseURL}/app/`);
  // Let the app finish its best-org redirect and the home screen's reads before the session ends, so
  // none of its requests is still in flight (or yet to start) when sign-out makes them unauthorised.
  await expect(page).toHaveURL(/\/app\/acme\/prod$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await sourcesRead;
  expect(await currentSession(page)).toMatchObject({ user: { email: MAYA, isSuperUser: false } });
  const cookies = await page.context().cookies(baseURL);
  const sessionCookie = cookies.find((c) => c.name === 'authjs.session-token');
  expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

  // Sign out the way the app does, following the redirect.
  const out = await signOut(page);
  expect(out.url()).toBe(`${baseURL}/app/`);
  expect(await currentSession(page)).toBeNull();

  // The same email through Google: the provider-conflict screen with all four parameters.
  await startSignIn(page, 'google');
  await expect(
    page.getByRole('heading', { name: 'Sign in with Google (development)' }),
  ).toBeVisible();
  // The development IdP lists the demo users by email, the superuser marked.
  await expect(page.getByRole('button', { name: /ada@beacon\.test.*superuser/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /maya@beacon\.test.*member/ })).toBeVisible();
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
  expect(await currentSession(page)).toBeNull();
});
