import { logRetryDelay, logStreamCount, type LogStreamFailure } from '@flotilla/core/device-log-client';
import { connectivity } from '../../lib/connectivity.ts';
import { apiHeaders } from '../../lib/early-requests.ts';
import { errorMessageFromBody } from '../../lib/http.ts';
import { getToken, logout } from '../../lib/session.ts';
import { parseLogLine, type LogLine } from './log-line.ts';
import { ndjsonBatches } from './ndjson.ts';

/** Where a stream is: opening, receiving, waiting to reopen after a failure, or given up. */
export type LogStreamStatus =
  | { kind: 'connecting' }
  | { kind: 'live' }
  | { kind: 'retrying'; failure: LogStreamFailure; message: string; retryInMs: number }
  | { kind: 'failed'; status: number; message: string };

export interface LogStreamOptions {
  /** The stream's path for a history `count` (`/device/v2/<uuid>/logs?stream=1&count=<n>`). */
  path: (count: number) => string;
  onLines: (lines: LogLine[]) => void;
  onStatus: (status: LogStreamStatus) => void;
}

export interface LogStreamHandle {
  /** Reopens now (the Retry button), without waiting for the scheduled retry. */
  retryNow(): void;
  close(): void;
}

function bodyMessage(text: string, fallback: string): string {
  try {
    return errorMessageFromBody(JSON.parse(text) as unknown, fallback);
  } catch {
    return errorMessageFromBody(text, fallback);
  }
}

/**
 * Opens a log stream with fetch (EventSource cannot send the session's bearer token) and keeps
 * it open (fleets spec §4 "Device log stream", §8): after an error or an end it reopens after
 * 1 s, or 10 s for a 503 or a network failure (core `logRetryDelay`); a refusal (403, 404) is
 * final. The first opening asks for 100 history lines; once a stream has been open, reopening
 * asks for 0, as the lines already shown stay. A 401 ends the session, as every API call does.
 */
export function openLogStream({ path, onLines, onStatus }: LogStreamOptions): LogStreamHandle {
  let isClosed = false;
  let hasOpened = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    clearTimeout(timer);
    controller?.abort();
    const own = new AbortController();
    controller = own;
    onStatus({ kind: 'connecting' });
    let failure: LogStreamFailure;
    let message = '';
    const token = getToken();
    try {
      const response = await fetch(path(logStreamCount(hasOpened)), { headers: apiHeaders(token, false), signal: own.signal, cache: 'no-store' });
      connectivity.reportAnswer();
      if (!response.ok || !response.body) {
        const text = await response.text().catch(() => '');
        if (response.status === 401 && token) logout();
        failure = { kind: 'status', status: response.status };
        message = bodyMessage(text, response.statusText || `HTTP ${response.status}`);
      } else {
        hasOpened = true;
        onStatus({ kind: 'live' });
        for await (const batch of ndjsonBatches(response.body)) {
          if (own.signal.aborted) return;
          const lines = batch.map(parseLogLine).filter((line): line is LogLine => line !== null);
          if (lines.length > 0) onLines(lines);
        }
        failure = { kind: 'ended' };
      }
    } catch (error) {
      if (own.signal.aborted) return;
      // fetch() and the body's reader reject with a TypeError when the connection fails.
      if (error instanceof TypeError && !hasOpened) connectivity.reportNetworkError();
      failure = { kind: 'network' };
      message = error instanceof Error ? error.message : String(error);
    }
    if (isClosed || own.signal.aborted) return;
    const delay = logRetryDelay(failure);
    if (delay === null) {
      onStatus({ kind: 'failed', status: failure.kind === 'status' ? failure.status : 0, message });
      return;
    }
    onStatus({ kind: 'retrying', failure, message, retryInMs: delay });
    timer = setTimeout(() => void connect(), delay);
  };

  void connect();
  return {
    retryNow: () => {
      if (!isClosed) void connect();
    },
    close: () => {
      isClosed = true;
      clearTimeout(timer);
      controller?.abort();
    },
  };
}
