// The §8 warning "Not applied (variable for an outdated service)" on the device Variables tab
// (fleets spec §2 device pages, §3 Variables, §8 Warnings), in a real browser at desktop width
// and at 390 px, axe clean: two simulated devices install release 1 of services main and web;
// one is pinned to release 1, then release 2 becomes the fleet's target while the devices are
// off. On the device still running release 1 for target 2, the inherited fleet service variable
// (main) and the device's own service variable (web) carry a "Not applied" chip (words and icon,
// its reason in a tooltip), the all-services variables do not; an observer sees the
// same. On the pinned device, which runs its target, no row carries it.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createFleet } from '../support/demo-world.ts';
import { useSimulators, viewports } from '../support/devices.ts';
import { addFleetRole, createOrganization, createUser, signInAs, type E2eUser } from '../support/organizations.ts';
import { deployRelease, runningInstalls } from '../support/releases.ts';

const e2e = useBrowserStack();
const startSimulator = useSimulators(e2e);

type Rows<T> = { d: T[] };

async function v7<T>(user: E2eUser, method: string, path: string, body?: unknown): Promise<T> {
  const res = await e2e.stack.api(method, `/v7/${path}`, user.token, body);
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return (res.text ? res.json<T>() : undefined) as T;
}

const table = (page: Page) => page.getByRole('table', { name: 'Variables' });
const row = (page: Page, name: string, service = 'All services') => table(page).getByRole('row').filter({ hasText: name }).filter({ hasText: service });
const chips = (page: Page) => table(page).getByTestId('not-applied');

/**
 * A fleet whose devices both ran release 1 (main, web); `behind` then stays on it while release
 * 2 is the fleet's target, `current` is pinned to release 1. Variables: KEEP for all services,
 * MAIN_DEBUG on main, and on `behind` its own WEB_PORT on web and DEVICE_ALL for all services.
 */
async function fleetWithOutdatedDevice(admin: E2eUser) {
  const org = await createOrganization(e2e.stack, admin);
  const fleetId = await createFleet(e2e.stack, admin, org.id, `notapplied${Date.now().toString(36)}`);
  const sim = await startSimulator(admin, fleetId, { count: 2, intervalMs: 500 });
  const r1 = await deployRelease(e2e.stack, admin, fleetId, ['main', 'web'], '1.0.0');
  const [behind, current] = sim.devices.map((d) => d.uuid) as [string, string];
  for (const uuid of [behind, current]) await expect.poll(() => runningInstalls(e2e.stack, uuid), { timeout: 30_000 }).toBe(2);
  // The devices go quiet: what they reported (release 1 everywhere) stays as it is.
  await sim.stop();
  const deviceId = async (uuid: string) => (await v7<Rows<{ id: number }>>(admin, 'GET', `device?$select=id&$filter=uuid eq '${uuid}'`)).d[0]!.id;
  const [behindId, currentId] = [await deviceId(behind), await deviceId(current)];
  await v7(admin, 'PATCH', `device(${currentId})`, { is_pinned_on__release: r1.id });
  const r2 = await deployRelease(e2e.stack, admin, fleetId, ['main', 'web'], '2.0.0');

  const services = await v7<Rows<{ id: number; service_name: string }>>(admin, 'GET', `service?$select=id,service_name&$filter=application eq ${fleetId}`);
  const serviceId = (name: string) => services.d.find((s) => s.service_name === name)!.id;
  await v7(admin, 'POST', 'application_environment_variable', { application: fleetId, name: 'KEEP', value: '1' });
  await v7(admin, 'POST', 'service_environment_variable', { service: serviceId('main'), name: 'MAIN_DEBUG', value: '0' });
  await v7(admin, 'POST', 'device_environment_variable', { device: behindId, name: 'DEVICE_ALL', value: 'yes' });
  const installs = await v7<Rows<{ id: number }>>(admin, 'GET', `service_install?$select=id&$filter=device eq ${behindId} and installs__service eq ${serviceId('web')}`);
  await v7(admin, 'POST', 'device_service_environment_variable', { service_install: installs.d[0]!.id, name: 'WEB_PORT', value: '8080' });

  // The targets as the API states them: behind → release 2, current → its pin, release 1.
  const target = async (id: number) => (await v7<Rows<{ should_be_running__release: Array<{ id: number }> }>>(admin, 'GET', `device(${id})?$select=id&$expand=should_be_running__release($select=id)`)).d[0]!.should_be_running__release[0]!.id;
  expect([await target(behindId), await target(currentId)]).toEqual([r2.id, r1.id]);
  return { orgId: org.id, fleetId, behind, current };
}

describe.each(viewports())('device variables: "Not applied" ($label)', ({ viewport }) => {
  it('warns on the service variables of a service that runs an older release than the target, and not on an up-to-date device', async () => {
    const admin = await createUser(e2e.stack, 'notapplied-admin');
    const { orgId, fleetId, behind, current } = await fleetWithOutdatedDevice(admin);
    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, admin, `/devices/${behind}/envvars`);
    await page.getByRole('heading', { level: 1, name: 'Variables' }).waitFor();

    // The inherited fleet service variable and the device-service variable: warned.
    const mainChip = row(page, 'MAIN_DEBUG', 'main').getByTestId('not-applied');
    await mainChip.waitFor();
    await row(page, 'WEB_PORT', 'web').getByTestId('not-applied').waitFor();
    expect(await mainChip.textContent()).toBe('Not applied');
    // Variables for all services are not about one service: no warning.
    await row(page, 'KEEP').waitFor();
    await row(page, 'DEVICE_ALL').waitFor();
    expect(await row(page, 'KEEP').getByTestId('not-applied').count()).toBe(0);
    expect(await row(page, 'DEVICE_ALL').getByTestId('not-applied').count()).toBe(0);
    expect(await chips(page).count()).toBe(2);
    // Not colour alone: the words, and on hover the reason, tied to the chip.
    await mainChip.hover();
    const tooltip = page.getByRole('tooltip');
    await tooltip.getByText(/the service main does not run this device's target release yet/).waitFor();
    expect(await mainChip.getAttribute('aria-describedby')).toBe(await tooltip.getAttribute('id'));
    await expectPageSound(page);
    await page.mouse.move(0, 0);
    await tooltip.waitFor({ state: 'hidden' });

    // The pinned device runs its target: the same variables, no warning.
    // (The device's release read has answered before the chips are counted.)
    const releaseRead = page.waitForResponse((r) => r.url().includes('/v7/device(') && decodeURIComponent(r.url()).includes('image_install'));
    await page.goto(`${e2e.stack.url}/devices/${current}/envvars`);
    expect((await releaseRead).status()).toBe(200);
    await row(page, 'MAIN_DEBUG', 'main').waitFor();
    await row(page, 'KEEP').waitFor();
    expect(await chips(page).count()).toBe(0);
    await expectPageSound(page);

    // Any role that reads the device sees the warning: an observer.
    const observer = await createUser(e2e.stack, 'notapplied-observer');
    await addFleetRole(e2e.stack, admin, orgId, fleetId, observer, 'observer');
    const observerPage = await e2e.newPage({ viewport });
    await signInAs(observerPage, e2e.stack, observer, `/devices/${behind}/envvars`);
    await row(observerPage, 'MAIN_DEBUG', 'main').getByTestId('not-applied').waitFor();
    await row(observerPage, 'WEB_PORT', 'web').getByTestId('not-applied').waitFor();
  }, 180_000);
});
