import { chromium, type Browser, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '../artifacts');

/**
 * Chromium's own browser UI built as web pages ("top chrome" WebUI: the omnibox popup and its
 * AI-mode composebox, the reload button). Headless Chromium 156 still builds and renders them
 * for every new window, in a renderer of their own: 0.5–0.7 s of CPU per `newPage()`, seen in a
 * trace of the device-list bench (docs/performance.md, issue 9). Nothing shows them headless; on
 * a 2-core machine they took that CPU from the page under test and from the API, so browser
 * tests and benches measured Chromium's UI as much as ours. Unknown names are ignored.
 */
const HEADLESS_UNUSED_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
  'OmniboxAimPopup',
  'PreloadTopChromeWebUI',
  'PrewarmWebUIContents',
  'WebUIReloadButton',
  'WebUIReloadButtonPrewarmWebUI',
];

/**
 * What Playwright itself passes in `--disable-features` (its chromiumSwitches). Chromium keeps
 * only the last occurrence of a switch, so ours must repeat them or they would be switched back
 * on; browser.test.ts fails when a Playwright upgrade changes its list.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/** Debian's Chromium with the flags this machine needs (no sandbox as root, no background networking). */
export function launchBrowser(executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...HEADLESS_UNUSED_FEATURES].join(',')}`,
    ],
  });
}

/** Saves a screenshot for a failed test so CI output points at what the user would have seen. */
export async function screenshotOnFailure(page: Page | undefined, name: string, failed: boolean): Promise<void> {
  if (!page || !failed) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name.replace(/\W+/g, '-')}.png`), fullPage: true }).catch(() => undefined);
}
