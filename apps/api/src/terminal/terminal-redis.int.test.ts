import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMINAL_CLOSE } from '@flotilla/core/terminal-protocol';
import type { TestContext } from '../test/harness.ts';
import { startTwoProcesses, type TwoProcesses } from '../test/two-processes.ts';
import { createFleetWithProvisioningKey } from '../devices/device-test-factories.ts';
import { linkedTestDevice, openTerminal, sessionUser, type TerminalClient, type TestAgent } from './terminal-test-support.ts';

/**
 * Two API processes on one database and one Redis (DESIGN.md "Live data and scale-out"): the
 * device links to the first, the browser's terminal socket is held by the second; the terminal
 * traffic crosses through the event bus both ways. Runs where REDIS_URL names a Redis.
 */
const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('a terminal across API processes (Redis)', () => {
  let processes: TwoProcesses;
  let first: TestContext;
  let firstUrl: string;
  let secondUrl: string;
  const agents: TestAgent[] = [];
  const clients: TerminalClient[] = [];

  beforeAll(async () => {
    processes = await startTwoProcesses(redisUrl!);
    ({ first, firstUrl, secondUrl } = processes);
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    await Promise.all(agents.map((a) => a.client.stop()));
    await processes?.close();
  });

  it('runs a command typed into the second process on the device linked to the first, and resizes', async () => {
    const fleet = await createFleetWithProvisioningKey(first.database.db);
    const { device, agent } = await linkedTestDevice(first.app, firstUrl, fleet);
    agents.push(agent!);
    const { token } = await sessionUser(first.app, fleet, 'operator');
    const client = await openTerminal(secondUrl, device.uuid, { token, target: { kind: 'service', serviceName: 'main' } });
    clients.push(client);
    await expect.poll(() => client.text()).toContain('root@main:/# ');
    client.type('echo across processes\r');
    await expect.poll(() => client.text()).toContain('across processes\r\n');
    client.resize({ cols: 90, rows: 33 });
    await expect.poll(() => agent!.sizes.at(-1)).toEqual({ cols: 90, rows: 33 });
    // The device's link ends on the first process: the browser on the second hears it.
    await agent!.client.stop();
    expect(await client.closed).toMatchObject({ code: TERMINAL_CLOSE.ended });
    expect(client.messages.at(-1)).toEqual({ type: 'ssh-disconnect', code: null });
  });
});
