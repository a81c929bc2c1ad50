import { describe, expect, it } from 'vitest';
import { afterFirstScreen, analyticsEndpoint, sentryOptions } from './telemetry-config';

describe('error reporting', () => {
  it('is off in development, even with a DSN', () => {
    expect(
      sentryOptions({ MODE: 'development', VITE_SENTRY_DSN: 'https://k@o.ingest.sentry.io/1' }),
    ).toBeNull();
  });

  it('is off without a DSN', () => {
    expect(sentryOptions({ MODE: 'production' })).toBeNull();
  });

  it('runs elsewhere with the configured sample rates', () => {
    expect(
      sentryOptions({ MODE: 'staging', VITE_SENTRY_DSN: 'https://k@o.ingest.sentry.io/1' }),
    ).toEqual({
      dsn: 'https://k@o.ingest.sentry.io/1',
      environment: 'staging',
      tracesSampleRate: 1,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
    });
  });
});

describe('page-view analytics', () => {
  const env = {
    MODE: 'production',
    VITE_ANALYTICS_HOST: 'app.beacon.example',
    VITE_ANALYTICS_URL: '/api/pv',
  };
  it('sends only from the production host', () => {
    expect(analyticsEndpoint(env, 'app.beacon.example')).toBe('/api/pv');
    expect(analyticsEndpoint(env, 'staging.beacon.example')).toBeNull();
    expect(analyticsEndpoint(env, '127.0.0.1')).toBeNull();
  });

  it('is off when not configured', () => {
    expect(analyticsEndpoint({ MODE: 'production' }, 'app.beacon.example')).toBeNull();
  });
});

describe('afterFirstScreen', () => {
  function fakeWindow(readyState: DocumentReadyState, idle: boolean) {
    const listeners: (() => void)[] = [];
    const idleCallbacks: (() => void)[] = [];
    const target = {
      document: { readyState },
      addEventListener: (type: string, listener: () => void) => {
        if (type === 'load') listeners.push(listener);
      },
      setTimeout: (callback: () => void) => idleCallbacks.push(callback),
      ...(idle
        ? { requestIdleCallback: (callback: () => void) => idleCallbacks.push(callback) }
        : {}),
    };
    return {
      target: target as unknown as Window,
      load: () => listeners.splice(0).forEach((l) => l()),
      idle: () => idleCallbacks.splice(0).forEach((c) => c()),
    };
  }

  it('waits for the load event, then for idle time', () => {
    const page = fakeWindow('loading', true);
    let started = 0;
    afterFirstScreen(() => (started += 1), page.target);
    page.idle();
    expect(started).toBe(0);
    page.load();
    expect(started).toBe(0);
    page.idle();
    expect(started).toBe(1);
  });

  it('only waits for idle time once the page has loaded, with or without requestIdleCallback', () => {
    for (const idle of [true, false]) {
      const page = fakeWindow('complete', idle);
      let started = 0;
      afterFirstScreen(() => (started += 1), page.target);
      expect(started).toBe(0);
      page.idle();
      expect(started).toBe(1);
    }
  });
});
