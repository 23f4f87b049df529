import { useCallback, useEffect, useRef, useState } from 'react';
import { terminalRetry, type TerminalEnding, type TerminalSize, type TerminalTarget } from '@flotilla/core/terminal';
import { TERMINAL_CLOSE, chunkTerminalData, isTerminalUnavailableReason, serverTerminalMessage, terminalPath } from '@flotilla/core/terminal-protocol';
import { getToken } from '../../../lib/session.ts';

/**
 * The session states of fleets spec §4 "Terminal session": connecting, connected, failed. While
 * connecting, `notice` says why (a retry after an ssh disconnect, or the device is offline and
 * the session is re-created every second); a failure carries its error key (§8).
 */
export type TerminalSessionView =
  | { status: 'connecting'; notice: 'notLinked' | 'sshSessionDisconnected' | null; attempt: number }
  | { status: 'connected' }
  | { status: 'failed'; error: 'reconnectFailed' | 'unauthorized' | 'connectionError' | 'unavailable'; reason: string | null };

export interface TerminalSink {
  write(data: string): void;
}

/** The terminal socket at this page's origin (the API serves the dashboard; the socket checks the Origin). */
function socketUrl(uuid: string): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}${terminalPath(uuid)}`;
}

/** The server's session caps are reached (apps/api terminal-sessions.ts): said as such, not as a generic failure. */
const TOO_MANY_SESSIONS = 'tooManySessions';

function endingOf(code: number, reason: string): TerminalEnding {
  if (code === TERMINAL_CLOSE.unauthorized) return 'unauthorized';
  if (code === TERMINAL_CLOSE.unavailable) return reason === 'notLinked' ? 'notLinked' : 'unavailable';
  // The shell ended, the link dropped, or the socket broke: an ssh disconnect, retried.
  return 'sshDisconnected';
}

export interface UseTerminalSessionOptions {
  uuid: string;
  target: TerminalTarget;
  /** Off until the user starts the session; turning it off closes it. */
  isEnabled: boolean;
  /** Changes when the running container changes: the session reattaches (§4). */
  reattachKey: string | number | null;
  /** Called on each piece of output (the card marks a tab that is not shown as having unseen activity, §3). */
  onOutput?: () => void;
}

/**
 * One terminal session over the API's terminal socket, with the rules of §4: an ssh disconnect
 * is retried up to 5 times 2 s apart, then fails (reconnect_failed); unauthorized fails at once;
 * while the device is offline the session is re-created every second; a new running container
 * reattaches; leaving (unmount, another device) closes it. Output goes to the sink once one is
 * attached (the terminal loads lazily); what came before is kept for it.
 */
export function useTerminalSession({ uuid, target, isEnabled, reattachKey, onOutput }: UseTerminalSessionOptions) {
  const [view, setView] = useState<TerminalSessionView>({ status: 'connecting', notice: null, attempt: 0 });
  const [generation, setGeneration] = useState(0);
  const socketRef = useRef<WebSocket | null>(null);
  const sinkRef = useRef<TerminalSink | null>(null);
  const pendingRef = useRef<string[]>([]);
  const sizeRef = useRef<TerminalSize>({ cols: 80, rows: 24 });
  const targetJson = JSON.stringify(target);
  const onOutputRef = useRef(onOutput);
  useEffect(() => {
    onOutputRef.current = onOutput;
  }, [onOutput]);

  const output = useCallback((data: string) => {
    if (sinkRef.current) sinkRef.current.write(data);
    else pendingRef.current.push(data);
    onOutputRef.current?.();
  }, []);

  useEffect(() => {
    if (!isEnabled) return;
    let isDisposed = false;
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sessionTarget = JSON.parse(targetJson) as TerminalTarget;

    const connect = () => {
      if (isDisposed) return;
      const token = getToken();
      if (!token) {
        setView({ status: 'failed', error: 'unauthorized', reason: null });
        return;
      }
      const socket = new WebSocket(socketUrl(uuid));
      socketRef.current = socket;
      socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token, target: sessionTarget, size: sizeRef.current }));
      socket.onmessage = (event: MessageEvent<unknown>) => {
        if (typeof event.data !== 'string') return;
        let value: unknown;
        try {
          value = JSON.parse(event.data);
        } catch {
          return;
        }
        const message = serverTerminalMessage.safeParse(value);
        if (!message.success || isDisposed) return;
        if (message.data.type === 'ssh-connect') {
          // A session that came up earns a fresh set of retries for its next disconnect.
          attempts = 0;
          setView({ status: 'connected' });
        } else if (message.data.type === 'data') {
          output(message.data.data);
        }
      };
      socket.onclose = (event) => {
        if (isDisposed || socketRef.current !== socket) return;
        socketRef.current = null;
        const ending = endingOf(event.code, event.reason);
        const next = terminalRetry(ending, attempts);
        if (next.action === 'fail') {
          if (ending === 'unauthorized') setView({ status: 'failed', error: 'unauthorized', reason: null });
          else if (ending === 'unavailable') setView({ status: 'failed', error: 'unavailable', reason: isTerminalUnavailableReason(event.reason) || event.reason === TOO_MANY_SESSIONS ? event.reason : null });
          else setView({ status: 'failed', error: attempts > 0 ? 'reconnectFailed' : 'connectionError', reason: null });
          return;
        }
        attempts = next.attempt;
        setView({ status: 'connecting', notice: ending === 'notLinked' ? 'notLinked' : 'sshSessionDisconnected', attempt: attempts });
        timer = setTimeout(connect, next.delayMs);
      };
    };

    // From a callback, not the effect's body: connect() may set the view at once (no token).
    timer = setTimeout(connect, 0);
    return () => {
      isDisposed = true;
      clearTimeout(timer);
      const socket = socketRef.current;
      socketRef.current = null;
      socket?.close(1000, 'closed');
      // The next session (a reattach, a retry) starts from connecting.
      setView({ status: 'connecting', notice: null, attempt: 0 });
    };
  }, [uuid, targetJson, isEnabled, reattachKey, generation, output]);

  const send = useCallback((data: string) => {
    const socket = socketRef.current;
    if (socket?.readyState !== WebSocket.OPEN) return;
    for (const piece of chunkTerminalData(data)) socket.send(JSON.stringify({ type: 'data', data: piece }));
  }, []);

  const resize = useCallback((size: TerminalSize) => {
    sizeRef.current = size;
    const socket = socketRef.current;
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'resize', size }));
  }, []);

  const attach = useCallback((sink: TerminalSink | null) => {
    sinkRef.current = sink;
    if (sink && pendingRef.current.length > 0) sink.write(pendingRef.current.splice(0).join(''));
  }, []);

  const retry = useCallback(() => setGeneration((g) => g + 1), []);

  return { view, send, resize, attach, retry };
}
