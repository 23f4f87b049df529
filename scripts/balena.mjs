// `npm run balena -- <args>`: the published balena-cli that the compatibility suite tests (pinned
// in scripts/balena-cli, installed once into the cache), on a Node.js it supports, pointed at
// this Flotilla. Every BALENARC_* variable already set wins; the README's section "Using
// balena-cli with Flotilla" lists them for a CLI installed any other way.
import { spawn } from 'node:child_process';
import { ensureBalenaCli } from './ensure.mjs';
import { ensureSupportedNode } from './node-runtime.mjs';

await ensureSupportedNode();
const entry = ensureBalenaCli();
const publicUrl = process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 8080}`;
const env = {
  BALENARC_API_URL: publicUrl,
  // The same server serves the dashboard, where `balena login --web` sends the browser.
  BALENARC_DASHBOARD_URL: publicUrl,
  // The "URL" `balena login` and `whoami` print (else balena-cloud.com, as if signed in there):
  // the host of the API the CLI really talks to.
  BALENARC_BALENA_URL: new URL(process.env.BALENARC_API_URL || publicUrl).host,
  BALENARC_NO_SENTRY: '1',
  BALENARC_NO_ANALYTICS: '1',
  BALENARC_UNSUPPORTED: '1',
  ...process.env,
};
const child = spawn(process.execPath, [entry, ...process.argv.slice(2)], { stdio: 'inherit', env });
// Ctrl-C reaches the CLI from the terminal; this process only waits for it.
process.on('SIGINT', () => undefined);
child.on('exit', (code) => process.exit(code ?? 1));
