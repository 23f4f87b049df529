import { useCallback, useEffect, useRef, useState } from 'react';
import { appendLogLines, LOG_EMPTY_MESSAGE_DELAY_MS } from '@flotilla/core/device-log-client';
import type { LogLine } from '../log-line.ts';
import { openLogStream, type LogStreamHandle, type LogStreamStatus } from '../log-stream.ts';

export interface LogStreamView {
  /** The newest lines, at most 5000 (fleets spec §9). */
  lines: LogLine[];
  status: LogStreamStatus;
  /** True once 3 s have passed since the stream opened (the empty message waits that long, §9). */
  isEmptyShown: boolean;
  retry: () => void;
  /** Forgets the lines shown (after the server's logs were cleared). */
  clearShown: () => void;
}

interface StreamState {
  url: string | null;
  lines: LogLine[];
  status: LogStreamStatus;
  isEmptyShown: boolean;
}

const fresh = (url: string | null): StreamState => ({ url, lines: [], status: { kind: 'connecting' }, isEmptyShown: false });

/**
 * A live log stream from `streamUrl` (with its query, e.g. `…/logs?stream=1`; the history count
 * is added per opening) while it is given; null: no stream (a device in local mode). Another
 * URL (another filter) starts over with an empty buffer.
 */
export function useLogStream(streamUrl: string | null): LogStreamView {
  const [state, setState] = useState(() => fresh(streamUrl));
  const handle = useRef<LogStreamHandle | null>(null);
  // A new URL: start over during render rather than in an effect (no frame with stale lines).
  let current = state;
  if (state.url !== streamUrl) {
    current = fresh(streamUrl);
    setState(current);
  }

  useEffect(() => {
    if (streamUrl === null) return undefined;
    // Updates from a stream that has since been replaced are dropped.
    const update = (change: (s: StreamState) => Partial<StreamState>) => setState((s) => (s.url === streamUrl ? { ...s, ...change(s) } : s));
    const stream = openLogStream({
      path: (count) => `${streamUrl}${streamUrl.includes('?') ? '&' : '?'}count=${count}`,
      onLines: (incoming) => update((s) => ({ lines: appendLogLines(s.lines, incoming) })),
      onStatus: (status) => update(() => ({ status })),
    });
    handle.current = stream;
    const timer = setTimeout(() => update(() => ({ isEmptyShown: true })), LOG_EMPTY_MESSAGE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      stream.close();
      handle.current = null;
    };
  }, [streamUrl]);

  const retry = useCallback(() => handle.current?.retryNow(), []);
  const clearShown = useCallback(() => setState((s) => ({ ...s, lines: [] })), []);
  return { lines: current.lines, status: current.status, isEmptyShown: current.isEmptyShown, retry, clearShown };
}
