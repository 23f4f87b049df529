import { LinkClient, type LinkStopReason } from './link-client.ts';
import { realShellFactory } from '../shell/real-shell.ts';
import { supervisorForwarder, supervisorVersion, type SupervisorForwarderOptions } from './supervisor-forwarder.ts';
import { withHostDiagnostics } from '../diagnostics/sidecar-diagnostics.ts';

/** The link alone, beside a real balena-supervisor (`flotilla-device link`). */

export interface SidecarOptions {
  apiUrl: string;
  deviceKey: string;
  supervisor: SupervisorForwarderOptions;
  /** Offer the web terminal as a real PTY on this machine (`--real-shell`); off = terminal sessions are refused. */
  realShell?: boolean;
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
    handler: withHostDiagnostics(supervisorForwarder(opts.supervisor), opts.apiUrl),
    ...(opts.realShell ? { shells: realShellFactory() } : {}),
    onOpen: () => opts.log?.('link: connected'),
    onStop: (reason) => end(reason),
    log: opts.log,
  });
  client.start();
  return { client, ended };
}
