import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { EventBus } from '../live/event-bus.ts';
import { parseBusBatch, type BusLogLine } from './device-logs.live.ts';

/**
 * A never-ending NDJSON answer (compat §4 `?stream=1`): the history burst, then live lines
 * from the event bus as they are stored, and a bare newline every `keepAliveMs` so proxies
 * and clients keep a quiet stream open. It ends when the client goes away, or when the reader
 * may no longer read it (`stillAllowed`, asked at each keep-alive).
 *
 * The topic is subscribed before the history is read, so a line stored in between is heard
 * (and held until the history is out); lines the history already carried are dropped by id.
 */
export interface LogStreamOptions {
  bus: EventBus;
  topic: string;
  /** Reads the history burst (oldest first). */
  history: () => Promise<BusLogLine[]>;
  /** Which live lines this reader may see and wants (filters, permissions). */
  accept: (line: BusLogLine) => boolean | Promise<boolean>;
  /** The JSON object written for a line. */
  shape: (line: BusLogLine) => object;
  keepAliveMs: number;
  /**
   * Asked at each keep-alive: whether the reader may still read this stream (its credential,
   * its access to the device or fleet). The stream ends when it may not, or the check fails.
   */
  stillAllowed?: () => Promise<boolean>;
  /** A reader this far behind (bytes buffered, unread) is cut off; it reconnects with count=0. */
  maxBufferedBytes?: number;
}

const DEFAULT_MAX_BUFFERED = 4 * 1024 * 1024;

export async function sendLogStream(reply: FastifyReply, o: LogStreamOptions): Promise<void> {
  const held: BusLogLine[] = [];
  let isLive = false;
  let lastHistoryId = 0;
  let closed = false;
  const raw = reply.raw;
  // Live lines are checked (accept may query) in arrival order: one chain per reader.
  let chain: Promise<void> = Promise.resolve();
  // The history burst may be large (count=all) and is written at once: only live lines piling
  // up unread beyond it cut the reader off.
  let allowance = o.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED;
  const writeLines = (lines: BusLogLine[], isLiveWrite: boolean) => {
    if (closed || lines.length === 0) return;
    const text = lines.map((l) => `${JSON.stringify(o.shape(l))}\n`).join('');
    raw.write(text);
    if (!isLiveWrite) allowance += Buffer.byteLength(text);
    else if (raw.writableLength > allowance) raw.destroy();
  };
  const deliver = (lines: BusLogLine[]) => {
    chain = chain.then(async () => {
      const out: BusLogLine[] = [];
      for (const l of lines) if (l.id > lastHistoryId && (await o.accept(l))) out.push(l);
      writeLines(out, true);
    }).catch((err: unknown) => {
      reply.log.error({ err }, 'log stream delivery failed');
      raw.destroy();
    });
  };
  // Set once the stream is live; cleared when the reader goes away.
  let keepAlive: NodeJS.Timeout | undefined = undefined;
  const unsubscribeOnce = await o.bus.subscribe(o.topic, (payload) => {
    const lines = parseBusBatch(payload);
    if (isLive) deliver(lines);
    else held.push(...lines);
  });
  let isUnsubscribed = false;
  const unsubscribe = async () => {
    if (isUnsubscribed) return;
    isUnsubscribed = true;
    await unsubscribeOnce();
  };
  // Attached before anything is awaited again: a reader gone during the history read is cleaned up too.
  raw.once('close', () => {
    closed = true;
    clearInterval(keepAlive);
    unsubscribe().catch((err: unknown) => reply.log.warn({ err }, 'log stream unsubscribe failed'));
  });
  let history: BusLogLine[];
  try {
    history = await o.history();
  } catch (err) {
    closed = true;
    await unsubscribe();
    throw err;
  }
  if (closed) {
    void reply.hijack();
    return;
  }

  // From here on the reply is ours: headers as Fastify's hooks set them (CORS, request id), no compression.
  void reply.hijack();
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined && name !== 'content-length') headers[name] = value;
  raw.writeHead(200, { ...headers, 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
  raw.flushHeaders();
  writeLines(history, false);
  lastHistoryId = history.reduce((max, l) => Math.max(max, l.id), 0);
  isLive = true;
  deliver(held.splice(0));

  keepAlive = setInterval(() => {
    if (closed) return;
    raw.write('\n');
    o.stillAllowed?.().then(
      (isAllowed) => {
        if (!isAllowed) raw.end();
      },
      () => raw.end(),
    );
  }, o.keepAliveMs);
}
