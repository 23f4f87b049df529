import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/**
 * What Chromium would be started with: a stand-in executable records its arguments and exits,
 * so the launch fails after Playwright has built the whole command line.
 */
function recordedLaunchArgs(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'flotilla-chromium-args-'));
  dirs.push(dir);
  const out = join(dir, 'args');
  const exe = join(dir, 'chromium');
  writeFileSync(exe, `#!/bin/sh\nprintf '%s\\n' "$@" > '${out}'\nexit 1\n`);
  chmodSync(exe, 0o755);
  return launchBrowser(exe).then(
    () => expect.fail('the stand-in executable should not start a browser'),
    () => readFileSync(out, 'utf8').split('\n'),
  );
}

describe('launchBrowser', () => {
  // Chromium keeps only the last --disable-features: ours must carry Playwright's own list too.
  it('keeps every feature Playwright disables when it adds its own', async () => {
    const switches = (await recordedLaunchArgs()).filter((a) => a.startsWith('--disable-features='));
    expect(switches.length).toBeGreaterThanOrEqual(2);
    const names = (s: string) => s.slice('--disable-features='.length).split(',');
    const effective = new Set(names(switches.at(-1)!));
    for (const earlier of switches.slice(0, -1)) for (const name of names(earlier)) expect(effective, name).toContain(name);
    expect(effective).toContain('WebUIOmniboxPopup');
  });
});
