import { describe, expect, it } from 'vitest';
import { analyticsEndpoint, sentryOptions } from './telemetry-config';

describe('error reporting', () => {
  it('is off in development, even with a DSN', () => {
    expect(
      sentryOptions({ MODE: 'development', VITE_SENTRY_DSN: 'https://k@o.ingest.sentry.io/1' }),
    ).toBeNull();
  });

  it('is off without a DSN', () => {
    expect(sentryOptions({ MODE: 'production' })).toBeNull();
  });

  it('runs elsewhere with the spec sample rates', () => {
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
