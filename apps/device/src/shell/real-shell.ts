import type { TerminalTarget } from '@flotilla/core/terminal';
import type { ShellFactory, ShellSession } from './shell-session.ts';

/**
 * A real PTY on the machine the agent runs on (`flotilla-device link --real-shell`, the sidecar
 * beside a real balena-supervisor), through @lydell/node-pty's prebuilt binary (DESIGN.md "Checked
 * on this machine kind"). Never used unless asked for: the simulator's devices run on the server's
 * machine and get the simulated shell. The host OS target is a login shell; a service target
 * runs a shell in its container through the engine (`balena-engine exec`, `docker` elsewhere),
 * the container found by the supervisor's naming `<service>_<imageId>_<releaseId>…`.
 */

export interface RealShellOptions {
  /** The host's shell (default $SHELL, else /bin/sh). */
  shell?: string;
  /** The container engine's command (default balena-engine). */
  engine?: string;
}

/** The command a target runs in the PTY. Service names are validated by core's schema (letters, digits, `_.-`). */
export function realShellCommand(target: TerminalTarget, opts: RealShellOptions = {}): { file: string; args: string[] } {
  if (target.kind === 'host') return { file: opts.shell ?? process.env.SHELL ?? '/bin/sh', args: ['-l'] };
  const engine = opts.engine ?? 'balena-engine';
  const find = `${engine} ps -q --filter name=^/?${target.serviceName}_ | head -n1`;
  const script = `id=$(${find}); [ -n "$id" ] || { echo "no running container for ${target.serviceName}"; exit 1; }; exec ${engine} exec -it "$id" sh -c 'command -v bash >/dev/null && exec bash || exec sh'`;
  return { file: '/bin/sh', args: ['-c', script] };
}

export function realShellFactory(opts: RealShellOptions = {}): ShellFactory {
  return async (target, size, io): Promise<ShellSession> => {
    // Loaded only here: the simulator never needs the native module.
    const pty = await import('@lydell/node-pty');
    const { file, args } = realShellCommand(target, opts);
    const term = pty.spawn(file, args, { name: 'xterm-256color', cols: size.cols, rows: size.rows, cwd: process.env.HOME ?? '/', env: process.env as Record<string, string> });
    let isClosed = false;
    term.onData((data) => {
      if (!isClosed) io.output(data);
    });
    term.onExit(({ exitCode }) => {
      if (!isClosed) io.exit(exitCode);
    });
    return {
      input: (data) => term.write(data),
      resize: (s) => term.resize(s.cols, s.rows),
      close: () => {
        isClosed = true;
        term.kill();
      },
    };
  };
}
