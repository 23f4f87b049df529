// The supported Node.js versions and the re-run onto the pinned one (scripts/node-runtime.mjs).
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pinnedVersion, satisfiesEngines, supportedRange } from './node-runtime.mjs';

const RUNTIME = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), 'node-runtime.mjs')).href;

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `source` as an ES module script on this Node.js, with `args` and extra environment. */
function runScript(source: string, args: string[] = [], env: Record<string, string> = {}): Promise<Ran> {
  const file = join(mkdtempSync(join(tmpdir(), 'node-runtime-')), 'script.mjs');
  writeFileSync(file, source);
  return new Promise((resolve) => {
    execFile(process.execPath, [file, ...args], { env: { ...process.env, ...env }, timeout: 20_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

describe('satisfiesEngines', () => {
  it('accepts a version at or above a caret range’s minimum, within its major', () => {
    const range = '^22.18.0 || ^24.11.0';
    expect(satisfiesEngines('22.18.0', range)).toBe(true);
    expect(satisfiesEngines('22.20.1', range)).toBe(true);
    expect(satisfiesEngines('24.11.0', range)).toBe(true);
    expect(satisfiesEngines('24.21.0', range)).toBe(true);
  });

  it('refuses a version below the minimum or of another major', () => {
    const range = '^22.18.0 || ^24.11.0';
    expect(satisfiesEngines('20.20.2', range)).toBe(false);
    expect(satisfiesEngines('22.17.9', range)).toBe(false);
    expect(satisfiesEngines('24.10.5', range)).toBe(false);
    expect(satisfiesEngines('23.11.0', range)).toBe(false);
    expect(satisfiesEngines('26.0.0', range)).toBe(false);
  });

  it('refuses to guess at a range form it does not read', () => {
    expect(() => satisfiesEngines('24.0.0', '>=20')).toThrow(/not a caret range/);
  });
});

describe('the supported runtimes', () => {
  it('pins a Node.js 24 that package.json declares supported', () => {
    expect(pinnedVersion()).toMatch(/^24\.\d+\.\d+$/);
    expect(satisfiesEngines(pinnedVersion(), supportedRange())).toBe(true);
  });

  it('runs this suite on a supported Node.js unless FLOTILLA_NODE=system asked for the machine’s', () => {
    const supported = satisfiesEngines(process.versions.node, supportedRange());
    expect(supported || process.env.FLOTILLA_NODE === 'system').toBe(true);
  });
});

describe('ensureSupportedNode', () => {
  it('goes on in the same process on the Node.js it runs on', async () => {
    const ran = await runScript(`import { ensureSupportedNode } from '${RUNTIME}';\nawait ensureSupportedNode();\nconsole.log(process.version);`);
    expect(ran.code).toBe(0);
    // Only the script's own line: no notice of a re-run.
    expect(ran.stdout).toBe(`${process.version}\n`);
  });

  it('stops on an FLOTILLA_NODE value it does not know', async () => {
    const ran = await runScript(`import { ensureSupportedNode } from '${RUNTIME}';\nawait ensureSupportedNode();\nconsole.log('went on');`, [], { FLOTILLA_NODE: '24' });
    expect(ran.code).not.toBe(0);
    expect(ran.stderr).toMatch(/FLOTILLA_NODE is "24"/);
    expect(ran.stdout).not.toMatch(/went on/);
  });
});

describe('rerunOn', () => {
  // The script re-runs itself once (the second run sees RERUN set), as ensureSupportedNode does.
  const script = `import { rerunOn } from '${RUNTIME}';
if (!process.env.RERUN) {
  process.env.RERUN = String(process.pid);
  await rerunOn(process.execPath);
  console.log('first run went on');
}
console.log(JSON.stringify({ parent: Number(process.env.RERUN), ppid: process.ppid, args: process.argv.slice(2), path0: process.env.PATH.split(':')[0], node: process.env.NODE }));
process.exit(Number(process.argv[2]));`;

  it('runs the script again on the given Node.js, with its arguments, its directory first on PATH, and passes on its exit code', async () => {
    const ran = await runScript(script, ['7', '--flag']);
    expect(ran.code).toBe(7);
    expect(ran.stdout).not.toMatch(/first run went on/);
    const seen = JSON.parse(ran.stdout.trim()) as { parent: number; ppid: number; args: string[]; path0: string; node: string };
    expect(seen.ppid).toBe(seen.parent);
    expect(seen.args).toEqual(['7', '--flag']);
    expect(seen.path0).toBe(dirname(process.execPath));
    expect(seen.node).toBe(process.execPath);
  });

  it('exits 0 when the re-run does', async () => {
    const ran = await runScript(script, ['0']);
    expect(ran.code).toBe(0);
  });
});
