import { FitAddon } from '@xterm/addon-fit';
import { Terminal, type ITerminalOptions } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { TERMINAL_BACKGROUND, TERMINAL_FOREGROUND } from './terminal-theme.ts';

export interface OpenedTerminal {
  terminal: Terminal;
  /** Stops following the host's size and disposes the terminal. */
  close(): void;
}

/**
 * An xterm.js terminal in `host`, the product's way: its font and colours (ANSI colours kept,
 * lightened where needed to read on the dark surface, WCAG AA 4.5:1), its input named `label`,
 * fitted to the host now (so the first lines wrap at the real width) and whenever the host's
 * size changes. The build log and the web terminal add only what differs.
 */
export function openFittedTerminal(host: HTMLElement, label: string, options: ITerminalOptions = {}): OpenedTerminal {
  const terminal = new Terminal({
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
    fontSize: 13,
    minimumContrastRatio: 4.5,
    ...options,
    theme: { background: TERMINAL_BACKGROUND, foreground: TERMINAL_FOREGROUND, ...options.theme },
  });
  const fit = new FitAddon();
  terminal.loadAddon(fit);
  terminal.open(host);
  terminal.textarea?.setAttribute('aria-label', label);
  fit.fit();
  let frame = 0;
  const observer = new ResizeObserver(() => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => fit.fit());
  });
  observer.observe(host);
  return {
    terminal,
    close() {
      cancelAnimationFrame(frame);
      observer.disconnect();
      terminal.dispose();
    },
  };
}
