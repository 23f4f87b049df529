// Every route of apps/web/src/router.tsx, signed out and signed in, on a desktop (1440×900) and a
// phone (390×844) (issue 9 item 2; CONVENTIONS "Every page: one h1, … usable at 390 px wide, axe
// clean"): axe-core finds no serious or critical problem, the page has exactly one h1 and the
// page itself never scrolls sideways. A new route is one line in ROUTES. With A11Y_REPORT=1 it
// prints, per route, every violation of any impact and what axe left for a person to review.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Authenticator, emailedPath } from '../support/accounts.ts';
import { runAxe, seriousViolations } from '../support/axe.ts';
import { launchBrowser, screenshotOnFailure } from '../support/browser.ts';
import { createDemoWorld, createVerifiedUser, type DemoWorld } from '../support/demo-world.ts';
import { createUser, emailedInvitationPath, PASSWORD } from '../support/organizations.ts';
import { deployRelease } from '../support/releases.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { trackNetwork } from '../support/network.ts';

const VIEWPORTS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };

/** Who the browser is: signed out, the demo user, the invitee, a pending second factor, an unverified email. */
type Session = 'out' | 'user' | 'invitee' | 'twoFactorPending' | 'unverified';

interface RouteCase {
  as: Session;
  /** The path to open (built once the world exists). */
  path: (w: World) => string;
  /** Where the page must end up, when not `path` itself (without the query). */
  lands?: (w: World) => string;
  /** An API path left unanswered while the page is checked (pages that only show while a call runs). */
  hold?: string;
  /** Why the route's checks are off for now; the test is skipped while this is set. */
  todo?: string;
}

interface World extends DemoWorld {
  resetPasswordPath: string;
  invitationPath: string;
  /** A successful release of the fleet (the release pages). */
  releaseId: number;
  tokens: Record<Exclude<Session, 'out'>, string>;
}

const ROUTES: RouteCase[] = [
  // Signed out, outside the shell.
  { as: 'out', path: () => '/login' },
  { as: 'out', path: () => '/signup' },
  { as: 'out', path: () => '/password-reset' },
  { as: 'out', path: () => '/password-reset/success' },
  { as: 'out', path: (w) => w.resetPasswordPath },
  { as: 'out', path: () => '/user/verify-email?token=unused&email=someone%40example.com', lands: () => '/user/verify-email', hold: '/user/v1/verify-email' },
  { as: 'out', path: (w) => w.invitationPath },
  { as: 'out', path: () => '/no-such-page' },
  { as: 'twoFactorPending', path: () => '/login/two-factor' },
  { as: 'unverified', path: () => '/user/verify-email/pending' },
  { as: 'invitee', path: (w) => w.invitationPath },
  // Signed in, inside the shell.
  { as: 'user', path: () => '/fleets' },
  { as: 'user', path: (w) => `/fleets/${w.fleet.id}` },
  { as: 'user', path: (w) => `/fleets/${w.fleet.id}/devices` },
  { as: 'user', path: (w) => `/fleets/${w.fleet.id}/members` },
  { as: 'user', path: (w) => `/fleets/${w.fleet.id}/teams` },
  { as: 'user', path: (w) => `/fleets/${w.fleet.id}/settings` },
  { as: 'user', path: (w) => `/fleets/${w.fleet.id}/api-keys` },
  { as: 'user', path: (w) => `/fleets/${w.fleet.id}/envvars` },
  { as: 'user', path: (w) => `/fleets/${w.fleet.id}/config` },
  { as: 'user', path: (w) => `/fleets/${w.fleet.id}/logs` },
  { as: 'user', path: (w) => `/fleets/${w.fleet.id}/releases` },
  { as: 'user', path: (w) => `/fleets/${w.fleet.id}/releases/${w.releaseId}/summary` },
  { as: 'user', path: (w) => `/fleets/${w.fleet.id}/releases/${w.releaseId}/settings` },
  { as: 'user', path: () => '/blocks' },
  { as: 'user', path: (w) => `/devices/${w.devices[0]!.uuid}/summary` },
  { as: 'user', path: (w) => `/devices/${w.devices[0]!.uuid}/envvars` },
  { as: 'user', path: (w) => `/devices/${w.devices[0]!.uuid}/config` },
  { as: 'user', path: (w) => `/devices/${w.devices[0]!.uuid}/actions` },
  { as: 'user', path: (w) => `/devices/${w.devices[0]!.uuid}/settings` },
  { as: 'user', path: (w) => `/devices/${w.devices[0]!.uuid}/location` },
  { as: 'user', path: (w) => `/devices/${w.devices[0]!.uuid}/diagnostics` },
  { as: 'user', path: () => '/signup/profile' },
  { as: 'user', path: () => '/orgs' },
  { as: 'user', path: (w) => `/orgs/${w.org.id}` },
  { as: 'user', path: (w) => `/orgs/${w.org.id}/fleets` },
  { as: 'user', path: (w) => `/orgs/${w.org.id}/apps` },
  { as: 'user', path: (w) => `/orgs/${w.org.id}/blocks` },
  { as: 'user', path: (w) => `/orgs/${w.org.id}/members` },
  { as: 'user', path: (w) => `/orgs/${w.org.id}/members/${w.colleagueMembershipId}` },
  { as: 'user', path: (w) => `/orgs/${w.org.id}/members/${w.colleagueMembershipId}/teams` },
  { as: 'user', path: (w) => `/orgs/${w.org.id}/members/${w.colleagueMembershipId}/fleets` },
  { as: 'user', path: (w) => `/orgs/${w.org.id}/members/${w.colleagueMembershipId}/apps` },
  { as: 'user', path: (w) => `/orgs/${w.org.id}/members/${w.colleagueMembershipId}/blocks` },
  { as: 'user', path: (w) => `/orgs/${w.org.id}/teams` },
  { as: 'user', path: (w) => `/orgs/${w.org.id}/teams/${w.team.id}` },
  { as: 'user', path: (w) => `/orgs/${w.org.id}/teams/${w.team.id}/members` },
  { as: 'user', path: (w) => `/orgs/${w.org.id}/teams/${w.team.id}/fleets` },
  { as: 'user', path: (w) => `/orgs/${w.org.id}/teams/${w.team.id}/apps` },
  { as: 'user', path: (w) => `/orgs/${w.org.id}/teams/${w.team.id}/blocks` },
  { as: 'user', path: (w) => `/orgs/${w.org.id}/billing` },
  { as: 'user', path: (w) => `/orgs/${w.org.id}/credits` },
  { as: 'user', path: () => '/preferences/details' },
  { as: 'user', path: () => '/preferences/sshkeys' },
  { as: 'user', path: () => '/preferences/access-tokens' },
  { as: 'user', path: () => '/preferences/profile' },
  { as: 'user', path: () => '/preferences/2fa' },
  { as: 'user', path: () => '/preferences/experimental' },
  { as: 'user', path: () => '/no-such-page' },
];

let stack: Stack;
let browser: Browser;
let world: World;
let page: Page | undefined;

beforeAll(async () => {
  // Verification on, as with SMTP configured: the pending page is reachable.
  stack = await startStack({ requireEmailVerification: true });
  browser = await launchBrowser();
  const demo = await createDemoWorld(stack);

  const resetRequest = await stack.api('POST', '/user/v1/password-reset/request', undefined, { email: demo.colleague.email });
  expect(resetRequest.status, resetRequest.text).toBeLessThan(300);
  const resetPasswordPath = await emailedPath(stack, demo.colleague.email, 'password-reset');
  const invitationPath = await emailedInvitationPath(stack, demo.invitee.email);

  // A user with an authenticator, signed in with the password only: the second step is pending.
  const twoFactor = await createVerifiedUser(stack, 'twofa');
  const setupKey = (await stack.api('GET', '/auth/totp/setup', twoFactor.token)).text;
  const enabled = await stack.api('POST', '/auth/totp/verify', twoFactor.token, { code: await new Authenticator(setupKey).next() });
  expect(enabled.status, enabled.text).toBeLessThan(300);
  const pending = await stack.api('POST', '/login_', undefined, { username: twoFactor.email, password: PASSWORD });
  expect(pending.status, pending.text).toBe(200);

  const unverified = await createUser(stack, 'unverified');
  const release = await deployRelease(stack, demo.user, demo.fleet.id, ['main']);
  world = {
    ...demo,
    resetPasswordPath,
    invitationPath,
    releaseId: release.id,
    tokens: { user: demo.user.token, invitee: demo.invitee.token, twoFactorPending: pending.text, unverified: unverified.token },
  };
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

/** Opens `path` as `session` and waits until the page settled: its h1 shown, nothing loading, the network quiet. */
async function open(p: Page, route: RouteCase): Promise<void> {
  const token = route.as === 'out' ? '' : world.tokens[route.as];
  await p.evaluate((t) => {
    const { localStorage } = globalThis as unknown as { localStorage: { setItem(k: string, v: string): void; removeItem(k: string): void } };
    if (t) localStorage.setItem('flotilla.token', t);
    else localStorage.removeItem('flotilla.token');
  }, token);
  const held = route.hold;
  if (held) await p.route((url) => url.pathname === held, () => undefined);
  const path = route.path(world);
  const network = trackNetwork(p);
  await p.goto(`${stack.url}${path}`);
  const lands = route.lands?.(world) ?? path.split('?')[0]!;
  await p.waitForURL((url) => url.pathname === lands);
  // No h1 at all fails below with the count, not here with a timeout.
  await p.locator('h1').first().waitFor({ timeout: 10_000 }).catch(() => undefined);
  // A held call keeps the network busy on purpose; live streams stay open by design.
  if (!held) await network.quiet();
  network.stop();
  await expect.poll(() => p.locator('[data-testid="loading-state"], .MuiSkeleton-root').count(), { message: 'still loading' }).toBe(0);
  // Transitions finished (a fading element would be measured at half contrast).
  // Endless ones (a spinner) are left alone.
  await p.evaluate(() => {
    type Animation = { finished: Promise<unknown>; effect: { getComputedTiming(): { endTime: number } } | null };
    const { document } = globalThis as unknown as { document: { getAnimations(): Animation[] } };
    const finite = document.getAnimations().filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
    return Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

async function checkPage(p: Page, route: RouteCase): Promise<void> {
  const where = route.path(world);
  const h1s = await p.locator('h1').allTextContents();
  expect(h1s, `h1 elements on ${where}`).toHaveLength(1);
  const { scrollWidth, clientWidth } = await p.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth, `${where} scrolls sideways: scrollWidth ${scrollWidth} > clientWidth ${clientWidth}`).toBeLessThanOrEqual(clientWidth + 1);
  const axe = await runAxe(p);
  if (process.env.A11Y_REPORT) {
    const list = (items: typeof axe.violations) => JSON.stringify(items.map((v) => [v.id, v.impact, v.targets]));
    console.log(`axe ${where}\n  violations: ${list(axe.violations)}\n  to review: ${list(axe.incomplete)}`);
  }
  expect(seriousViolations(axe), `axe on ${where}`).toEqual([]);
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  describe(`every route on ${name} (${viewport.width}×${viewport.height})`, () => {
    let context: BrowserContext;

    beforeAll(async () => {
      // One context per width; the cookie choice is made so the banner stays away (the shell test covers it).
      context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
      page = await context.newPage();
      await page.goto(`${stack.url}/login`);
      await page.evaluate(() =>
        (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('flotilla.cookieConsent', '{"essential":true,"analytics":false}'),
      );
    });
    afterEach(async (ctx) => {
      await screenshotOnFailure(page, `a11y-${name}-${ctx.task.name}`, ctx.task.result?.state === 'fail');
      await page?.unrouteAll({ behavior: 'ignoreErrors' });
    });
    afterAll(async () => {
      await context?.close();
    });

    for (const route of ROUTES) {
      const title = `${route.as === 'out' ? 'signed out' : route.as}: ${route.path.toString().replace(/^\(?\w*\)? => /, '')}`;
      it.skipIf(route.todo !== undefined)(title, async () => {
        await open(page!, route);
        await checkPage(page!, route);
      });
    }
  });
}
