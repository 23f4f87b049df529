import { pipeline, type Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, createInflate } from 'node:zlib';
import { deviceLogLine, type DeviceLogLine } from '@flotilla/core/schemas/device-protocol';
import { AppError, badRequest } from '../lib/errors.ts';

/**
 * Reads the supervisor's long-lived log upload (compat §5.5 `POST /device/v2/:uuid/log-stream`):
 * a gzip (or plain) NDJSON body that stays open while logs flow. Lines are parsed as they
 * arrive and handed to `store` in batches — when `batchSize` lines are waiting, or `flushMs`
 * after the first of them — so they are durable (and live for readers) within moments, not
 * when the upload ends. One batch is stored at a time; while it is, no more is read (TCP
 * pushes back on the device), whether the batch went because it was full or because its time
 * was up: a store that waits (the device's line rate, a slow database) holds the reading, so
 * what an upload keeps in memory is one batch being stored and at most one more being filled. Resolves once every line of the body is stored; rejects if a
 * store failed (the device must not take its lines as acknowledged) or the body was broken.
 * Junk lines (not JSON, not a log object) are skipped, as the batch route skips them.
 */
export interface LogStreamIngestOptions {
  store: (lines: DeviceLogLine[]) => Promise<void>;
  batchSize?: number;
  flushMs?: number;
  /** A line longer than this (before parsing) is dropped whole: a device cannot make us buffer without bound. */
  maxLineBytes?: number;
  /**
   * Awaited after each chunk with the work it held that `store` is not given: blank and junk
   * lines, and every `maxLineBytes` of an over-long line being dropped. A gzip body inflates
   * about a thousandfold, and a rate charged only for stored lines let a few KiB of compressed
   * newlines cost the server seconds of CPU; the route charges this to the device's line rate too.
   */
  pace?: (work: number) => Promise<void>;
}

export interface LogStreamIngestResult {
  stored: number;
  skipped: number;
}

const DEFAULTS = { batchSize: 1000, flushMs: 50, maxLineBytes: 64 * 1024 };

/**
 * The body as it came off the wire, inflated when Content-Encoding says so. Joined with
 * `pipeline`, not `pipe`: a request cut (the client gone, the server closing) ends its inflater
 * too, with an error, so the upload's reading ends instead of waiting for bytes for ever.
 */
export function decodedBody(raw: Readable, contentEncoding: string | undefined): Readable {
  const encoding = (contentEncoding ?? 'identity').trim().toLowerCase();
  const ignore = () => {};
  if (encoding === 'gzip' || encoding === 'x-gzip') return pipeline(raw, createGunzip(), ignore);
  if (encoding === 'deflate') return pipeline(raw, createInflate(), ignore);
  if (encoding === 'identity' || encoding === '') return raw;
  throw new AppError(415, `Unsupported Content-Encoding: ${encoding}`);
}

export async function ingestLogStream(body: Readable, options: LogStreamIngestOptions): Promise<LogStreamIngestResult> {
  const { batchSize, flushMs, maxLineBytes } = { ...DEFAULTS, ...options };
  const decoder = new StringDecoder('utf8');
  let partial = '';
  let isDroppingLine = false;
  let pending: DeviceLogLine[] = [];
  let timer: NodeJS.Timeout | undefined;
  let storing: Promise<void> = Promise.resolve();
  let batchesInFlight = 0;
  let failure: unknown;
  // Work not handed to `store` since the last pace (see `pace`), and characters dropped towards the next unit of it.
  let unpaced = 0;
  let droppedChars = 0;
  const result: LogStreamIngestResult = { stored: 0, skipped: 0 };

  const flush = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    if (pending.length > 0 && failure === undefined) {
      const batch = pending;
      pending = [];
      batchesInFlight += 1;
      storing = storing.then(async () => {
        if (failure !== undefined) return;
        try {
          await options.store(batch);
          result.stored += batch.length;
        } catch (err) {
          failure = err;
        } finally {
          batchesInFlight -= 1;
        }
      });
    }
    return storing;
  };

  const take = (text: string) => {
    const trimmed = text.trim();
    if (trimmed === '') {
      unpaced += 1;
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      result.skipped += 1;
      unpaced += 1;
      return;
    }
    const parsed = deviceLogLine.safeParse(value);
    if (!parsed.success) {
      result.skipped += 1;
      unpaced += 1;
      return;
    }
    pending.push(parsed.data);
  };

  const readAll = async () => {
    for await (const chunk of body) {
      const text = decoder.write(chunk as Buffer);
      let from = 0;
      for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', from)) {
        const piece = text.slice(from, nl);
        from = nl + 1;
        if (isDroppingLine) {
          isDroppingLine = false;
          partial = '';
          droppedChars = 0;
          result.skipped += 1;
          unpaced += 1;
          continue;
        }
        take(partial + piece);
        partial = '';
        // A big chunk (gzip inflates 16 KiB at a time) is stored in batchSize pieces.
        if (pending.length >= batchSize) {
          await flush();
          if (failure !== undefined) break;
        }
      }
      if (!isDroppingLine) partial += text.slice(from);
      else {
        droppedChars += text.length - from;
        unpaced += Math.floor(droppedChars / maxLineBytes);
        droppedChars %= maxLineBytes;
      }
      if (partial.length > maxLineBytes) {
        isDroppingLine = true;
        partial = '';
        unpaced += 1;
      }
      if (failure !== undefined) break;
      if (unpaced > 0 && options.pace) {
        const work = unpaced;
        unpaced = 0;
        await options.pace(work);
      }
      if (pending.length > 0 && timer === undefined) timer = setTimeout(() => void flush(), flushMs);
      // A batch still being stored (sent by its timer while this chunk was awaited): read on only once it is.
      if (batchesInFlight > 0) await storing;
      if (failure !== undefined) break;
    }
    if (!isDroppingLine) take(partial + decoder.end());
  };

  let readError: unknown;
  try {
    await readAll();
  } catch (err) {
    readError = err;
  }
  // What arrived before a broken or aborted body is still stored.
  await flush();
  if (failure !== undefined) throw failure;
  if (readError !== undefined) {
    const code = (readError as { code?: string }).code;
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') throw badRequest('The log stream is not valid gzip');
    throw readError;
  }
  return result;
}
