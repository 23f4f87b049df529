import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { DeviceLogLine } from '@flotilla/core/schemas/device-protocol';
import { decodedBody, ingestLogStream } from './log-stream-ingest.ts';

/** Feeds `chunks` as a body arriving in pieces; returns the batches `store` was given. */
async function ingest(chunks: Array<string | Buffer>, options: { batchSize?: number; maxLineBytes?: number; failAt?: number } = {}) {
  const batches: DeviceLogLine[][] = [];
  const result = await ingestLogStream(Readable.from(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c))), {
    batchSize: options.batchSize,
    maxLineBytes: options.maxLineBytes,
    store: async (lines) => {
      if (options.failAt !== undefined && batches.length === options.failAt) throw new Error('database down');
      batches.push(lines);
    },
  });
  return { batches, result, messages: batches.flat().map((l) => l.message) };
}

describe('ingestLogStream', () => {
  it('joins lines split across chunks, including a multi-byte character cut in half', async () => {
    const text = '{"message":"héllo wörld","timestamp":1}\n{"message":"two"}\n';
    const bytes = Buffer.from(text);
    const cut = bytes.indexOf(Buffer.from('é')) + 1; // inside the two bytes of é
    const { messages, result } = await ingest([bytes.subarray(0, cut), bytes.subarray(cut, 30), bytes.subarray(30)]);
    expect(messages).toEqual(['héllo wörld', 'two']);
    expect(result).toEqual({ stored: 2, skipped: 0 });
  });

  it('skips junk and over-long lines, keeps the ones around them, and reads a last line without newline', async () => {
    const long = `{"message":"${'x'.repeat(200)}"}`;
    const { messages, result } = await ingest(['not json\n', '{"nomessage":1}\n', long.slice(0, 120), long.slice(120) + '\n', '{"message":"ok"}\n\n', '{"message":"last"}'], { maxLineBytes: 100 });
    expect(messages).toEqual(['ok', 'last']);
    expect(result).toEqual({ stored: 2, skipped: 3 });
  });

  it('paces the work store is not given: blank and junk lines, and each maxLineBytes of a line being dropped', async () => {
    const paced: number[] = [];
    const result = await ingestLogStream(Readable.from(['\n\n\n', 'junk\n{"message":"ok"}\n', 'x'.repeat(150), 'x'.repeat(500), '\n'].map((c) => Buffer.from(c))), {
      maxLineBytes: 100,
      store: async () => {},
      pace: async (work) => {
        paced.push(work);
      },
    });
    expect(result).toEqual({ stored: 1, skipped: 2 });
    // 3 blank lines; 1 junk line; the line over 100 characters starts being dropped (1), 500 more
    // dropped characters (5), and the newline that ends it (1).
    expect(paced).toEqual([3, 1, 1, 5, 1]);
  });

  it('reads no further while a batch its timer sent is being stored, so a slow store holds the upload back', async () => {
    let pulled = 0;
    let release = () => {};
    const blocked = new Promise<void>((resolve) => (release = resolve));
    async function* trickle() {
      for (let i = 0; i < 20; i++) {
        pulled += 1;
        yield Buffer.from(`{"message":"m${i}"}\n`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    const stored: string[] = [];
    const done = ingestLogStream(Readable.from(trickle(), { highWaterMark: 1 }), {
      flushMs: 1,
      store: async (lines) => {
        await blocked;
        stored.push(...lines.map((l) => l.message));
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Without the hold every chunk would have been read (and kept) by now.
    expect(pulled).toBeLessThanOrEqual(4);
    release();
    await expect(done).resolves.toEqual({ stored: 20, skipped: 0 });
    expect(stored).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`));
  });

  it('stores in batches of at most batchSize', async () => {
    const body = Array.from({ length: 25 }, (_, i) => `{"message":"m${i}"}\n`).join('');
    const { batches } = await ingest([body], { batchSize: 10 });
    expect(batches.map((b) => b.length)).toEqual([10, 10, 5]);
  });

  it('rejects when storing fails, so the device is not told its lines are stored', async () => {
    const body = Array.from({ length: 25 }, (_, i) => `{"message":"m${i}"}\n`).join('');
    await expect(ingest([body], { batchSize: 10, failAt: 1 })).rejects.toThrow('database down');
  });

  it('inflates gzip and refuses an unknown encoding', async () => {
    const gz = gzipSync('{"message":"zipped"}\n');
    const lines: string[] = [];
    await ingestLogStream(decodedBody(Readable.from([gz]), 'gzip'), { store: async (b) => void lines.push(...b.map((l) => l.message)) });
    expect(lines).toEqual(['zipped']);
    expect(() => decodedBody(Readable.from([]), 'br')).toThrow('Unsupported Content-Encoding');
  });
});
