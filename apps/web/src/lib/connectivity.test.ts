import { describe, expect, it } from 'vitest';
import {
  createConnectivity,
  INITIAL_CONNECTIVITY,
  isOfflineState,
  nextConnectivityState,
  pingDelayMs,
  type ConnectivityEvent,
} from './connectivity.ts';

const run = (...events: ConnectivityEvent[]) => events.reduce(nextConnectivityState, INITIAL_CONNECTIVITY);

describe('connectivity state', () => {
  it('is offline at once when the browser goes offline, online again when it comes back', () => {
    expect(isOfflineState(run('browser-offline'))).toBe(true);
    expect(isOfflineState(run('browser-offline', 'browser-online'))).toBe(false);
  });

  it('flags the API lost at the third failed ping in a row, not before', () => {
    expect(isOfflineState(run('network-error'))).toBe(false);
    expect(isOfflineState(run('network-error', 'ping-failed', 'ping-failed'))).toBe(false);
    expect(isOfflineState(run('network-error', 'ping-failed', 'ping-failed', 'ping-failed'))).toBe(true);
  });

  it('clears the flag as soon as the API answers anything', () => {
    const lost = run('network-error', 'ping-failed', 'ping-failed', 'ping-failed', 'ping-failed');
    expect(nextConnectivityState(lost, 'api-answered')).toEqual(INITIAL_CONNECTIVITY);
    // Failures are counted in a row: an answer in between starts again from zero.
    expect(isOfflineState(run('ping-failed', 'ping-failed', 'api-answered', 'ping-failed'))).toBe(false);
  });

  it('waits 200 ms times the failures between pings, at most 2 s', () => {
    expect([0, 1, 2, 3, 10, 11, 50].map(pingDelayMs)).toEqual([0, 200, 400, 600, 2000, 2000, 2000]);
  });
});

/** A connectivity whose pings and timers the test drives by hand. */
function harness(options: { browserOnline?: boolean } = {}) {
  const pings: Array<(answered: boolean) => void> = [];
  const timers: Array<{ callback: () => void; ms: number; cleared: boolean }> = [];
  let changes = 0;
  const connectivity = createConnectivity({
    ping: () => new Promise<boolean>((resolve) => pings.push(resolve)),
    isBrowserOnline: () => options.browserOnline ?? true,
    setTimer: (callback, ms) => {
      const timer = { callback, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => {
      (handle as { cleared: boolean }).cleared = true;
    },
  });
  connectivity.subscribe(() => changes++);
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  /** Fires the pending timer and answers the ping it sends. */
  const pingRound = async (answered: boolean) => {
    const timer = timers.findLast((t) => !t.cleared);
    if (!timer) throw new Error('no ping scheduled');
    timer.cleared = true;
    timer.callback();
    await flush();
    pings.shift()?.(answered);
    await flush();
    return timer.ms;
  };
  return { connectivity, pings, timers, pingRound, flush, changes: () => changes };
}

describe('createConnectivity', () => {
  it('pings after a network error with growing delays and flags the loss at the third failure', async () => {
    const h = harness();
    h.connectivity.reportNetworkError();
    expect(h.connectivity.isOffline()).toBe(false);
    expect(await h.pingRound(false)).toBe(0);
    expect(await h.pingRound(false)).toBe(200);
    expect(h.connectivity.isOffline()).toBe(false);
    expect(await h.pingRound(false)).toBe(400);
    expect(h.connectivity.isOffline()).toBe(true);
    expect(await h.pingRound(false)).toBe(600);
    // Recovery: the next ping is answered, the flag clears and pinging stops.
    await h.pingRound(true);
    expect(h.connectivity.isOffline()).toBe(false);
    expect(h.timers.filter((t) => !t.cleared)).toHaveLength(0);
  });

  it('stops pinging when any request is answered', async () => {
    const h = harness();
    h.connectivity.reportNetworkError();
    await h.pingRound(false);
    h.connectivity.reportAnswer();
    expect(h.timers.filter((t) => !t.cleared)).toHaveLength(0);
    expect(h.connectivity.getState()).toEqual(INITIAL_CONNECTIVITY);
  });

  it('sends one ping at a time however many requests fail', () => {
    const h = harness();
    h.connectivity.reportNetworkError();
    h.connectivity.reportNetworkError();
    h.connectivity.reportNetworkError();
    expect(h.timers).toHaveLength(1);
  });

  it('Retry pings at once', async () => {
    const h = harness();
    h.connectivity.checkNow();
    await h.flush();
    expect(h.pings).toHaveLength(1);
    h.pings.shift()?.(true);
    await h.flush();
    expect(h.connectivity.getState().isChecking).toBe(false);
  });

  it('follows the browser: offline at once, no pings while offline, a ping when it is back', async () => {
    const h = harness();
    h.connectivity.reportBrowserOnline(false);
    expect(h.connectivity.isOffline()).toBe(true);
    expect(h.changes()).toBe(1);
    h.connectivity.reportNetworkError();
    expect(h.timers).toHaveLength(0);
    h.connectivity.reportBrowserOnline(true);
    await h.flush();
    expect(h.pings).toHaveLength(1);
    h.pings.shift()?.(true);
    await h.flush();
    expect(h.connectivity.isOffline()).toBe(false);
    expect(h.connectivity.getState().isChecking).toBe(false);
  });

  it('starts offline when the browser starts offline', () => {
    expect(harness({ browserOnline: false }).connectivity.isOffline()).toBe(true);
  });
});
