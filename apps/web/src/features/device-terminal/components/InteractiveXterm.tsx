import { useEffect, useRef } from 'react';
import type { Terminal } from '@xterm/xterm';
import type { TerminalSize } from '@flotilla/core/terminal';
import { TerminalFrame } from '../../../components/terminal/TerminalFrame.tsx';
import { openFittedTerminal } from '../../../components/terminal/open-terminal.ts';
import type { TerminalSink } from '../hooks/use-terminal-session.ts';
import { isLeaveTerminalKey } from '../leave-terminal-key.ts';

export interface InteractiveXtermProps {
  /** The accessible name of the terminal's keyboard target. */
  label: string;
  height: number;
  onData: (data: string) => void;
  onResize: (size: TerminalSize) => void;
  /** Receives the terminal's writer while it is mounted (null after). */
  onAttach: (sink: TerminalSink | null) => void;
  /** Shift+Escape: the user leaves the terminal (focus goes back to the card's tabs). */
  onLeave: () => void;
  /**
   * Focus goes to the terminal when it opens, and again whenever this number changes (a session
   * the user started or retried: the button they pressed is gone). 0: not on opening.
   */
  focusRequest?: number;
}

/**
 * xterm.js with input, fitted to its container (fit addon; every new size goes to the device):
 * the lazy chunk behind DeviceTerminalPanel, like the read-only terminal of the build logs
 * (components/terminal/XtermView.tsx), whose theme and font it shares.
 */
export default function InteractiveXterm({ label, height, onData, onResize, onAttach, onLeave, focusRequest = 0 }: InteractiveXtermProps) {
  const hostRef = useRef<HTMLDivElement | null>(null);
  const terminalRef = useRef<Terminal | null>(null);
  // Latest callbacks without re-creating the terminal.
  const callbacks = useRef({ onData, onResize, onAttach, onLeave });
  useEffect(() => {
    callbacks.current = { onData, onResize, onAttach, onLeave };
  }, [onData, onResize, onAttach, onLeave]);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const { terminal, close } = openFittedTerminal(host, label, { scrollback: 5000, cursorBlink: true });
    terminalRef.current = terminal;
    terminal.attachCustomKeyEventHandler((event) => {
      if (!isLeaveTerminalKey(event)) return true;
      if (event.type === 'keydown') {
        event.preventDefault();
        callbacks.current.onLeave();
      }
      return false;
    });
    const dataListener = terminal.onData((data) => callbacks.current.onData(data));
    const resizeListener = terminal.onResize(({ cols, rows }) => callbacks.current.onResize({ cols, rows }));
    callbacks.current.onResize({ cols: terminal.cols, rows: terminal.rows });
    callbacks.current.onAttach({ write: (data) => terminal.write(data) });
    return () => {
      terminalRef.current = null;
      callbacks.current.onAttach(null);
      dataListener.dispose();
      resizeListener.dispose();
      close();
    };
  }, [label]);

  // After the terminal is made (effects run in order): a new request focuses it. A terminal made
  // again for a new label keeps the request it had, so it does not take focus again by itself.
  const focusedRequest = useRef(0);
  useEffect(() => {
    if (focusRequest === focusedRequest.current) return;
    focusedRequest.current = focusRequest;
    terminalRef.current?.focus();
  }, [focusRequest]);

  return <TerminalFrame data-testid="device-terminal-screen" hostRef={hostRef} height={height} />;
}
