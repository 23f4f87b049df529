import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogLine } from './log-line.ts';
import { openLogStream, type LogStreamHandle, type LogStreamStatus } from './log-stream.ts';

/**
 * The stream controller against a real HTTP server (fleets spec §4 "Device log stream", §8): the
 * first opening asks for 100 lines and a reopening for 0; an ended stream reopens after 1 s; a
 * refusal is final; a 503 waits 10 s.
 */

let server: Server | undefined;
let handle: LogStreamHandle | undefined;

afterEach(async () => {
  handle?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serve(answer: (count: string | null, call: number, res: import('node:http').ServerResponse) => void): Promise<string> {
  let call = 0;
  server = createServer((req, res) => {
    call += 1;
    answer(new URL(req.url ?? '/', 'http://x').searchParams.get('count'), call, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/device/v2/abc/logs?stream=1`;
}

function watch(url: string) {
  const lines: LogLine[] = [];
  const statuses: LogStreamStatus[] = [];
  handle = openLogStream({ path: (count) => `${url}&count=${count}`, onLines: (batch) => lines.push(...batch), onStatus: (s) => statuses.push(s) });
  return { lines, statuses };
}

/** A line as the API's stream sends it (deviceLogLineOut). */
const line = (fields: { message: string; timestamp: number; isSystem?: boolean; isStdErr?: boolean; serviceId?: number }) =>
  JSON.stringify({ createdAt: fields.timestamp + 5, isSystem: false, isStdErr: false, ...fields });

const until = async (check: () => boolean, ms = 5000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('openLogStream', () => {
  it('asks for 100 lines, reads NDJSON with keep-alives, and reopens 1 s after the end asking for 0', async () => {
    const counts: Array<string | null> = [];
    const opened: number[] = [];
    const url = await serve((count, call, res) => {
      counts.push(count);
      opened.push(Date.now());
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      if (call === 1) {
        res.write(`${line({ message: 'one', timestamp: 1000, isSystem: true })}\n\n`);
        // Not JSON, and JSON that is not a log line: both skipped.
        res.end(`${line({ message: 'two', timestamp: 2000, serviceId: 7, isStdErr: true })}\nnot json\n{"message":3}\n`);
      } else {
        res.write(`${line({ message: 'after', timestamp: 3000 })}\n`);
      }
    });
    const { lines, statuses } = watch(url);
    await until(() => lines.length === 3);
    expect(counts).toEqual(['100', '0']);
    expect(opened[1]! - opened[0]!).toBeGreaterThanOrEqual(900);
    expect(lines.map((l) => [l.message, l.isSystem, l.isStdErr, l.serviceId])).toEqual([
      ['one', true, false, null],
      ['two', false, true, 7],
      ['after', false, false, null],
    ]);
    expect(statuses.map((s) => s.kind)).toEqual(['connecting', 'live', 'retrying', 'connecting', 'live']);
  });

  it('stops on a refusal with the server\'s message', async () => {
    let calls = 0;
    const url = await serve((_count, _call, res) => {
      calls += 1;
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Device not found' }));
    });
    const { statuses } = watch(url);
    await until(() => statuses.at(-1)?.kind === 'failed');
    expect(statuses.at(-1)).toEqual({ kind: 'failed', status: 404, message: 'Device not found' });
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(calls).toBe(1);
  });

  it('waits 10 s after a 503, and Retry reopens at once (still asking for 100: it never opened)', async () => {
    const counts: Array<string | null> = [];
    const url = await serve((count, call, res) => {
      counts.push(count);
      if (call === 1) {
        res.writeHead(503);
        res.end('busy');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.write(`${line({ message: 'back', timestamp: 1 })}\n`);
    });
    const { lines, statuses } = watch(url);
    await until(() => statuses.at(-1)?.kind === 'retrying');
    expect(statuses.at(-1)).toMatchObject({ kind: 'retrying', retryInMs: 10_000, message: 'busy' });
    handle!.retryNow();
    await until(() => lines.length === 1);
    expect(counts).toEqual(['100', '100']);
  });
});
