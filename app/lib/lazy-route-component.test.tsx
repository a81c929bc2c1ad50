// @vitest-environment happy-dom
import { lazyRouteComponent as tanstackLazyRouteComponent } from '@tanstack/react-router';
import { Component, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { expectConsoleError } from '~/tests/support/console';
import { lazyRouteComponent } from './lazy-route-component';

const shown = () => <p>Shown</p>;
/** An import that takes a macrotask, as a chunk from the network does. */
const chunk =
  <T,>(module: T) =>
  () =>
    new Promise<T>((resolve) => setTimeout(() => resolve(module), 0));
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

class Boundary extends Component<{ children: ReactNode }, { error?: string }> {
  override state: { error?: string } = {};
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p>Failed: {this.state.error}</p> : this.props.children;
  }
}

function mount(ui: ReactNode): HTMLElement {
  const container = document.createElement('div');
  createRoot(container).render(ui);
  return container;
}

// React warns once per page: this file's order matters (ours first, then TanStack's on the same path).
describe('lazyRouteComponent', () => {
  it('renders the module once it arrives, calling use() on every render (no conditional-use warning)', async () => {
    const Lazy = lazyRouteComponent(chunk({ component: shown }), 'component');
    const page = mount(
      <main>
        <Lazy />
      </main>,
    );
    expect(page.textContent).toBe('');
    await settle();
    expect(page.textContent).toBe('Shown');
  });

  it("TanStack's own warns on the same render (why this one exists)", async () => {
    expectConsoleError('This library called use() to suspend in a previous render');
    const Lazy = tanstackLazyRouteComponent(chunk({ component: shown }), 'component');
    const page = mount(
      <main>
        <Lazy />
      </main>,
    );
    await settle();
    expect(page.textContent).toBe('Shown');
  });

  it('renders a module the router preloaded at the first render, and then has nothing to wait for', async () => {
    const Lazy = lazyRouteComponent(chunk({ default: shown }));
    await Lazy.preload?.();
    expect(Lazy.preload?.()).toBeUndefined();
    const page = mount(<Lazy />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(page.textContent).toBe('Shown');
  });

  it("shows a failed import as the route's error, and loads again at the router's next preload", async () => {
    let attempts = 0;
    const Lazy = lazyRouteComponent(() => {
      attempts += 1;
      return attempts === 1
        ? Promise.reject(new Error('Failed to fetch dynamically imported module'))
        : Promise.resolve({ default: shown });
    });
    expectConsoleError('Failed to fetch dynamically imported module');
    await expect(Lazy.preload?.()).resolves.toBeUndefined();
    const failed = mount(
      <Boundary>
        <Lazy />
      </Boundary>,
    );
    await settle();
    expect(failed.textContent).toBe('Failed: Failed to fetch dynamically imported module');
    expect(attempts).toBe(1);

    await Lazy.preload?.();
    expect(attempts).toBe(2);
    const retried = mount(<Lazy />);
    await settle();
    expect(retried.textContent).toBe('Shown');
  });

  it('waits on the pending screen while a stale chunk reloads the page (the import gives undefined)', async () => {
    const Lazy = lazyRouteComponent(() =>
      Promise.resolve(undefined as unknown as { default: () => ReactNode }),
    );
    const page = mount(<Lazy />);
    await settle();
    expect(page.textContent).toBe('');
    expect(Lazy.preload?.()).toBeInstanceOf(Promise);
  });
});
