// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';

const sentry = vi.hoisted(() => {
  const handler = vi.fn();
  return {
    handler,
    init: vi.fn(),
    reactErrorHandler: vi.fn(() => handler),
    tanstackRouterBrowserTracingIntegration: vi.fn(() => ({ name: 'router' })),
    replayIntegration: vi.fn(() => ({ name: 'replay' })),
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
