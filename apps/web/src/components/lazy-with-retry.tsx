import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/** What a component loaded by lazyWithRetry takes besides its own props. */
export interface LazyWithRetryProps {
  /** Shown while its code loads. */
  fallback: ReactNode;
  /** Shown in its place when its code could not be loaded; `retry` loads it again. */
  failed: (error: unknown, retry: () => void) => ReactNode;
}

/**
 * React's `lazy` whose failed load says so in place, with Retry, instead of throwing to the
 * page's error boundary (a dropped connection, a deploy that replaced the chunk). `lazy` keeps a
 * rejected load for good, so Retry makes a new one; the browser then fetches the chunk again.
 */
export function lazyWithRetry<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P & LazyWithRetryProps> {
  // Marked, so the boundary answers only a failed load: the loaded component's own errors still go up.
  const loadMarked = () =>
    load().catch((error: unknown) => {
      throw new LoadFailure(error);
    });
  let Lazy = lazy(loadMarked);
  function LazyWithRetry({ fallback, failed, ...props }: P & LazyWithRetryProps) {
    // A new attempt remounts the boundary with the new load.
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Lazy = lazy(loadMarked);
      setAttempt((n) => n + 1);
    };
    return (
      <LoadBoundary key={attempt} failed={(error) => failed(error, retry)}>
        <Suspense fallback={fallback}>
          <Lazy {...(props as P)} />
        </Suspense>
      </LoadBoundary>
    );
  }
  return LazyWithRetry;
}

/** A load that failed, with what it failed with (`cause`: a TypeError when the chunk could not be fetched). */
class LoadFailure extends Error {
  constructor(override readonly cause: unknown) {
    super('load failed');
  }
}

/** Shows `failed` for a failed load below it, and passes any other error on (an error boundary must be a class). */
class LoadBoundary extends Component<{ failed: (error: unknown) => ReactNode; children: ReactNode }, { error: unknown; hasFailed: boolean }> {
  override state = { error: null as unknown, hasFailed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, hasFailed: true };
  }

  override render() {
    if (!this.state.hasFailed) return this.props.children;
    if (this.state.error instanceof LoadFailure) return this.props.failed(this.state.error.cause);
    throw this.state.error;
  }
}
