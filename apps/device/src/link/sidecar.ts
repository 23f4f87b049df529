import { LinkClient, type LinkStopReason } from './link-client.ts';
import { supervisorForwarder, supervisorVersion, type SupervisorForwarderOptions } from './supervisor-forwarder.ts';

/** The link alone, beside a real balena-supervisor (`flotilla-device link`). */

export interface SidecarOptions {
  apiUrl: string;
  deviceKey: string;
  supervisor: SupervisorForwarderOptions;
  log?: (message: string) => void;
}

export interface SidecarLink {
  client: LinkClient;
  /** Resolves when the API ends the link for good. */
  ended: Promise<LinkStopReason>;
}

export async function startSidecarLink(opts: SidecarOptions): Promise<SidecarLink> {
  const version = await supervisorVersion(opts.supervisor);
  if (!version) opts.log?.(`supervisor at ${opts.supervisor.address} did not tell its version; linking anyway`);
  let end: (reason: LinkStopReason) => void = () => {};
  const ended = new Promise<LinkStopReason>((resolve) => {
    end = resolve;
  });
  const client = new LinkClient({
    apiUrl: opts.apiUrl,
    deviceKey: opts.deviceKey,
    mode: 'supervisor',
    supervisorVersion: version,
    handler: supervisorForwarder(opts.supervisor),
    onOpen: () => opts.log?.('link: connected'),
    onStop: (reason) => end(reason),
    log: opts.log,
  });
  client.start();
  return { client, ended };
}
