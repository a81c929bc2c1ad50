/** The visitor's session (docs/product.md#shell-and-sign-in): loading, then signed in, signed out, or the server unable to tell (its database out of reach); read once, shared by React and loaders. */
import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import { AUTH_BASE_PATH } from '~/domain/shared/constants';
import { DEVELOPER_MESSAGES } from '~/domain/shared/developer-messages';
import type { Session, SessionUser } from '~/domain/shared/session';

export type SessionState =
  | { status: 'loading'; session: null }
  | { status: 'signed-in'; session: Session }
  | { status: 'signed-out'; session: null }
  /** The server answered that it cannot reach its database: the session may well be valid. */
  | { status: 'unavailable'; session: null };

/** What GET /api/auth/session can tell: a session, none, or that the server cannot say now. */
export type SessionAnswer = Session | null | 'unavailable';

function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null || !('user' in value)) return false;
  const user = (value as { user: unknown }).user;
  return (
    typeof user === 'object' && user !== null && typeof (user as SessionUser).email === 'string'
  );
}

/**
 * GET /api/auth/session. A 503 is the server saying it cannot reach its database (with Retry-After):
 * not signed out, so 'unavailable'. Any other non-OK answer or a network failure leaves the session
 * empty and logs.
 */
export async function fetchSession(fetchImpl: typeof fetch = fetch): Promise<SessionAnswer> {
  try {
    const response = await fetchImpl(`${AUTH_BASE_PATH}/session`, { credentials: 'same-origin' });
    if (response.status === 503) return 'unavailable';
    if (!response.ok) throw new Error(`GET ${AUTH_BASE_PATH}/session answered ${response.status}`);
    const body: unknown = await response.json();
    return isSession(body)
      ? { ...body, user: { ...body.user, isSuperUser: body.user.isSuperUser === true } }
      : null;
  } catch (error) {
    console.error(DEVELOPER_MESSAGES.sessionFetchFailed, error);
    return null;
  }
}

export interface SessionStore {
  getSnapshot(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Resolves once the first fetch (or the latest retry) has ended, with the state it left. */
  ready(): Promise<SessionState>;
  /** Asks the server again (after 'unavailable'); `ready()` then waits for this answer. */
  retry(): Promise<SessionState>;
}

function stateOf(answer: SessionAnswer): SessionState {
  if (answer === 'unavailable') return { status: 'unavailable', session: null };
  return answer
    ? { status: 'signed-in', session: answer }
    : { status: 'signed-out', session: null };
}

export function createSessionStore(
  load: () => Promise<SessionAnswer> = fetchSession,
): SessionStore {
  let state: SessionState = { status: 'loading', session: null };
  const listeners = new Set<() => void>();
  let pending: Promise<SessionState> | null = null;
  const fetchOnce = () =>
    load().then((answer) => {
      state = stateOf(answer);
      listeners.forEach((listener) => listener());
      return state;
    });
  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready() {
      pending ??= fetchOnce();
      return pending;
    },
    retry() {
      pending = fetchOnce();
      return pending;
    },
  };
}

const SessionContext = createContext<SessionStore | null>(null);

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const store = useContext(SessionContext);
  if (!store) throw new Error(DEVELOPER_MESSAGES.useSessionOutsideProvider);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

const CurrentUserContext = createContext<SessionUser | null>(null);

/** Marks a subtree that only renders with a signed-in user; useCurrentUser works inside it. */
export function AuthedPage({ user, children }: { user: SessionUser; children: ReactNode }) {
  return <CurrentUserContext.Provider value={user}>{children}</CurrentUserContext.Provider>;
}

export function useCurrentUser(): SessionUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error(DEVELOPER_MESSAGES.useCurrentUserOutsideAuthedPage);
  return user;
}
