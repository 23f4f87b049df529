// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { organizationRolesQuery } from '../../../lib/permissions.ts';
import { setToken } from '../../../lib/session.ts';
import { fakeJwt } from '../../../test/fake-jwt.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { deviceTypesQuery } from '../../devices/api/device-types.queries.ts';
import { applicationTypeChoicesQuery } from '../../fleet-settings/api/fleet-settings.queries.ts';
import { organizationsQuery } from '../api/create-fleet.queries.ts';
import { CreateFleetDialog } from './CreateFleetDialog.tsx';

const posted: unknown[] = [];

function seededClient(organizations: Array<{ id: number; name: string; handle: string }>, roles: Map<number, string>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(whoamiQuery.queryKey, { id: 10, actorType: 'user', actorTypeId: 1, username: 'alice' });
  client.setQueryData(organizationsQuery(1).queryKey, organizations);
  client.setQueryData(organizationRolesQuery(1).queryKey, roles);
  // Advanced configuration for the preselected organization (5) and device type (2).
  const type = (id: number, slug: string, extra = {}) => ({
    id, name: slug, slug, description: `${slug} type`, supports_multicontainer: true, requires_payment: false, is_legacy: false, needs__os_version_range: null, ...extra,
  });
  client.setQueryData(applicationTypeChoicesQuery({ id: null, organizationId: 5, deviceTypeId: 2 }).queryKey, [
    { type: type(1, 'microservices'), availability: 'ok' },
    { type: type(2, 'essentials', { supports_multicontainer: false }), availability: 'ok' },
    { type: type(4, 'classic', { is_legacy: true }), availability: 'noVersionDiscontinued' },
  ]);
  client.setQueryData(deviceTypesQuery.queryKey, [
    { id: 1, slug: 'intel-nuc', name: 'Intel NUC' },
    { id: 2, slug: 'raspberrypi4-64', name: 'Raspberry Pi 4 (64bit)' },
  ]);
  return client;
}

function stubPost(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      posted.push(JSON.parse(init.body as string));
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

const createButton = () => screen.getByRole('button', { name: 'Create fleet' });
const isDisabled = (el: HTMLElement) => (el as HTMLButtonElement).disabled;
const nameInput = () => screen.getByRole('textbox', { name: /Fleet name/ }) as HTMLInputElement;

beforeEach(() => {
  posted.length = 0;
  localStorage.clear();
  setToken(fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CreateFleetDialog', () => {
  it('says when its choices could not be read, with a Retry that reads them again', async () => {
    const client = seededClient([{ id: 5, name: 'Acme', handle: 'acme' }], new Map([[5, 'administrator']]));
    client.removeQueries({ queryKey: deviceTypesQuery.queryKey });
    let answer = 500;
    vi.stubGlobal('fetch', vi.fn(async () => (answer === 500
      ? new Response(JSON.stringify({ error: 'Database unavailable' }), { status: 500, headers: { 'content-type': 'application/json' } })
      : new Response(JSON.stringify({ d: [{ id: 2, slug: 'raspberrypi4-64', name: 'Raspberry Pi 4 (64bit)' }] }), { status: 200, headers: { 'content-type': 'application/json' } }))));
    renderWithProviders(<CreateFleetDialog applicationClass="fleet" existingNames={[]} onClose={() => undefined} />, { queryClient: client });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Database unavailable');
    answer = 200;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('prefills a valid suggested name, the organization and raspberrypi4-64, and enables Create', async () => {
    renderWithProviders(<CreateFleetDialog applicationClass="fleet" existingNames={['taken-name']} onClose={() => undefined} />, {
      queryClient: seededClient([{ id: 5, name: 'Acme', handle: 'acme' }], new Map([[5, 'administrator']])),
    });
    await waitFor(() => expect(isDisabled(createButton())).toBe(false));
    expect(nameInput().value).toMatch(/^[a-z]+-[a-z]+$/);
    // Focused with the suggestion selected: typing replaces it.
    expect(document.activeElement).toBe(nameInput());
    expect([nameInput().selectionStart, nameInput().selectionEnd]).toEqual([0, nameInput().value.length]);
    expect(screen.getByText('Raspberry Pi 4 (64bit)')).toBeTruthy();
    expect(screen.getByText('Acme')).toBeTruthy();
  });

  it('validates the name live and disables Create while it has an error', async () => {
    renderWithProviders(<CreateFleetDialog applicationClass="fleet" existingNames={['Taken-Name']} onClose={() => undefined} />, {
      queryClient: seededClient([{ id: 5, name: 'Acme', handle: 'acme' }], new Map([[5, 'administrator']])),
    });
    await waitFor(() => expect(isDisabled(createButton())).toBe(false));
    fireEvent.change(nameInput(), { target: { value: 'ab' } });
    expect(await screen.findByText(/between 4 and 100 characters/)).toBeTruthy();
    expect(isDisabled(createButton())).toBe(true);
    fireEvent.change(nameInput(), { target: { value: 'taken-name' } });
    expect(await screen.findByText(/already used by another fleet/)).toBeTruthy();
    expect(isDisabled(createButton())).toBe(true);
    fireEvent.change(nameInput(), { target: { value: '' } });
    expect(await screen.findByText('A name is required')).toBeTruthy();
    fireEvent.change(nameInput(), { target: { value: 'good-name' } });
    await waitFor(() => expect(isDisabled(createButton())).toBe(false));
  });

  it('shows the duplicate message when the server answers 409 unique', async () => {
    stubPost(409, { error: 'app_name must be unique' });
    renderWithProviders(<CreateFleetDialog applicationClass="fleet" existingNames={[]} onClose={() => undefined} />, {
      queryClient: seededClient([{ id: 5, name: 'Acme', handle: 'acme' }], new Map([[5, 'administrator']])),
    });
    await waitFor(() => expect(isDisabled(createButton())).toBe(false));
    fireEvent.change(nameInput(), { target: { value: 'my-fleet' } });
    await waitFor(() => expect(isDisabled(createButton())).toBe(false));
    fireEvent.click(createButton());
    expect(await screen.findByText(/already used by another fleet. Note that the name is case-insensitive/)).toBeTruthy();
    expect(posted).toEqual([{ app_name: 'my-fleet', organization: 5, is_for__device_type: 2, is_of__class: 'fleet', application_type: 1 }]);
  });

  it('navigates to the new fleet after creating it', async () => {
    stubPost(201, { id: 77, app_name: 'my-fleet' });
    const onClose = vi.fn();
    const { router } = renderWithProviders(<CreateFleetDialog applicationClass="fleet" existingNames={[]} onClose={onClose} />, {
      queryClient: seededClient([{ id: 5, name: 'Acme', handle: 'acme' }], new Map([[5, 'administrator']])),
    });
    await waitFor(() => expect(isDisabled(createButton())).toBe(false));
    fireEvent.submit(nameInput().closest('form')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/fleets/77'));
    expect(onClose).toHaveBeenCalled();
  });

  it('creates a block as a block, names it so and opens it under /blocks', async () => {
    stubPost(201, { id: 78, app_name: 'my-block' });
    const blockName = () => screen.getByRole('textbox', { name: /Block name/ }) as HTMLInputElement;
    const { router } = renderWithProviders(<CreateFleetDialog applicationClass="block" existingNames={['Taken-Block']} onClose={() => undefined} />, {
      queryClient: seededClient([{ id: 5, name: 'Acme', handle: 'acme' }], new Map([[5, 'administrator']])),
    });
    expect(await screen.findByRole('heading', { name: 'Create block' })).toBeTruthy();
    fireEvent.change(blockName(), { target: { value: 'taken-block' } });
    expect(await screen.findByText(/already used by another block/)).toBeTruthy();
    fireEvent.change(blockName(), { target: { value: 'my-block' } });
    await waitFor(() => expect(isDisabled(screen.getByRole('button', { name: 'Create block' }))).toBe(false));
    fireEvent.submit(blockName().closest('form')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/blocks/78'));
    expect(posted).toEqual([expect.objectContaining({ app_name: 'my-block', is_of__class: 'block' })]);
  });

  it('offers the available application types in the advanced configuration and creates with the one picked', async () => {
    stubPost(201, { id: 79, app_name: 'my-fleet' });
    renderWithProviders(<CreateFleetDialog applicationClass="fleet" existingNames={[]} onClose={() => undefined} />, {
      queryClient: seededClient([{ id: 5, name: 'Acme', handle: 'acme' }], new Map([[5, 'administrator']])),
    });
    fireEvent.click(await screen.findByRole('button', { name: /Advanced configuration · microservices/ }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Application type' }));
    const classic = await screen.findByRole('option', { name: /classic/ });
    expect(classic.getAttribute('aria-disabled')).toBe('true');
    expect(classic.textContent).toContain('Unavailable: no supported OS version (discontinued)');
    fireEvent.click(screen.getByRole('option', { name: /essentials/ }));
    fireEvent.change(nameInput(), { target: { value: 'my-fleet' } });
    await waitFor(() => expect(isDisabled(createButton())).toBe(false));
    fireEvent.submit(nameInput().closest('form')!);
    await waitFor(() => expect(posted).toEqual([expect.objectContaining({ app_name: 'my-fleet', application_type: 2 })]));
  });

  it('offers to create an organization when the user may create fleets in none', async () => {
    renderWithProviders(<CreateFleetDialog applicationClass="fleet" existingNames={[]} onClose={() => undefined} />, {
      queryClient: seededClient([{ id: 5, name: 'Other', handle: 'other' }], new Map([[5, 'member']])),
    });
    expect(await screen.findByText(/not a member of any organization/)).toBeTruthy();
    expect(isDisabled(createButton())).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Create organization' }));
    expect(await screen.findByRole('textbox', { name: /Organization name/ })).toBeTruthy();
  });
});
