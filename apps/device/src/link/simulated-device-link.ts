import type { SimulatedDevice } from '../device.ts';
import { LinkClient, type LinkClientOptions } from './link-client.ts';
import { simulatedSupervisor } from './simulated-supervisor.ts';
import { simulatedShellFactory } from '../shell/simulated-targets.ts';

/**
 * Keeps a simulated device's link in step with the device: open while it is registered and
 * powered on, closed while it reboots or is shut down. The simulator calls sync() after every
 * round of the device.
 */

export interface SimulatedDeviceLinkOptions {
  apiUrl: string;
  /** How long a reboot requested over the link keeps the device offline. */
  rebootMs: number;
  /**
   * After the API refused the key or said the device is gone, try again this much later (the
   * device may have registered again meanwhile). A link replaced by another agent comes back by
   * itself after a long back-off (LinkClient).
   */
  refusedRetryMs?: number;
  log?: (message: string) => void;
  /** Timings of the client (tests shorten them). */
  client?: Pick<LinkClientOptions, 'silenceMs' | 'stableMs' | 'reconnectDelay' | 'replacedDelay' | 'replacedQuietMs'>;
  now?: () => number;
}

const DEFAULT_REFUSED_RETRY_MS = 5 * 60_000;

export class SimulatedDeviceLink {
  private client: LinkClient | null = null;
  private blockedUntil = 0;
  private readonly now: () => number;
  /** Closing clients, awaited by stop(). */
  private readonly closing = new Set<Promise<void>>();

  constructor(
    private readonly device: SimulatedDevice,
    private readonly opts: SimulatedDeviceLinkOptions,
  ) {
    this.now = opts.now ?? Date.now;
  }

  get isOpen(): boolean {
    return this.client?.isOpen ?? false;
  }

  sync(): void {
    const wanted = this.device.isProvisioned && !this.device.isHeldBack && this.device.isPoweredOn && this.now() >= this.blockedUntil;
    if (wanted && !this.client) this.open();
    else if (!wanted && this.client) this.close();
  }

  async stop(): Promise<void> {
    this.blockedUntil = Infinity;
    this.close();
    await Promise.allSettled([...this.closing]);
  }

  private open(): void {
    const { device } = this;
    const client = new LinkClient({
      ...this.opts.client,
      apiUrl: this.opts.apiUrl,
      deviceKey: device.identity.apiKey,
      mode: 'simulated',
      supervisorVersion: this.device.profile.supervisorVersion,
      handler: simulatedSupervisor(device, { rebootMs: this.opts.rebootMs }),
      // The web terminal of a simulated device is a simulated shell, never this machine's.
      shells: simulatedShellFactory(device),
      // Refused or gone: the device may register again meanwhile, so try again later.
      onStop: () => this.handleStop(client),
      log: this.opts.log && ((m) => this.opts.log?.(`${device.uuid.slice(0, 7)}: ${m}`)),
    });
    this.client = client;
    client.start();
  }

  private handleStop(client: LinkClient): void {
    if (this.client !== client) return;
    this.client = null;
    this.blockedUntil = this.now() + (this.opts.refusedRetryMs ?? DEFAULT_REFUSED_RETRY_MS);
  }

  private close(): void {
    const client = this.client;
    if (!client) return;
    this.client = null;
    const done = client.stop();
    this.closing.add(done);
    void done.finally(() => this.closing.delete(done));
  }
}
