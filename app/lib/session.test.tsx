// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DEVELOPER_MESSAGES } from '~/domain/shared/developer-messages';
import { APP_MESSAGES } from '~/domain/shared/messages';
import type { Session } from '~/domain/shared/session';
import { expectConsoleError } from '~/tests/support/console';
import {
  AuthedPage,
  createSessionStore,
  fetchSession,
  SessionProvider,
  useCurrentUser,
  useSession,
} from './session';
import { parseTheme, readStoredTheme, ThemeProvider, useTheme } from './theme';

const user = { id: 'u1', name: 'Maya Member', email: 'maya@beacon.test', isSuperUser: false };
const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

describe('session', () => {
  it('reads GET /api/auth/session into a session with a user', async () => {
    const fetchImpl = vi.fn(() => json({ user, expires: '2099-01-01' }));
    await expect(fetchSession(fetchImpl as typeof fetch)).resolves.toEqual({
      user,
      expires: '2099-01-01',
    });
    expect(fetchImpl).toHaveBeenCalledWith('/api/auth/session', { credentials: 'same-origin' });
  });

  it('treats a null body as signed out', async () => {
    await expect(fetchSession((() => json(null)) as typeof fetch)).resolves.toBeNull();
  });

  it('ends loading with an empty session and logs when the fetch fails', async () => {
    expectConsoleError(DEVELOPER_MESSAGES.sessionFetchFailed);
    const store = createSessionStore(() =>
      fetchSession((() => json({ message: 'down' }, 500)) as typeof fetch),
    );
    expect(store.getSnapshot().status).toBe('loading');
    await expect(store.ready()).resolves.toEqual({ status: 'signed-out', session: null });
    expect(store.getSnapshot()).toEqual({ status: 'signed-out', session: null });
  });

  it('reads a 503 (the server cannot reach its database) as unavailable, not signed out, and logs nothing', async () => {
    const unavailable = () => json({ error: { message: APP_MESSAGES.databaseUnavailable } }, 503);
    await expect(fetchSession(unavailable as typeof fetch)).resolves.toBe('unavailable');
    const store = createSessionStore(() => fetchSession(unavailable as typeof fetch));
    await expect(store.ready()).resolves.toEqual({ status: 'unavailable', session: null });
    expect(store.getSnapshot().status).toBe('unavailable');
  });

  it('asks again on retry, and ready() then answers what the retry found', async () => {
    const answers: (Session | 'unavailable')[] = ['unavailable', { user, expires: 'x' }];
    const load = vi.fn(() => Promise.resolve(answers.shift() ?? null));
    const store = createSessionStore(load);
    const seen = vi.fn();
    store.subscribe(seen);
    expect((await store.ready()).status).toBe('unavailable');
    expect((await store.retry()).status).toBe('signed-in');
    await expect(store.ready()).resolves.toMatchObject({ status: 'signed-in' });
    expect(load).toHaveBeenCalledTimes(2);
    expect(seen).toHaveBeenCalledTimes(2);
  });

  it('logs on network errors too', async () => {
    expectConsoleError(DEVELOPER_MESSAGES.sessionFetchFailed);
    await expect(
      fetchSession((() => Promise.reject(new TypeError('offline'))) as typeof fetch),
    ).resolves.toBeNull();
  });

  it('fetches once however often it is awaited', async () => {
    const load = vi.fn(() => Promise.resolve({ user, expires: 'x' }));
    const store = createSessionStore(load);
    await Promise.all([store.ready(), store.ready()]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().status).toBe('signed-in');
  });

  it('says where useSession and useCurrentUser belong', () => {
    expect(() => renderHook(() => useSession())).toThrow(
      'useSession must be used within a SessionProvider',
    );
    expect(() => renderHook(() => useCurrentUser())).toThrow(
      'useCurrentUser must be used inside an AuthedPage.',
    );
  });

  it('gives the current user inside an AuthedPage and the state inside a SessionProvider', async () => {
    const store = createSessionStore(() => Promise.resolve({ user, expires: 'x' }));
    await store.ready();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SessionProvider store={store}>
        <AuthedPage user={user}>{children}</AuthedPage>
      </SessionProvider>
    );
    const { result } = renderHook(() => ({ user: useCurrentUser(), session: useSession() }), {
      wrapper,
    });
    expect(result.current.user.email).toBe('maya@beacon.test');
    expect(result.current.session.status).toBe('signed-in');
  });
});

describe('theme', () => {
  it('accepts only beacon or dim; anything else falls back to beacon', () => {
    expect(parseTheme('dim')).toBe('dim');
    expect(parseTheme('beacon')).toBe('beacon');
    expect(parseTheme('neon')).toBe('beacon');
    expect(parseTheme(null)).toBe('beacon');
    expect(readStoredTheme({ getItem: () => 'dim' })).toBe('dim');
    expect(
      readStoredTheme({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe('beacon');
  });

  it('sets data-theme on the document root and saves it under "theme"', () => {
    localStorage.removeItem('theme');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ThemeProvider>{children}</ThemeProvider>
    );
    const { result, rerender } = renderHook(() => useTheme(), { wrapper });
    expect(result.current.theme).toBe('beacon');
    result.current.setTheme('dim');
    rerender();
    expect(result.current.theme).toBe('dim');
    expect(document.documentElement.getAttribute('data-theme')).toBe('dim');
    expect(localStorage.getItem('theme')).toBe('dim');
  });

  it('says where useTheme belongs', () => {
    expect(() => renderHook(() => useTheme())).toThrow(
      'useTheme must be used within a ThemeProvider',
    );
  });
});
