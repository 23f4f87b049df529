import { useEffect, useRef } from 'react';
import { Terminal } from '@xterm/xterm';
import type { ReadOnlyTerminalProps } from './ReadOnlyTerminal.tsx';
import { scrollForKey } from './terminal-keys.ts';
import { TerminalFrame } from './TerminalFrame.tsx';
import { TERMINAL_BACKGROUND } from './terminal-theme.ts';
import { openFittedTerminal } from './open-terminal.ts';
import { terminalUpdate, toTerminalText } from './terminal-text.ts';


/**
 * xterm.js, its CSS and the fit addon: this module is the lazy chunk behind ReadOnlyTerminal,
 * so no page pays for a terminal until one shows. The terminal takes no input (disableStdin):
 * its keyboard target, xterm's helper textarea, is named after the terminal, read-only (no
 * on-screen keyboard on a phone), and its arrow, page and Home/End keys scroll the view.
 */
export default function XtermView({ text, label, scrollback, height, regionProps }: ReadOnlyTerminalProps) {
  const hostRef = useRef<HTMLDivElement | null>(null);
  const terminalRef = useRef<Terminal | null>(null);
  const shownRef = useRef('');
  const regionRef = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const { terminal, close } = openFittedTerminal(host, label, {
      disableStdin: true,
      scrollback,
      convertEol: false,
      cursorBlink: false,
      cursorInactiveStyle: 'none',
      theme: { cursor: TERMINAL_BACKGROUND },
    });
    if (terminal.textarea) terminal.textarea.readOnly = true;
    terminal.attachCustomKeyEventHandler((event) => {
      const scroll = scrollForKey(event.key, event);
      if (!scroll) return true;
      if (event.type === 'keydown') {
        event.preventDefault();
        if (scroll.kind === 'lines') terminal.scrollLines(scroll.amount);
        else if (scroll.kind === 'pages') terminal.scrollPages(scroll.amount);
        else if (scroll.kind === 'top') terminal.scrollToTop();
        else terminal.scrollToBottom();
      }
      return false;
    });
    // Hide the cursor: nothing is typed here.
    terminal.write('\u001b[?25l');
    terminalRef.current = terminal;
    shownRef.current = '';
    return () => {
      terminalRef.current = null;
      close();
    };
  }, [scrollback, label]);

  useEffect(() => {
    const terminal = terminalRef.current;
    if (!terminal) return;
    const { reset, write } = terminalUpdate(shownRef.current, text);
    shownRef.current = text;
    if (reset) {
      terminal.reset();
      terminal.write('\u001b[?25l');
    }
    if (write === '') return;
    regionRef.current?.removeAttribute('data-written');
    terminal.write(toTerminalText(write), () => {
      terminal.scrollToBottom();
      // For tests and tools: every byte has been parsed into the buffer.
      regionRef.current?.setAttribute('data-written', '');
    });
  }, [text, scrollback, label]);

  return (
    <TerminalFrame
      frameRef={regionRef}
      hostRef={hostRef}
      height={height}
      role="log"
      aria-label={label}
      // The text is there from the start; it is read on demand, not announced as it renders.
      aria-live="off"
      {...regionProps}
    />
  );
}
