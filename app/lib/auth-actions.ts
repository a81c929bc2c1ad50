/** Sign-in and sign-out through Auth.js's documented endpoints under /api/auth (docs/product.md#shell-and-sign-in). */
import { APP_BASE_PATH, AUTH_BASE_PATH } from '~/domain/shared/constants';
import { browser } from './reload';

export type SignInProvider = 'salesforce' | 'google';

async function csrfToken(): Promise<string> {
  const response = await fetch(`${AUTH_BASE_PATH}/csrf`, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`GET ${AUTH_BASE_PATH}/csrf answered ${response.status}`);
  const body = (await response.json()) as { csrfToken?: unknown };
  if (typeof body.csrfToken !== 'string')
    throw new Error('The sign-in service sent no CSRF token.');
  return body.csrfToken;
}

/** POSTs a real form (csrfToken + callbackUrl = the current path), so the browser follows the provider's redirects. */
export async function signIn(provider: SignInProvider, callbackUrl: string): Promise<void> {
  const token = await csrfToken();
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = `${AUTH_BASE_PATH}/signin/${provider}`;
  form.hidden = true;
  for (const [name, value] of Object.entries({ csrfToken: token, callbackUrl })) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

/** @param returnTo where the browser goes once signed out (e.g. back to an invitation link, to sign in as someone else). */
export async function signOut(returnTo: string = APP_BASE_PATH): Promise<void> {
  const token = await csrfToken();
  await fetch(`${AUTH_BASE_PATH}/signout`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken: token, callbackUrl: returnTo }),
    redirect: 'follow',
  });
  browser.assign(returnTo);
}
