/**
 * Polls `read` every 50 ms until `ok` holds and returns that value; after `timeoutMs` throws,
 * naming `what` and the last value read. For tests that wait on a device agent running beside
 * the server.
 */
export async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (!ok(last)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 50));
    last = await read();
  }
  return last;
}
