// `npm start`: install and build what is missing, then run server + demo seed + simulated devices.
import { spawn } from 'node:child_process';
import { ROOT, ensureDependencies, ensureWebBuild } from './ensure.mjs';
import { ensureSupportedNode } from './node-runtime.mjs';

await ensureSupportedNode();
ensureDependencies();
ensureWebBuild();

const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start-stack.ts'], { cwd: ROOT, stdio: 'inherit' });
// The child handles SIGINT itself (clean shutdown); we only wait for it.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code) => process.exit(code ?? 0));
