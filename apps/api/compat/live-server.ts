import type { AddressInfo } from 'node:net';
import { createTestApp, type TestContext } from '../src/test/harness.ts';

/** A real server on an ephemeral port, for clients that speak HTTP (balena-sdk, the device agent). */
export async function startLiveServer(): Promise<TestContext & { url: string }> {
  const ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  return { ...ctx, url: `http://127.0.0.1:${port}` };
}
