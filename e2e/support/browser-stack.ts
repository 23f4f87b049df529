import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import type { AppConfig } from '../../apps/api/src/lib/config.ts';
import { launchBrowser, screenshotOnFailure } from './browser.ts';
import { startStack, type Stack } from './stack.ts';

export interface BrowserStack {
  /** The running stack (from the file's first beforeAll on). */
  readonly stack: Stack;
  /** The shared Chromium (from the file's first beforeAll on). */
  readonly browser: Browser;
  /** The page screenshotted if the test fails: the latest from `newPage` unless set. */
  page: Page | undefined;
  /** A new page in its own context (`page.context()`, reduced motion unless `options` say otherwise), made the current page; closed after the test. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
}

/**
 * The lifecycle of a browser spec file: before all its tests a stack (`startStack(config)`) and
 * Chromium; after each test a screenshot of the current page if the test failed, and the test's
 * pages closed with their contexts; after all, Chromium and the stack closed. Call it at the top
 * of the file, before the file's own hooks, so those run once the stack is up.
 */
export function useBrowserStack(config: Partial<AppConfig> = {}): BrowserStack {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  const pages: Page[] = [];
  let current: Page | undefined;
  beforeAll(async () => {
    stack = await startStack(config);
    browser = await launchBrowser();
  });
  afterEach(async (ctx) => {
    await screenshotOnFailure(current, ctx.task.name, ctx.task.result?.state === 'fail');
    current = undefined;
    await Promise.all(pages.splice(0).map((p) => p.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useBrowserStack: used before its beforeAll ran');
    return value;
  };
  return {
    get stack() {
      return started(stack);
    },
    get browser() {
      return started(browser);
    },
    get page() {
      return current;
    },
    set page(page) {
      current = page;
    },
    async newPage(options) {
      // Pages ask for reduced motion, which the dashboard honours (theme.ts REDUCED_MOTION): actions
      // need not wait out MUI's transitions. A test that wants them passes reducedMotion: 'no-preference'.
      const page = await started(browser).newPage({ reducedMotion: 'reduce', ...options });
      pages.push(page);
      current = page;
      return page;
    },
  };
}
