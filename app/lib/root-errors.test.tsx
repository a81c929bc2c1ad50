// @vitest-environment happy-dom
import { Component, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectConsoleError } from '~/tests/support/console';
import { rootErrorOptions } from './root-errors';

const { reportReactError } = vi.hoisted(() => ({ reportReactError: vi.fn() }));
vi.mock('./telemetry', () => ({ reportReactError }));

const production = { MODE: 'production', VITE_SENTRY_DSN: 'https://k@o.ingest.sentry.io/1' };
const loadTelemetry = vi.fn(() => import('./telemetry'));

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>Something went wrong!</p> : this.props.children;
  }
}

function Broken(): never {
  throw new Error('loader exploded');
}

let container: HTMLElement;
beforeEach(() => {
  reportReactError.mockReset();
  loadTelemetry.mockClear();
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => container.remove());

describe('errors React sees go to Sentry through the lazy telemetry module', () => {
  it('forwards an error an error boundary caught (the error screen shows it) with its component stack', async () => {
    const root = createRoot(container, rootErrorOptions(production, loadTelemetry));
    root.render(
      <Boundary>
        <Broken />
      </Boundary>,
    );
    await vi.waitFor(() => expect(reportReactError).toHaveBeenCalledTimes(1));
    const [error, info] = reportReactError.mock.calls[0] as [Error, { componentStack?: string }];
    expect(error.message).toBe('loader exploded');
    expect(info.componentStack).toContain('Broken');
    expect(container.textContent).toBe('Something went wrong!');
    root.unmount();
  });

  it('forwards an uncaught error too, and still logs it', async () => {
    expectConsoleError('loader exploded');
    const root = createRoot(container, rootErrorOptions(production, loadTelemetry));
    root.render(<Broken />);
    await vi.waitFor(() => expect(reportReactError).toHaveBeenCalledTimes(1));
    expect((reportReactError.mock.calls[0]?.[0] as Error).message).toBe('loader exploded');
    root.unmount();
  });

  it('adds no hooks (and loads nothing) in development or without a DSN', () => {
    expect(
      rootErrorOptions(
        { MODE: 'development', VITE_SENTRY_DSN: production.VITE_SENTRY_DSN },
        loadTelemetry,
      ),
    ).toEqual({});
    expect(rootErrorOptions({ MODE: 'production' }, loadTelemetry)).toEqual({});
    expect(loadTelemetry).not.toHaveBeenCalled();
  });
});
