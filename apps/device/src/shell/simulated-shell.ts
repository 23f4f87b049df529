import type { TerminalSize } from '@flotilla/core/terminal';
import type { ShellIo, ShellSession } from './shell-session.ts';
import type { VirtualFs } from './virtual-fs.ts';

/**
 * A simulated shell over a virtual file system (DESIGN.md "Devices": never the host's shell).
 * It does its own line editing, as a terminal in cooked mode would: printable keys echo,
 * Backspace erases, Enter runs the line, Ctrl+C drops it, Ctrl+D on an empty line exits; other
 * control sequences (arrows) are ignored. Output lines end in CRLF, as a PTY's do.
 */

export interface SimulatedShellOptions {
  fs: VirtualFs;
  /** The prompt's `user@host` part, e.g. `root@1a2b3c4` for the host OS or `root@main` for a service. */
  promptName: string;
  cwd: string;
  env: Record<string, string>;
  /** `uname -a`'s line. */
  uname: string;
  /** What `ps` lists: the processes of the target. */
  processes: readonly string[];
  now?: () => Date;
}

const HELP = [
  'Simulated shell of a Flotilla simulated device. Commands:',
  '  help, ls [-l] [path], cd [path], pwd, cat <file>, echo <text> [> file | >> file],',
  '  mkdir <dir>, touch <file>, uname [-a], hostname, whoami, env, ps, top, uptime, date, clear, exit [code]',
];

/** Splits a command line on blanks, keeping '…' and "…" together (no variables, no globbing). */
export function splitWords(line: string): string[] {
  const words: string[] = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (let m = re.exec(line); m; m = re.exec(line)) words.push(m[1] ?? m[2] ?? m[3] ?? '');
  return words;
}

export class SimulatedShell implements ShellSession {
  private line = '';
  private cwd: string;
  private isClosed = false;
  private readonly startedAt: number;
  private size: TerminalSize = { cols: 80, rows: 24 };
  /** The rest of an escape sequence being skipped (arrow keys and the like). */
  private inEscape = false;

  constructor(
    private readonly opts: SimulatedShellOptions,
    private readonly io: ShellIo,
  ) {
    this.cwd = opts.cwd;
    this.startedAt = this.now().getTime();
    this.io.output(`${this.opts.uname.split(' ').slice(0, 1).join('')} simulated shell — type help for the commands\r\n`);
    this.prompt();
  }

  input(data: string): void {
    for (const ch of data) {
      if (this.isClosed) return;
      this.key(ch);
    }
  }

  resize(size: TerminalSize): void {
    this.size = size;
  }

  close(): void {
    this.isClosed = true;
  }

  private now(): Date {
    return this.opts.now?.() ?? new Date();
  }

  private prompt(): void {
    this.io.output(`${this.opts.promptName}:${this.cwd}# `);
  }

  private key(ch: string): void {
    if (this.inEscape) {
      // CSI sequences end with a letter or `~`; a lone ESC followed by one character ends too.
      if (/[A-Za-z~]/.test(ch)) this.inEscape = false;
      return;
    }
    switch (ch) {
      case '\u001b':
        this.inEscape = true;
        return;
      case '\r':
      case '\n': {
        const line = this.line;
        this.line = '';
        this.io.output('\r\n');
        this.run(line);
        if (!this.isClosed) this.prompt();
        return;
      }
      case '\u007f':
      case '\b':
        if (this.line.length > 0) {
          this.line = [...this.line].slice(0, -1).join('');
          this.io.output('\b \b');
        }
        return;
      case '\u0003':
        this.line = '';
        this.io.output('^C\r\n');
        this.prompt();
        return;
      case '\u0004':
        if (this.line === '') this.exit(0);
        return;
      default:
        if (ch < ' ') return;
        if (this.line.length >= 4096) return;
        this.line += ch;
        this.io.output(ch);
    }
  }

  private print(lines: string | readonly string[]): void {
    const all = typeof lines === 'string' ? [lines] : lines;
    for (const l of all) this.io.output(`${l}\r\n`);
  }

  private exit(code: number): void {
    this.print('exit');
    this.isClosed = true;
    this.io.exit(code);
  }

  /** Runs one command line; `>` and `>>` send echo's output to a file. */
  private run(line: string): void {
    const words = splitWords(line.trim());
    const [command, ...args] = words;
    if (!command) return;
    const fs = this.opts.fs;
    switch (command) {
      case 'help':
        return this.print(HELP);
      case 'pwd':
        return this.print(this.cwd);
      case 'cd': {
        const path = fs.resolve(this.cwd, args[0] ?? '/');
        const node = fs.get(path);
        if (node?.kind !== 'dir') return this.print(`cd: ${args[0]}: No such directory`);
        this.cwd = path;
        return;
      }
      case 'ls': {
        const long = args.includes('-l');
        const target = args.find((a) => !a.startsWith('-')) ?? '.';
        const node = fs.get(fs.resolve(this.cwd, target));
        if (!node) return this.print(`ls: ${target}: No such file or directory`);
        if (node.kind === 'file') return this.print(target);
        const names = [...node.children.keys()].sort();
        if (!long) return names.length ? this.print(names.join('  ')) : undefined;
        return this.print(
          names.map((n) => {
            const child = node.children.get(n)!;
            return child.kind === 'dir' ? `drwxr-xr-x root root ${'4096'.padStart(6)} ${n}/` : `-rw-r--r-- root root ${String(child.content.length).padStart(6)} ${n}`;
          }),
        );
      }
      case 'cat': {
        if (args.length === 0) return this.print('cat: missing file operand');
        for (const a of args) {
          const node = fs.get(fs.resolve(this.cwd, a));
          if (!node) this.print(`cat: ${a}: No such file or directory`);
          else if (node.kind === 'dir') this.print(`cat: ${a}: Is a directory`);
          else this.io.output(node.content.replace(/\r?\n/g, '\r\n'));
        }
        return;
      }
      case 'echo': {
        const redirect = args.findIndex((a) => a === '>' || a === '>>');
        if (redirect < 0) return this.print(args.join(' '));
        const file = args[redirect + 1];
        if (!file) return this.print('sh: syntax error: missing file name');
        if (!fs.write(fs.resolve(this.cwd, file), `${args.slice(0, redirect).join(' ')}\n`, args[redirect] === '>>')) return this.print(`sh: can't create ${file}`);
        return;
      }
      case 'mkdir':
        if (!args[0] || !fs.mkdir(fs.resolve(this.cwd, args[0]))) return this.print(`mkdir: can't create directory '${args[0] ?? ''}'`);
        return;
      case 'touch':
        if (!args[0]) return this.print('touch: missing file operand');
        if (!fs.get(fs.resolve(this.cwd, args[0])) && !fs.write(fs.resolve(this.cwd, args[0]), '')) return this.print(`touch: ${args[0]}: No such file or directory`);
        return;
      case 'uname':
        return this.print(args.includes('-a') ? this.opts.uname : 'Linux');
      case 'hostname':
        return this.print(this.opts.env.HOSTNAME ?? 'localhost');
      case 'whoami':
        return this.print('root');
      case 'env':
        return this.print(Object.entries(this.opts.env).map(([k, v]) => `${k}=${v}`));
      case 'ps':
        return this.print(['  PID USER     COMMAND', ...this.opts.processes.map((p, i) => `${String(i + 1).padStart(5)} root     ${p}`)]);
      case 'top':
        return this.print([
          `Mem: ${Math.round(this.size.cols * 12.5)}M used  CPU: ${(7 + (this.now().getSeconds() % 13)).toFixed(0)}% usr`,
          '  PID USER     %CPU COMMAND',
          ...this.opts.processes.map((p, i) => `${String(i + 1).padStart(5)} root     ${((i * 7) % 5).toFixed(1).padStart(4)} ${p}`),
        ]);
      case 'uptime': {
        const seconds = Math.floor((this.now().getTime() - this.startedAt) / 1000);
        return this.print(`up ${Math.floor(seconds / 60)} min, ${seconds % 60} s`);
      }
      case 'date':
        return this.print(this.now().toUTCString());
      case 'clear':
        return this.io.output('\u001b[H\u001b[2J');
      case 'exit': {
        const code = Number(args[0] ?? 0);
        return this.exit(Number.isInteger(code) ? code : 0);
      }
      default:
        return this.print(`sh: ${command}: not found`);
    }
  }
}
