// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_LOGO_MAX_BYTES } from '@flotilla/core/organization-rules';
import { ApiError } from '../../lib/http.ts';
import { loadAppCatalogs } from '../../lib/i18n.ts';
import { pine } from '../../lib/pine.ts';
import { isNameConflict, organizationErrorText } from './organization-errors.ts';
import { scopeFilter } from './api/scoped-applications.queries.ts';
import { applicationClassFromPath } from './components/OrganizationApplicationsPage.tsx';
import { readLogoFile } from './logo-file.ts';

// The error texts are the organizations catalog's, one of the signed-in app's (lib/i18n.ts).
beforeAll(() => loadAppCatalogs());

const filterOf = (f: ReturnType<typeof scopeFilter>) =>
  decodeURIComponent(pine.compile({ resource: 'application', options: { $filter: f } })).replace('application?$filter=', '');

describe('scopeFilter (accounts spec §2 scoped fleets, apps and blocks)', () => {
  it('keeps an organization scope to the organization and class', () => {
    expect(filterOf(scopeFilter(3, 'block', { kind: 'organization' }))).toBe("organization eq 3 and is_of__class eq 'block'");
  });

  it('limits a team scope to applications the team was granted', () => {
    expect(filterOf(scopeFilter(3, 'fleet', { kind: 'team', teamId: 9 }))).toBe(
      "organization eq 3 and is_of__class eq 'fleet' and team_application_access/any(taa:taa/team eq 9)",
    );
  });

  it('gives a member the fleets of their own memberships or of their teams', () => {
    expect(filterOf(scopeFilter(3, 'app', { kind: 'member', userId: 5 }))).toBe(
      "organization eq 3 and is_of__class eq 'app' and (" +
        'user_application_membership/any(uam:uam/user eq 5) or ' +
        'team_application_access/any(taa:taa/team/team_membership/any(tm:tm/user eq 5)))',
    );
  });
});

describe('applicationClassFromPath', () => {
  it('maps the last path segment to the application class', () => {
    expect(applicationClassFromPath('/orgs/1/fleets')).toBe('fleet');
    expect(applicationClassFromPath('/orgs/1/apps/')).toBe('app');
    expect(applicationClassFromPath('/orgs/1/blocks')).toBe('block');
  });
});

describe('organization write errors (accounts spec §8)', () => {
  it('treats a 409 about the name as the already-used field error, not one about the handle', () => {
    expect(isNameConflict(new ApiError('"name" must be unique.', 409))).toBe(true);
    expect(isNameConflict(new ApiError('"handle" must be unique.', 409))).toBe(false);
    expect(isNameConflict(new ApiError('"name" must be unique.', 400))).toBe(false);
  });

  it('translates catalog keys the API sends and shows other texts as sent', () => {
    expect(organizationErrorText(new ApiError('errors.cannot_delete_last_organization_admin', 409))).toMatch(/at least one administrator/);
    expect(organizationErrorText(new ApiError('"Delete or transfer the fleets first"', 409))).toBe('Delete or transfer the fleets first');
  });
});

describe('readLogoFile (accounts spec §5, §9: png or jpeg data URL up to 1,000,000 bytes)', () => {
  const png = Uint8Array.from(
    atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg=='),
    (c) => c.charCodeAt(0),
  );

  it('reads a png into a data URL', async () => {
    const result = await readLogoFile(new File([png], 'logo.png', { type: 'image/png' }));
    expect(result).toEqual({ dataUrl: `data:image/png;base64,${btoa(String.fromCharCode(...png))}` });
  });

  it('refuses other image types and files over the limit', async () => {
    expect(await readLogoFile(new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }))).toEqual({ problem: 'invalidType' });
    const big = new File([new Uint8Array(ORGANIZATION_LOGO_MAX_BYTES + 1)], 'big.jpg', { type: 'image/jpeg' });
    expect(await readLogoFile(big)).toEqual({ problem: 'tooLarge' });
    const limit = new File([new Uint8Array(ORGANIZATION_LOGO_MAX_BYTES)], 'limit.jpg', { type: 'image/jpeg' });
    expect(await readLogoFile(limit)).toHaveProperty('dataUrl');
  });
});
