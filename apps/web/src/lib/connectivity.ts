import { onlineManager } from '@tanstack/react-query';

/**
 * Is the API reachable? (accounts spec §4 "Connectivity", §8 "We are offline, trying to
 * reconnect...", §9 "Connectivity retry 200 ms times failures, capped at 10 (2 s), flag at 3".)
 *
 * The dashboard counts as offline while the browser says so, or once a request failed with a
 * network error and three pings of `GET /ping` in a row went unanswered. Pings are retried with
 * a growing delay until the API answers; any answer (a ping or any other request) clears the
 * flag. While offline, TanStack Query is told so (`onlineManager`): queries pause instead of
 * failing, and on recovery the paused reads are sent again ("queued GET requests replayed").
 */

/** Consecutive unanswered pings after which the connection is flagged lost. */
export const LOST_AFTER_FAILED_PINGS = 3;
/** Retry delay: 200 ms times the failures so far, at most 10 times (2 s). */
export const PING_DELAY_STEP_MS = 200;
export const PING_DELAY_MAX_STEPS = 10;
/** A ping that takes longer than this counts as failed. */
export const PING_TIMEOUT_MS = 5_000;

export interface ConnectivityState {
  /** `navigator.onLine` as last reported by the browser. */
  isBrowserOnline: boolean;
  /** A request failed with a network error and the API has not answered since. */
  isChecking: boolean;
  /** Pings in a row that went unanswered since the API last answered. */
  failedPings: number;
}

export type ConnectivityEvent = 'browser-offline' | 'browser-online' | 'network-error' | 'api-answered' | 'ping-failed';

export const INITIAL_CONNECTIVITY: ConnectivityState = { isBrowserOnline: true, isChecking: false, failedPings: 0 };

export function nextConnectivityState(state: ConnectivityState, event: ConnectivityEvent): ConnectivityState {
  switch (event) {
    case 'browser-offline':
      return { ...state, isBrowserOnline: false };
    case 'browser-online':
      return { ...state, isBrowserOnline: true };
    case 'network-error':
      return { ...state, isChecking: true };
    case 'api-answered':
      return { ...state, isChecking: false, failedPings: 0 };
    case 'ping-failed':
      return { ...state, isChecking: true, failedPings: state.failedPings + 1 };
  }
}

export function isOfflineState(state: ConnectivityState): boolean {
  return !state.isBrowserOnline || state.failedPings >= LOST_AFTER_FAILED_PINGS;
}

/** How long to wait before the next ping after `failedPings` failures (0 for the first one). */
export function pingDelayMs(failedPings: number): number {
  return PING_DELAY_STEP_MS * Math.min(Math.max(failedPings, 0), PING_DELAY_MAX_STEPS);
}

export interface ConnectivityDeps {
  /** Resolves true when the API answered the ping. */
  ping(): Promise<boolean>;
  isBrowserOnline(): boolean;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export interface Connectivity {
  getState(): ConnectivityState;
  isOffline(): boolean;
  subscribe(listener: () => void): () => void;
  /** A request failed without an answer (fetch rejected): start pinging. */
  reportNetworkError(): void;
  /** The API answered a request: whatever was wrong is over. */
  reportAnswer(): void;
  /** Ping now (the offline alert's Retry). */
  checkNow(): void;
  reportBrowserOnline(isOnline: boolean): void;
}

export function createConnectivity(deps: ConnectivityDeps): Connectivity {
  let state: ConnectivityState = { ...INITIAL_CONNECTIVITY, isBrowserOnline: deps.isBrowserOnline() };
  const listeners = new Set<() => void>();
  let timer: unknown = null;
  let isPinging = false;

  const dispatch = (event: ConnectivityEvent) => {
    const next = nextConnectivityState(state, event);
    if (next.isBrowserOnline === state.isBrowserOnline && next.isChecking === state.isChecking && next.failedPings === state.failedPings) return;
    state = next;
    for (const listener of listeners) listener();
  };

  const cancelTimer = () => {
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
  };

  const runPing = async () => {
    cancelTimer();
    if (isPinging) return;
    isPinging = true;
    let answered = false;
    try {
      answered = await deps.ping();
    } catch {
      answered = false;
    }
    isPinging = false;
    if (answered) {
      dispatch('api-answered');
      return;
    }
    dispatch('ping-failed');
    schedule();
  };

  /** The next ping, unless one is pending or the browser is offline (its `online` event pings). */
  const schedule = () => {
    if (timer !== null || isPinging || !state.isChecking || !state.isBrowserOnline) return;
    timer = deps.setTimer(() => {
      timer = null;
      void runPing();
    }, pingDelayMs(state.failedPings));
  };

  return {
    getState: () => state,
    isOffline: () => isOfflineState(state),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reportNetworkError() {
      dispatch('network-error');
      schedule();
    },
    reportAnswer() {
      cancelTimer();
      dispatch('api-answered');
    },
    checkNow() {
      dispatch('network-error');
      void runPing();
    },
    reportBrowserOnline(isOnline) {
      dispatch(isOnline ? 'browser-online' : 'browser-offline');
      if (!isOnline) cancelTimer();
      else if (state.isChecking) void runPing();
    },
  };
}

async function pingApi(): Promise<boolean> {
  try {
    const response = await fetch('/ping', { cache: 'no-store', signal: AbortSignal.timeout(PING_TIMEOUT_MS) });
    return response.ok;
  } catch {
    return false;
  }
}

/** The dashboard's connectivity, fed by lib/http.ts and the browser's online/offline events. */
export const connectivity = createConnectivity({
  ping: pingApi,
  isBrowserOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
  setTimer: (callback, ms) => setTimeout(callback, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
});

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => connectivity.reportBrowserOnline(true));
  window.addEventListener('offline', () => connectivity.reportBrowserOnline(false));
  let wasOffline = connectivity.isOffline();
  connectivity.subscribe(() => {
    const offline = connectivity.isOffline();
    if (offline === wasOffline) return;
    wasOffline = offline;
    onlineManager.setOnline(!offline);
  });
}
