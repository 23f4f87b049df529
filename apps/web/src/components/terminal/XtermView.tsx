import { useEffect, useRef } from 'react';
import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import type { ReadOnlyTerminalProps } from './ReadOnlyTerminal.tsx';
import { scrollForKey } from './terminal-keys.ts';
import { TerminalFrame } from './TerminalFrame.tsx';
import { TERMINAL_BACKGROUND, TERMINAL_FOREGROUND } from './terminal-theme.ts';
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
    const terminal = new Terminal({
      disableStdin: true,
      scrollback,
      convertEol: false,
      cursorBlink: false,
      cursorInactiveStyle: 'none',
      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
      fontSize: 13,
      // ANSI colours are kept, lightened where needed to read on the dark surface (WCAG AA 4.5:1).
      minimumContrastRatio: 4.5,
      theme: { background: TERMINAL_BACKGROUND, foreground: TERMINAL_FOREGROUND, cursor: TERMINAL_BACKGROUND },
    });
    const fit = new FitAddon();
    terminal.loadAddon(fit);
    terminal.open(host);
    const textarea = terminal.textarea;
    if (textarea) {
      textarea.setAttribute('aria-label', label);
      textarea.readOnly = true;
    }
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
    // Fit before the first write, so lines wrap at the real width rather than reflow later.
    fit.fit();
    // Hide the cursor: nothing is typed here.
    terminal.write('\u001b[?25l');
    terminalRef.current = terminal;
    shownRef.current = '';
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => fit.fit());
    });
    observer.observe(host);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      terminalRef.current = null;
      terminal.dispose();
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
