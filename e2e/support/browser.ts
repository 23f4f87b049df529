import { chromium, type Browser, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '../artifacts');

/** Debian's Chromium with the flags this machine needs (no sandbox as root, no background networking). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

/** Saves a screenshot for a failed test so CI output points at what the user would have seen. */
export async function screenshotOnFailure(page: Page | undefined, name: string, failed: boolean): Promise<void> {
  if (!page || !failed) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name.replace(/\W+/g, '-')}.png`), fullPage: true }).catch(() => undefined);
}
