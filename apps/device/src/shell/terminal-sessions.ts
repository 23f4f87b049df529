import { LINK_MAX_TERMINAL_SESSIONS, type ApiToDeviceTerminal, type DeviceToApiTerminal } from '@flotilla/core/device-link';
import { chunkTerminalData } from '@flotilla/core/terminal-protocol';
import type { ShellFactory, ShellSession } from './shell-session.ts';

/**
 * The terminal sessions of one device link (packages/core device-link.ts, terminal frames): opens
 * a shell for `terminal-open`, passes input and resizes to it, and sends its output back. A
 * session that the API did not open here is ignored. When the link ends, every session ends
 * with it (closeAll): a new link starts with none.
 */
export class TerminalSessions {
  private readonly sessions = new Map<string, ShellSession>();

  constructor(
    private readonly factory: ShellFactory,
    private readonly send: (message: DeviceToApiTerminal) => void,
    private readonly log?: (message: string) => void,
  ) {}

  get size(): number {
    return this.sessions.size;
  }

  async handle(message: ApiToDeviceTerminal): Promise<void> {
    const { session } = message;
    switch (message.type) {
      case 'terminal-open':
        return this.open(session, message);
      case 'terminal-input':
        this.sessions.get(session)?.input(message.data);
        return;
      case 'terminal-resize':
        this.sessions.get(session)?.resize(message.size);
        return;
      case 'terminal-close': {
        const shell = this.sessions.get(session);
        this.sessions.delete(session);
        shell?.close();
        return;
      }
    }
  }

  closeAll(): void {
    const all = [...this.sessions.values()];
    this.sessions.clear();
    for (const shell of all) shell.close();
  }

  private async open(session: string, message: Extract<ApiToDeviceTerminal, { type: 'terminal-open' }>): Promise<void> {
    if (this.sessions.has(session) || this.sessions.size >= LINK_MAX_TERMINAL_SESSIONS) {
      this.send({ type: 'terminal-exit', session, code: null });
      return;
    }
    // Output written while the shell starts (its banner, the prompt) follows `terminal-opened`.
    let isOpened = false;
    const early: string[] = [];
    const output = (data: string) => {
      if (!isOpened) early.push(data);
      else for (const piece of chunkTerminalData(data)) this.send({ type: 'terminal-output', session, data: piece });
    };
    const exit = (code: number | null) => {
      if (!this.sessions.has(session)) return;
      this.sessions.delete(session);
      this.send({ type: 'terminal-exit', session, code });
    };
    try {
      const shell = await this.factory(message.target, message.size, { output, exit });
      this.sessions.set(session, shell);
    } catch (err) {
      this.log?.(`terminal: ${err instanceof Error ? err.message : String(err)}`);
      this.send({ type: 'terminal-exit', session, code: null });
      return;
    }
    this.send({ type: 'terminal-opened', session });
    isOpened = true;
    output(early.join(''));
  }
}
