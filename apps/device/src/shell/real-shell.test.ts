import { describe, expect, it } from 'vitest';
import { realShellCommand, realShellFactory } from './real-shell.ts';

describe('the real shell (sidecar --real-shell)', () => {
  it('runs the host target as a login shell and a service through the engine, found by the supervisor naming', () => {
    expect(realShellCommand({ kind: 'host' }, { shell: '/bin/bash' })).toEqual({ file: '/bin/bash', args: ['-l'] });
    const service = realShellCommand({ kind: 'service', serviceName: 'main' }, { engine: 'docker' });
    expect(service.file).toBe('/bin/sh');
    expect(service.args[1]).toContain('docker ps -q --filter name=^/?main_');
    expect(service.args[1]).toContain('exec docker exec -it "$id"');
  });

  it('runs a real PTY through @lydell/node-pty: typed input, output, size and exit code', async () => {
    let out = '';
    let exited: number | null | undefined;
    const shell = await realShellFactory({ shell: '/bin/sh' })({ kind: 'host' }, { cols: 100, rows: 30 }, { output: (d) => (out += d), exit: (c) => (exited = c) });
    shell.resize({ cols: 120, rows: 40 });
    shell.input('stty size; echo pty-$((20+22)); exit 3\r');
    await expect.poll(() => exited, { timeout: 10_000 }).toBe(3);
    expect(out).toContain('40 120');
    expect(out).toContain('pty-42');
  });
});
