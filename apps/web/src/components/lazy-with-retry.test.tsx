// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyWithRetry } from './lazy-with-retry.tsx';

afterEach(cleanup);

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** What the page's error boundary would show. */
class PageBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>page error</p> : this.props.children;
  }
}

const failedView = (error: unknown, retry: () => void) => (
  <div role="alert">
    {error instanceof Error ? error.message : 'failed'}
    <button onClick={retry}>Retry</button>
  </div>
);

describe('lazyWithRetry', () => {
  it('shows a failed load in place with Retry, and loads again on Retry', async () => {
    // React reports the error its boundary caught.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    const LazyGreeting = lazyWithRetry<{ name: string }>(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve({ default: Greeting });
    });
    render(
      <PageBoundary>
        <LazyGreeting name="Ana" fallback={<p>loading</p>} failed={failedView} />
      </PageBoundary>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch dynamically imported module');
    expect(screen.queryByText('page error')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Hello Ana')).toBeTruthy();
    expect(calls).toBe(2);
    vi.restoreAllMocks();
  });

  it("leaves the loaded component's own errors to the page's boundary", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): ReactNode {
      throw new Error('render bug');
    }
    const LazyBroken = lazyWithRetry(() => Promise.resolve({ default: Broken }));
    render(
      <PageBoundary>
        <LazyBroken fallback={<p>loading</p>} failed={failedView} />
      </PageBoundary>,
    );
    expect(await screen.findByText('page error')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    vi.restoreAllMocks();
  });
});
