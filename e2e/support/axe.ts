import { expect } from 'vitest';
// axe-core (a root devDependency) run inside the page, for the accessibility checks of the
// browser tests (CONVENTIONS "Every page: … axe clean"): the WCAG 2.0/2.1 A and AA rules and
// axe's best practices, plus label-in-name (WCAG 2.5.3), which axe leaves off by default.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: number;
  targets: string[];
}

export interface AxeResult {
  violations: AxeViolation[];
  /** Ids of the rules that ran and passed. */
  passes: string[];
  /** What axe could not decide (e.g. contrast over an image), for a person to review. */
  incomplete: AxeViolation[];
}

let axeSource: string | undefined;

/**
 * Runs axe on the page once its animations have settled. `include` limits it to some parts
 * (CSS selectors, each as axe's `[selector]` form); by default the whole document is checked.
 */
export async function runAxe(page: Page, include?: string[][]): Promise<AxeResult> {
  // Colours are read at rest: a menu or dialog still fading in is translucent, and its text
  // would be measured against whatever shows through it.
  await settleAnimations(page);
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ include, tags }) => {
      type AxeNode = { target: string[] };
      type AxeRule = { id: string; impact: AxeViolation['impact']; help: string; nodes: AxeNode[] };
      const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeRule[]; passes: AxeRule[]; incomplete: AxeRule[] }> } }).axe;
      const result = await axe.run(include ? { include } : (globalThis as unknown as { document: unknown }).document, {
        runOnly: { type: 'tag', values: tags },
        rules: { 'label-content-name-mismatch': { enabled: true } },
      });
      const summary = (v: AxeRule) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length, targets: v.nodes.map((n) => n.target.join(' ')) });
      return { violations: result.violations.map(summary), passes: result.passes.map((r) => r.id), incomplete: result.incomplete.map(summary) };
    },
    { include, tags: AXE_TAGS },
  );
}

/** The serious and critical violations, one line each: rule, impact, the elements it hit. */
export function seriousViolations(result: AxeResult): string[] {
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.targets.join(' | ')}`);
}

interface RunningAnimation {
  playState: string;
  effect: { getComputedTiming(): { iterations: number } } | null;
}

/**
 * Waits until no finite CSS animation or transition runs (a dialog fading in is checked at its
 * final colours). Endless ones never settle and are skipped: MUI's focus ripple pulses for as
 * long as a button keeps keyboard focus, and a progress indicator spins while work goes on.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        (globalThis as unknown as { document: { getAnimations(): RunningAnimation[] } }).document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      ),
    )
    .toBe(true);
}

/**
 * The page's soundness check of the fleet specs: axe (serious and critical) on the main column
 * and any open dialog once animations settle, one h1, and no sideways scroll of the page.
 */
export async function expectPageSound(page: Page): Promise<void> {
  await settleAnimations(page);
  const include = [['main'], ...((await page.getByRole('dialog').count()) > 0 ? [['[role="dialog"]']] : [])];
  expect(seriousViolations(await runAxe(page, include))).toEqual([]);
  expect(await page.locator('h1').count()).toBe(1);
  // e2e has no DOM types: the page's document is reached through globalThis.
  const fits = await page.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
    return root.scrollWidth <= root.clientWidth;
  });
  expect(fits).toBe(true);
}
