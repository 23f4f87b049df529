/**
 * A small in-memory file system for the simulated shell (DESIGN.md "Devices": simulated devices
 * run on the server's machine, so their terminal never touches the real one). Paths are POSIX,
 * absolute after resolve(); nothing here reads or writes the host's disk.
 */

export type VfsNode = { kind: 'dir'; children: Map<string, VfsNode> } | { kind: 'file'; content: string };

const dir = (entries: Record<string, VfsNode> = {}): VfsNode => ({ kind: 'dir', children: new Map(Object.entries(entries)) });
const file = (content: string): VfsNode => ({ kind: 'file', content });

export interface VfsSeed {
  uuid: string;
  hostname: string;
  osVersion: string;
  /** The service a container file system is for; absent for the host OS. */
  serviceName?: string;
}

/** The tree a session starts with: a little of what a balenaOS host or a service container holds. */
export function seedFileSystem(seed: VfsSeed): VirtualFs {
  const etc = dir({
    hostname: file(`${seed.hostname}\n`),
    'os-release': file(`ID="balena-os"\nNAME="balenaOS"\nVERSION="${seed.osVersion.replace(/^balenaOS\s*/i, '')}"\nPRETTY_NAME="${seed.osVersion}"\n`),
  });
  const root = seed.serviceName
    ? dir({
        etc,
        usr: dir({ src: dir({ app: dir({ 'index.js': file("console.log('hello from the device');\n"), 'package.json': file(`{ "name": "${seed.serviceName}" }\n`) }) }) }),
        data: dir({ 'readme.txt': file('Persistent data lives here.\n') }),
        tmp: dir(),
      })
    : dir({
        etc,
        mnt: dir({ boot: dir({ 'config.json': file(`{ "uuid": "${seed.uuid}" }\n`) }), data: dir() }),
        var: dir({ log: dir() }),
        tmp: dir(),
        home: dir({ root: dir() }),
      });
  return new VirtualFs(root);
}

export class VirtualFs {
  constructor(private readonly root: VfsNode) {}

  /** `path` made absolute against `cwd`, with `.` and `..` folded (never above `/`). */
  resolve(cwd: string, path: string): string {
    const parts: string[] = [];
    for (const part of (path.startsWith('/') ? path : `${cwd}/${path}`).split('/')) {
      if (part === '' || part === '.') continue;
      if (part === '..') parts.pop();
      else parts.push(part);
    }
    return `/${parts.join('/')}`;
  }

  get(path: string): VfsNode | undefined {
    let node: VfsNode | undefined = this.root;
    for (const part of path.split('/').filter(Boolean)) {
      if (node?.kind !== 'dir') return undefined;
      node = node.children.get(part);
    }
    return node;
  }

  /** Writes a file in an existing directory; false when the directory is missing or the path is a directory. */
  write(path: string, content: string, append = false): boolean {
    const at = path.lastIndexOf('/');
    const parent = this.get(path.slice(0, at) || '/');
    const name = path.slice(at + 1);
    if (parent?.kind !== 'dir' || name === '') return false;
    const existing = parent.children.get(name);
    if (existing?.kind === 'dir') return false;
    parent.children.set(name, file(append && existing ? existing.content + content : content));
    return true;
  }

  mkdir(path: string): boolean {
    const at = path.lastIndexOf('/');
    const parent = this.get(path.slice(0, at) || '/');
    const name = path.slice(at + 1);
    if (parent?.kind !== 'dir' || name === '' || parent.children.has(name)) return false;
    parent.children.set(name, dir());
    return true;
  }
}
