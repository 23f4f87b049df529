import type { TerminalSize, TerminalTarget } from '@flotilla/core/terminal';

/** One terminal session on the device: a simulated shell, or a real PTY (real-shell.ts). */
export interface ShellSession {
  /** Keys typed in the browser (xterm's data: text and control sequences). */
  input(data: string): void;
  resize(size: TerminalSize): void;
  /** Ends the session from outside (the browser left, the link dropped); no exit is reported after. */
  close(): void;
}

/** Where a session's output and its end go (the device link, or a test). */
export interface ShellIo {
  output(data: string): void;
  /** The shell ended by itself: its exit code. */
  exit(code: number | null): void;
}

/** Opens a session to a target; throws (or rejects) when it cannot (no such service, no PTY). */
export type ShellFactory = (target: TerminalTarget, size: TerminalSize, io: ShellIo) => ShellSession | Promise<ShellSession>;
