import { afterEach, describe, expect, it } from 'vitest';
import { deviceToApiTerminal, parseLinkFrame, type DeviceToApiTerminal } from '@flotilla/core/device-link';
import { LinkClient } from './link-client.ts';
import { FakeLinkApi, type FakeLink } from './testing/fake-link-api.ts';
import type { ShellFactory } from '../shell/shell-session.ts';
import { SimulatedShell } from '../shell/simulated-shell.ts';
import { seedFileSystem } from '../shell/virtual-fs.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const simulated: ShellFactory = (target, _size, io) => {
  if (target.kind === 'service' && target.serviceName !== 'main') throw new Error('not running');
  return new SimulatedShell(
    { fs: seedFileSystem({ uuid: 'u1', hostname: 'u1', osVersion: 'balenaOS 6.0.0' }), promptName: 'root@u1', cwd: '/', env: {}, uname: 'Linux u1', processes: [] },
    io,
  );
};

async function linked(shells?: ShellFactory): Promise<{ link: FakeLink; frames: DeviceToApiTerminal[] }> {
  const api = await FakeLinkApi.start();
  cleanups.push(() => api.close());
  const client = new LinkClient({ apiUrl: api.url, deviceKey: 'k', mode: 'simulated', handler: async () => ({ status: 200, body: 'OK' }), reconnectDelay: () => 5, ...(shells ? { shells } : {}) });
  cleanups.push(() => client.stop());
  client.start();
  const link = await api.nextLink();
  await link.hello;
  const frames: DeviceToApiTerminal[] = [];
  link.ws.on('message', (data) => {
    const frame = parseLinkFrame(deviceToApiTerminal, String(data));
    if (frame) frames.push(frame);
  });
  return { link, frames };
}

const text = (frames: DeviceToApiTerminal[], session: string) =>
  frames.map((f) => (f.type === 'terminal-output' && f.session === session ? f.data : '')).join('');

describe('terminal sessions over the device link', () => {
  it('opens a shell, answers typed commands and ends the session with its exit code', async () => {
    const { link, frames } = await linked(simulated);
    link.sendRaw(JSON.stringify({ type: 'terminal-open', session: 's1', target: { kind: 'host' }, size: { cols: 80, rows: 24 } }));
    await expect.poll(() => frames[0]).toEqual({ type: 'terminal-opened', session: 's1' });
    await expect.poll(() => text(frames, 's1')).toContain('root@u1:/# ');
    link.sendRaw(JSON.stringify({ type: 'terminal-resize', session: 's1', size: { cols: 120, rows: 40 } }));
    link.sendRaw(JSON.stringify({ type: 'terminal-input', session: 's1', data: 'cat /etc/hostname\r' }));
    await expect.poll(() => text(frames, 's1')).toContain('u1\r\n');
    link.sendRaw(JSON.stringify({ type: 'terminal-input', session: 's1', data: 'exit 2\r' }));
    await expect.poll(() => frames.at(-1)).toEqual({ type: 'terminal-exit', session: 's1', code: 2 });
  });

  it('refuses a target the device cannot open, and input for a session it never opened', async () => {
    const { link, frames } = await linked(simulated);
    link.sendRaw(JSON.stringify({ type: 'terminal-open', session: 's2', target: { kind: 'service', serviceName: 'other' }, size: { cols: 80, rows: 24 } }));
    await expect.poll(() => frames).toEqual([{ type: 'terminal-exit', session: 's2', code: null }]);
    link.sendRaw(JSON.stringify({ type: 'terminal-input', session: 'nobody', data: 'echo x\r' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(frames).toHaveLength(1);
  });

  it('refuses every session when the agent offers no shell (a sidecar without --real-shell)', async () => {
    const { link, frames } = await linked();
    link.sendRaw(JSON.stringify({ type: 'terminal-open', session: 's3', target: { kind: 'host' }, size: { cols: 80, rows: 24 } }));
    await expect.poll(() => frames).toEqual([{ type: 'terminal-exit', session: 's3', code: null }]);
  });
});
