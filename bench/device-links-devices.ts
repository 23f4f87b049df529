import { reconnectDelayMs } from '@flotilla/core/device-link';
import { LinkClient } from '../apps/device/src/link/link-client.ts';
import type { LinkDevice } from './device-links-seed.ts';

/**
 * The devices' side of the device-link benchmarks: one real agent `LinkClient` per device
 * (apps/device/src/link/link-client.ts, the code a device runs: hello on connect, pongs,
 * reconnects with its full-jitter back-off), all in the bench process. Each records when its
 * link opened and closed and every reconnect delay it drew, with `Date.now()` so the times
 * compare with the database's `now()` on the same machine.
 */
export interface LinkedDevice {
  device: LinkDevice;
  client: LinkClient;
  opens: number[];
  closes: number[];
  /** Each back-off the agent drew: when, for which attempt, how long. */
  delays: { at: number; attempt: number; ms: number }[];
}

export interface OpenOptions {
  /** Links being opened at once (a fleet does not boot in one millisecond; neither does the bench). */
  concurrency: number;
  /** The agent's silence limit; the idle bench lengthens it because its ceiling server never pings. */
  silenceMs?: number;
  timeoutMs?: number;
  /** How long each device takes to answer a request now (the network and its supervisor); 0 or none = at once. */
  answerMs?: () => number;
}

export async function openLinks(apiUrl: string, devices: readonly LinkDevice[], o: OpenOptions): Promise<LinkedDevice[]> {
  const linked: LinkedDevice[] = [];
  let next = 0;
  const deadline = Date.now() + (o.timeoutMs ?? 600_000);
  const openOne = async (): Promise<void> => {
    while (next < devices.length) {
      const device = devices[next++]!;
      let opened!: () => void;
      const first = new Promise<void>((done) => (opened = done));
      const handle: LinkedDevice = { device, client: undefined as unknown as LinkClient, opens: [], closes: [], delays: [] };
      handle.client = new LinkClient({
        apiUrl,
        deviceKey: device.key,
        mode: 'simulated',
        supervisorVersion: '17.0.0',
        handler: () => {
          const ms = o.answerMs?.() ?? 0;
          return ms > 0 ? new Promise((done) => setTimeout(() => done({ status: 200, body: 'OK' }), ms)) : Promise.resolve({ status: 200, body: 'OK' });
        },
        onOpen: () => {
          handle.opens.push(Date.now());
          opened();
        },
        onClose: () => handle.closes.push(Date.now()),
        onStop: (reason) => console.error(`device ${device.uuid}: link stopped (${reason})`),
        ...(o.silenceMs ? { silenceMs: o.silenceMs } : {}),
        reconnectDelay: (attempt) => {
          const ms = reconnectDelayMs(attempt);
          handle.delays.push({ at: Date.now(), attempt, ms });
          return ms;
        },
      });
      linked.push(handle);
      handle.client.start();
      await Promise.race([first, new Promise((r) => setTimeout(r, Math.max(0, deadline - Date.now())).unref())]);
      if (Date.now() > deadline) throw new Error(`only ${linked.length} of ${devices.length} links opened in time`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(o.concurrency, devices.length) }, openOne));
  return linked;
}

/** Closes every link cleanly (the agent's stop: close frame, wait for the close). */
export async function stopLinks(linked: readonly LinkedDevice[], concurrency = 100): Promise<void> {
  for (let i = 0; i < linked.length; i += concurrency) await Promise.all(linked.slice(i, i + concurrency).map((l) => l.client.stop()));
}

/** Polls `read` until it returns `want` (or throws after `timeoutMs`). */
export async function waitForCount(read: () => Promise<number>, want: number, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // A server shedding load may refuse the count itself (503 busy): ask again.
    const n = await read().catch(() => -1);
    if (n === want) return;
    if (Date.now() > deadline) throw new Error(`${what}: ${n}, expected ${want} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
