import { describe, expect, it } from 'vitest';
import { SimulatedShell, splitWords } from './simulated-shell.ts';
import { seedFileSystem } from './virtual-fs.ts';

/** A shell whose output is collected; `type` sends keys as xterm would (Enter is CR). */
function shell(serviceName?: string) {
  let out = '';
  const exits: Array<number | null> = [];
  const sh = new SimulatedShell(
    {
      fs: seedFileSystem({ uuid: 'abcdef0123456789', hostname: 'abcdef0', osVersion: 'balenaOS 6.0.13', serviceName }),
      promptName: serviceName ? `root@${serviceName}` : 'root@abcdef0',
      cwd: serviceName ? '/usr/src/app' : '/home/root',
      env: { HOSTNAME: 'abcdef0', BALENA_SERVICE_NAME: serviceName ?? '' },
      uname: 'Linux abcdef0 6.1.77-v8 #1 SMP PREEMPT aarch64 GNU/Linux',
      processes: ['/sbin/init', 'balena-supervisor'],
      now: () => new Date('2026-11-27T10:00:00Z'),
    },
    { output: (d) => (out += d), exit: (c) => exits.push(c) },
  );
  return {
    sh,
    exits,
    /** Types `line` and Enter; returns what the shell wrote for it (echo included). */
    run(line: string): string {
      out = '';
      sh.input(`${line}\r`);
      return out;
    },
    get out() {
      return out;
    },
  };
}

describe('the simulated shell', () => {
  it('greets and prompts with the target: root@<uuid7> on the host, the service in a container', () => {
    expect(shell().out).toMatch(/type help for the commands\r\nroot@abcdef0:\/home\/root# $/);
    expect(shell('main').out).toMatch(/root@main:\/usr\/src\/app# $/);
  });

  it('echoes keys, runs the line on Enter and prompts again, lines ending in CRLF', () => {
    const s = shell();
    expect(s.run('echo hello world')).toBe('echo hello world\r\nhello world\r\nroot@abcdef0:/home/root# ');
  });

  it('moves around the virtual file system with cd, pwd and ls, and reads files with cat', () => {
    const s = shell();
    s.run('cd /etc');
    expect(s.run('pwd')).toContain('\r\n/etc\r\n');
    expect(s.run('ls')).toContain('hostname  os-release');
    expect(s.run('cat hostname')).toContain('abcdef0\r\n');
    expect(s.run('cat os-release')).toContain('PRETTY_NAME="balenaOS 6.0.13"');
    s.run('cd ..');
    expect(s.run('pwd')).toContain('\r\n/\r\n');
    expect(s.run('cd /nowhere')).toContain('cd: /nowhere: No such directory');
    expect(s.run('cat /etc')).toContain('Is a directory');
    expect(s.run('ls -l /mnt/boot')).toMatch(/-rw-r--r-- root root +\d+ config\.json/);
  });

  it('writes with echo redirection, mkdir and touch, and never above the root', () => {
    const s = shell();
    s.run('echo first > /tmp/note');
    s.run('echo second >> /tmp/note');
    expect(s.run('cat /tmp/note')).toContain('first\r\nsecond\r\n');
    s.run('mkdir /tmp/d');
    s.run('touch /tmp/d/f');
    expect(s.run('ls /tmp/d')).toContain('f\r\n');
    s.run('cd ../../../..');
    expect(s.run('pwd')).toContain('\r\n/\r\n');
  });

  it('answers uname, env, ps, top, whoami and help; an unknown command is not found', () => {
    const s = shell('main');
    expect(s.run('uname -a')).toContain('Linux abcdef0 6.1.77-v8');
    expect(s.run('uname')).toContain('\r\nLinux\r\n');
    expect(s.run('env')).toContain('BALENA_SERVICE_NAME=main');
    expect(s.run('ps')).toMatch(/1 root +\/sbin\/init/);
    expect(s.run('top')).toContain('%CPU');
    expect(s.run('whoami')).toContain('root');
    expect(s.run('help')).toContain('Commands');
    expect(s.run('rm -rf /')).toContain('sh: rm: not found');
  });

  it('erases with Backspace, drops the line on Ctrl+C and skips arrow keys', () => {
    const s = shell();
    s.sh.input('echo abx\u007f');
    s.sh.input('\u001b[A');
    expect(s.run('c')).toContain('\r\nabc\r\n');
    s.sh.input('echo never');
    s.sh.input('\u0003');
    expect(s.out).toContain('^C\r\n');
    expect(s.run('')).not.toContain('never\r\n');
  });

  it('exits with its code on exit, and on Ctrl+D at an empty line', () => {
    const s = shell();
    s.run('exit 3');
    expect(s.exits).toEqual([3]);
    // Closed: nothing more runs.
    expect(s.run('echo after')).toBe('');
    const d = shell();
    d.sh.input('\u0004');
    expect(d.exits).toEqual([0]);
  });

  it('splits words on blanks, keeping quotes together', () => {
    expect(splitWords(`echo "a b"  'c d' e`)).toEqual(['echo', 'a b', 'c d', 'e']);
  });
});
