import type { LinkHandler } from '../link/link-client.ts';
import { DiagnosticsRunner } from './diagnostics-runner.ts';
import type { DiagnosticsSnapshot } from './device-snapshot.ts';
import { hostSnapshot } from './host-snapshot.ts';

/**
 * Beside a real balena-supervisor (sidecar mode): the diagnostics paths are answered here, from
 * the host the sidecar runs on (a real supervisor has no such endpoints; balena runs its scripts
 * over the VPN instead), and every other request goes to the supervisor unchanged. The
 * supervisor's own state (`/v1/device`, `/v2/state/status`) is read from it, through `forward`.
 */
export function withHostDiagnostics(forward: LinkHandler, apiUrl: string): LinkHandler {
  const readSupervisor = async () => {
    const [version, state] = await Promise.all([
      forward({ type: 'request', id: 'diagnostics-version', method: 'GET', path: '/v2/version' }),
      forward({ type: 'request', id: 'diagnostics-state', method: 'GET', path: '/v2/state/status' }),
    ]);
    if (version.status !== 200) return null;
    const v = (version.body as { version?: unknown } | null)?.version;
    const containers = ((state.body as { containers?: unknown } | null)?.containers ?? []) as Array<{ serviceName?: unknown; status?: unknown }>;
    const services: DiagnosticsSnapshot['services'] = Array.isArray(containers)
      ? containers.map((c) => ({ name: String(c.serviceName ?? '?'), status: String(c.status ?? 'unknown'), restarts: 0 }))
      : [];
    return { version: typeof v === 'string' ? v : null, services };
  };
  const pingApi = async () => (await fetch(new URL('/ping', apiUrl), { signal: AbortSignal.timeout(5_000) })).ok;
  const runner = new DiagnosticsRunner({ snapshot: () => hostSnapshot({ readSupervisor, pingApi }) });
  return async (request) => runner.answer(request) ?? forward(request);
}
