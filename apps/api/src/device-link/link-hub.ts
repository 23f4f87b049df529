import type { LinkMethod } from '@flotilla/core/device-link';

/** A request for a device's supervisor API, as forwarded over its link. */
export interface LinkCall {
  method: LinkMethod;
  path: string;
  body?: unknown;
}

/** The supervisor's answer, passed through to the caller. */
export interface LinkReply {
  status: number;
  body: unknown;
}

/** A device link held by this process (link-connection.ts). */
export interface LocalLink {
  call(request: LinkCall): Promise<LinkReply>;
  /** Closes the link because another one of the same device took its place. */
  replace(): void;
}

/**
 * Where the device links live, seen from any API process: `attach` when a device links here,
 * `detach` when its link ends, `forward` to reach a device wherever its link is held. The
 * embedded default keeps them in memory (memory-link-hub.ts); with REDIS_URL the processes
 * reach each other's links through Redis (redis-link-hub.ts).
 */
export interface LinkHub {
  attach(uuid: string, link: LocalLink): Promise<void>;
  detach(uuid: string, link: LocalLink): Promise<void>;
  /** The device's reply, or null when no process holds a link of that device. */
  forward(uuid: string, request: LinkCall): Promise<LinkReply | null>;
  /** Which of these devices some process holds a link of (the sweep of stale link flags). */
  linkedAmong(uuids: readonly string[]): Promise<Set<string>>;
  /** The devices whose links this process holds (jobs/update-trigger.ts). */
  localLinks(): string[];
  close(): Promise<void>;
}
