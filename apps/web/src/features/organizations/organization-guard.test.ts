// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { isRedirect } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whoamiQuery } from '../../lib/auth-api.ts';
import { organizationRolesQuery } from '../../lib/permissions.ts';
import { organizationQuery, type OrganizationDetail } from './api/organizations.queries.ts';
import { organizationGuard } from './organization-guard.ts';
import { attachToasts } from '../../lib/toast.ts';

/** The toasts shown, as the mounted toast host receives them. */
const shown = vi.fn();
let detachToasts = () => {};
beforeEach(() => void (detachToasts = attachToasts(shown)));
afterEach(() => detachToasts());

const USER_ID = 11;
const ORG_ID = 4;

/** A query cache already holding what the guard reads, so no request is made. */
function cacheWith(org: Partial<OrganizationDetail> | null, role: string | null): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(organizationQuery(ORG_ID).queryKey, org === null ? null : { id: ORG_ID, name: 'Acme', handle: 'acme', created_at: '', logo_image: null, is_frozen: false, has_past_due_invoice_since__date: null, ...org });
  client.setQueryData(whoamiQuery.queryKey, { id: 1, actorType: 'user', actorTypeId: USER_ID, username: 'ann' });
  client.setQueryData(organizationRolesQuery(USER_ID).queryKey, new Map(role ? [[ORG_ID, role]] : []));
  return client;
}

async function redirectOf(promise: Promise<void>): Promise<{ href?: string; to?: string; params?: unknown } | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    if (!isRedirect(error)) throw error;
    return error.options as { href?: string; to?: string; params?: unknown };
  }
}

beforeEach(() => shown.mockClear());

describe('organizationGuard (accounts spec §2)', () => {
  it('lets a reachable, unfrozen organization through', async () => {
    expect(await redirectOf(organizationGuard(cacheWith({}, 'member'), ORG_ID, `/orgs/${ORG_ID}`))).toBeNull();
    expect(shown).not.toHaveBeenCalled();
  });

  it('sends an unknown or unreachable organization to /orgs, saying so', async () => {
    expect(await redirectOf(organizationGuard(cacheWith(null, null), ORG_ID, `/orgs/${ORG_ID}`))).toMatchObject({ to: '/orgs' });
    expect(shown).toHaveBeenCalledWith('Organization not found.', expect.objectContaining({ variant: 'error' }));
  });

  it('lets a failed read (a 500, a 429) reach the route as an error, not as "unknown organization"', async () => {
    for (const status of [500, 429]) {
      vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: 'Database unavailable' }), { status, headers: { 'content-type': 'application/json' } })));
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      await expect(organizationGuard(client, ORG_ID, `/orgs/${ORG_ID}`), String(status)).rejects.toMatchObject({ status });
      vi.unstubAllGlobals();
    }
  });

  it('sends billing users away from a frozen organization with the update-billing-details error', async () => {
    const target = await redirectOf(organizationGuard(cacheWith({ is_frozen: true }, 'administrator'), ORG_ID, `/orgs/${ORG_ID}/members`));
    expect(target).toMatchObject({ to: '/orgs/$orgId/billing', params: { orgId: String(ORG_ID) } });
    expect(shown).toHaveBeenCalledWith(expect.stringMatching(/update your billing details/), expect.objectContaining({ variant: 'error' }));
  });

  it('sends other users to /orgs with the reach-your-administrators error', async () => {
    const target = await redirectOf(organizationGuard(cacheWith({ is_frozen: true }, 'member'), ORG_ID, `/orgs/${ORG_ID}`));
    expect(target).toMatchObject({ to: '/orgs' });
    expect(shown).toHaveBeenCalledWith(expect.stringMatching(/reach out to its administrators/), expect.objectContaining({ variant: 'error' }));
  });

  it('leaves the billing page of a frozen organization reachable', async () => {
    expect(await redirectOf(organizationGuard(cacheWith({ is_frozen: true }, 'administrator'), ORG_ID, `/orgs/${ORG_ID}/billing`))).toBeNull();
  });
});
