// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';

const sentry = vi.hoisted(() => {
  const handler = vi.fn();
  return {
    handler,
    init: vi.fn(),
    reactErrorHandler: vi.fn(() => handler),
    tanstackRouterBrowserTracingIntegration: vi.fn(() => ({ name: 'router' })),
    replayIntegration: vi.fn((_options?: unknown) => ({ name: 'replay' })),
    addEventProcessor: vi.fn(),
  };
});
vi.mock('@sentry/react', () => sentry);

describe('telemetry: React errors to Sentry', () => {
  it('waits for Sentry to start, then reports through its React root handler', async () => {
    const { reportReactError, startTelemetry } = await import('./telemetry');
    const error = new Error('render failed');
    const reported = reportReactError(error, { componentStack: '\n    at Broken' });
    expect(sentry.handler).not.toHaveBeenCalled();

    const router = { subscribe: vi.fn() };
    await startTelemetry(router as never, {
      MODE: 'production',
      VITE_SENTRY_DSN: 'https://k@o.ingest.sentry.io/1',
    });
    await reported;
    expect(sentry.init).toHaveBeenCalledWith(
      expect.objectContaining({ dsn: 'https://k@o.ingest.sentry.io/1', environment: 'production' }),
    );
    expect(sentry.handler).toHaveBeenCalledWith(error, { componentStack: '\n    at Broken' });
  });
});

describe('telemetry: invitation tokens stay out', () => {
  const TOKEN = 'Zr8vQ2mY4kT7pL1xN6cB3dF9hJ0sW5eA2uG8iK4oR1q';
  const link = `https://beacon.example/app/accept-invite/${TOKEN}`;
  type Hook = (value: unknown, hint?: unknown) => unknown;

  it('page views and every kind of report to Sentry carry an accept link without its token', async () => {
    const { startTelemetry } = await import('./telemetry');
    const beacons: string[] = [];
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: vi.fn((_url: string, body: string) => beacons.push(body) > 0),
    });
    let onResolved: (event: { toLocation: { pathname: string } }) => void = () => {};
    const router = {
      subscribe: vi.fn((_event: string, listener: typeof onResolved) => {
        onResolved = listener;
      }),
    };
    await startTelemetry(router as never, {
      MODE: 'production',
      VITE_SENTRY_DSN: 'https://k@o.ingest.sentry.io/1',
      VITE_ANALYTICS_HOST: window.location.hostname,
      VITE_ANALYTICS_URL: '/api/pv',
    });

    onResolved({ toLocation: { pathname: `/app/accept-invite/${TOKEN}` } });
    expect(beacons).toHaveLength(1);
    expect(JSON.parse(beacons[0]!)).toMatchObject({ path: '/app/accept-invite/:token' });

    const options = sentry.init.mock.calls.at(-1)![0] as Record<string, Hook>;
    const error = await options.beforeSend!(
      {
        message: `Failed to load ${link}`,
        request: { url: `${link}?from=mail` },
        transaction: `/app/accept-invite/${TOKEN}`,
        breadcrumbs: [{ category: 'navigation', data: { from: '/app/', to: link } }],
        tags: { url: link },
      },
      {},
    );
    expect(JSON.stringify(error)).not.toContain(TOKEN);
    expect(error).toMatchObject({
      request: { url: 'https://beacon.example/app/accept-invite/:token?from=mail' },
    });
    const crumb = options.beforeBreadcrumb!({ category: 'navigation', data: { to: link } });
    expect(JSON.stringify(crumb)).not.toContain(TOKEN);
    const span = options.beforeSendSpan!({ name: 'pageload', attributes: { 'url.full': link } });
    expect(JSON.stringify(span)).not.toContain(TOKEN);

    // Session replays: their recording (the page's address) and the replay event (its URLs).
    const replay = sentry.replayIntegration.mock.calls.at(-1)![0] as Record<string, Hook>;
    const recorded = replay.beforeAddRecordingEvent!({ type: 4, data: { href: link } });
    expect(JSON.stringify(recorded)).not.toContain(TOKEN);
    const processor = sentry.addEventProcessor.mock.calls.at(-1)![0] as Hook;
    const replayEvent = processor({ type: 'replay_event', urls: [link] }, {});
    expect(JSON.stringify(replayEvent)).not.toContain(TOKEN);
  });
});
