// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/session.ts';
import { fakeJwt } from '../../../test/fake-jwt.ts';
import { queryClientWithFleetRole, TEST_FLEET_ID, TEST_ORGANIZATION_ID } from '../../../test/fleet-role.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { FleetTagsCard } from './FleetTagsCard.tsx';
import { stubTableLayout } from '../../../test/table-layout.ts';

const FLEET = TEST_FLEET_ID;
const ORG = TEST_ORGANIZATION_ID;

interface Tag {
  id: number;
  tag_key: string;
  value: string;
}

/** The API's application_tag resource for one fleet, in memory, answering as OData does. */
let tags: Tag[] = [];
let nextId = 100;
const writes: Array<{ method: string; path: string; body: unknown }> = [];

function json(status: number, body: unknown) {
  return new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      if (method !== 'GET') writes.push({ method, path: url.pathname, body });
      const byId = /\/v7\/application_tag\((\d+)\)$/.exec(url.pathname);
      if (method === 'GET' && url.pathname.endsWith('/v7/application_tag')) return json(200, { d: [...tags].sort((a, b) => a.tag_key.localeCompare(b.tag_key)) });
      if (method === 'POST') {
        if (tags.some((t) => t.tag_key === body.tag_key)) return json(409, { error: '"application" and "tag_key" must be unique.' });
        const tag = { id: nextId++, tag_key: body.tag_key, value: body.value };
        tags.push(tag);
        return json(201, { ...tag, application: { __id: FLEET } });
      }
      if (method === 'PATCH' && byId) {
        tags = tags.map((t) => (t.id === Number(byId[1]) ? { ...t, ...body } : t));
        return json(200, null);
      }
      if (method === 'DELETE' && byId) {
        tags = tags.filter((t) => t.id !== Number(byId[1]));
        return json(200, null);
      }
      return json(404, { error: 'not found' });
    }),
  );
}

function renderCard(fleetRole: string) {
  const client = queryClientWithFleetRole(fleetRole);
  return renderWithProviders(<FleetTagsCard fleetId={FLEET} organizationId={ORG} />, { queryClient: client });
}

const table = () => screen.findByRole('table', { name: 'Tags' });

beforeEach(() => {
  tags = [{ id: 1, tag_key: 'site', value: 'north' }];
  nextId = 100;
  writes.length = 0;
  localStorage.clear();
  setToken(fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }));
  stubApi();
  stubTableLayout();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('FleetTagsCard', () => {
  // Three dialogs in a row: slow on a loaded machine.
  it('lets an administrator add, edit and remove tags (fleets spec §6 Entity tables)', { timeout: 30_000 }, async () => {
    renderCard('administrator');
    expect(within(await table()).getByText('north')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Add tag' }));
    const add = await screen.findByRole('dialog', { name: 'Add tag' });
    fireEvent.change(within(add).getByRole('textbox', { name: /Key/ }), { target: { value: 'site' } });
    fireEvent.blur(within(add).getByRole('textbox', { name: /Key/ }));
    expect(await within(add).findByText('This fleet already has a tag with this key')).toBeTruthy();
    fireEvent.change(within(add).getByRole('textbox', { name: /Key/ }), { target: { value: 'env' } });
    fireEvent.change(within(add).getByRole('textbox', { name: /Value/ }), { target: { value: 'production' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add tag' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes[0]).toEqual({ method: 'POST', path: '/v7/application_tag', body: { application: FLEET, tag_key: 'env', value: 'production' } });
    expect(await within(await table()).findByText('production')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit tag env' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit tag' });
    fireEvent.change(within(edit).getByRole('textbox', { name: /Value/ }), { target: { value: 'staging' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await within(await table()).findByText('staging')).toBeTruthy();
    expect(writes[1]).toMatchObject({ method: 'PATCH', body: { tag_key: 'env', value: 'staging' } });

    fireEvent.click(screen.getByRole('button', { name: 'Remove tag site' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove tag?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Tags' })).queryByText('north')).toBeNull());
    expect(writes[2]).toEqual({ method: 'DELETE', path: '/v7/application_tag(1)', body: undefined });
  });

  it('shows an API refusal inside the dialog', { timeout: 15_000 }, async () => {
    renderCard('developer');
    await table();
    tags.push({ id: 2, tag_key: 'raced', value: '' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add tag' }));
    const add = await screen.findByRole('dialog', { name: 'Add tag' });
    fireEvent.change(within(add).getByRole('textbox', { name: /Key/ }), { target: { value: 'raced' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add tag' }));
    expect(await within(add).findByText(/must be unique/)).toBeTruthy();
  });

  it('is read-only for an observer: tags shown, no add, edit or remove', async () => {
    renderCard('observer');
    expect(within(await table()).getByText('north')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add tag' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit tag/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove tag/ })).toBeNull();
  });

  it('shows an empty fleet as such, and a failed read with Retry rather than as empty', async () => {
    tags = [];
    renderCard('observer');
    expect(await screen.findByText('This fleet has no tags.')).toBeTruthy();
    cleanup();
    vi.stubGlobal('fetch', vi.fn(async () => json(500, { error: 'boom' })));
    renderCard('observer');
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByText('This fleet has no tags.')).toBeNull();
  });
});
