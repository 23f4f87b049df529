import { describe, expect, it } from 'vitest';
import { hasSidebar, sidebarBackLink, sidebarContext, sidebarEntries } from './sidebar-entries.ts';

describe('sidebar entries', () => {
  it('shows fleets, apps (behind the flag), blocks, organizations and the identity provider (behind the SAML feature) at home', () => {
    const entries = sidebarEntries(sidebarContext({}, null));
    expect(entries.map((e) => e.to)).toEqual(['/fleets', '/apps', '/blocks', '/orgs', '/identity-provider']);
    expect(entries.filter((e) => e.appsOnly).map((e) => e.to)).toEqual(['/apps']);
    // Accounts spec §2: /identity-provider only when the SAML feature is on and social providers include saml.
    expect(entries.filter((e) => e.samlOnly).map((e) => [e.labelKey, e.to])).toEqual([['sidebar.identityProvider', '/identity-provider']]);
    // Accounts spec §2: the home Apps entry carries an alpha badge.
    expect(entries.find((e) => e.to === '/apps')?.badgeKey).toBe('sidebar.alpha');
  });

  it('shows a fleet its pages: summary, devices, releases, settings, provisioning keys, members, teams', () => {
    const entries = sidebarEntries(sidebarContext({ fleetClass: 'fleets', fleetId: '7' }, null));
    expect(entries.map((e) => [e.labelKey, e.to])).toEqual([
      ['sidebar.summary', '/fleets/7'],
      ['sidebar.devices', '/fleets/7/devices'],
      ['deviceLogs:sidebarEntry', '/fleets/7/logs'],
      ['sidebar.releases', '/fleets/7/releases'],
      ['variables:sidebarEntry', '/fleets/7/envvars'],
      ['configuration:sidebarEntry', '/fleets/7/config'],
      ['sidebar.settings', '/fleets/7/settings'],
      ['sidebar.apiKeys', '/fleets/7/api-keys'],
      ['sidebar.members', '/fleets/7/members'],
      ['sidebar.teams', '/fleets/7/teams'],
    ]);
    expect(entries.find((e) => e.labelKey === 'sidebar.settings')?.hiddenForObservers).toBe(true);
    expect(entries.find((e) => e.labelKey === 'sidebar.apiKeys')?.permission).toBe('resin.api_key.read');
  });

  it('gives blocks and apps no devices or provisioning keys, apps members and teams only for managers', () => {
    const block = sidebarEntries(sidebarContext({ fleetClass: 'blocks', fleetId: '7' }, null));
    expect(block.map((e) => e.to)).toEqual(['/blocks/7', '/blocks/7/releases', '/blocks/7/settings', '/blocks/7/members', '/blocks/7/teams']);
    expect(block.some((e) => e.permission)).toBe(false);
    const app = sidebarEntries(sidebarContext({ fleetClass: 'apps', fleetId: '7' }, null));
    expect(app.map((e) => e.to)).toEqual(['/apps/7', '/apps/7/releases', '/apps/7/settings', '/apps/7/members', '/apps/7/teams']);
    expect(app.filter((e) => e.permission === 'resin.application.update').map((e) => e.to)).toEqual(['/apps/7/members', '/apps/7/teams']);
    expect(sidebarBackLink(sidebarContext({ fleetClass: 'blocks', fleetId: '7' }, null))).toEqual({ labelKey: 'sidebar.allBlocks', to: '/blocks' });
  });

  it('shows a release its summary and settings (hidden for observers), and leads back to the releases', () => {
    const context = sidebarContext({ fleetClass: 'blocks', fleetId: '7', releaseId: '42' }, null);
    const entries = sidebarEntries(context);
    expect(entries.map((e) => [e.labelKey, e.to])).toEqual([
      ['sidebar.summary', '/blocks/7/releases/42/summary'],
      ['sidebar.settings', '/blocks/7/releases/42/settings'],
    ]);
    expect(entries.find((e) => e.labelKey === 'sidebar.settings')?.hiddenForObservers).toBe(true);
    expect(sidebarBackLink(context)).toEqual({ labelKey: 'sidebar.allReleases', to: '/blocks/7/releases' });
    // A non-numeric release id is the fleet's own sidebar (the route sends the user up anyway).
    expect(sidebarContext({ fleetClass: 'fleets', fleetId: '7', releaseId: 'x' }, null)).toEqual({ kind: 'fleet', applicationClass: 'fleet', fleetId: 7 });
  });

  it('falls back to home for a non-numeric fleet id', () => {
    expect(sidebarContext({ fleetClass: 'fleets', fleetId: 'x' }, null)).toEqual({ kind: 'home' });
  });

  it('shows the device pages in the spec order, settings hidden for observers, and its fleet devices on a device page', () => {
    const entries = sidebarEntries(sidebarContext({ uuid: 'abc' }, 3));
    expect(entries.map((e) => e.to)).toEqual(['/devices/abc/summary', '/devices/abc/envvars', '/devices/abc/config', '/devices/abc/actions', '/devices/abc/settings', '/devices/abc/diagnostics', '/devices/abc/location', '/fleets/3/devices']);
    expect(entries.find((e) => e.to === '/devices/abc/settings')?.hiddenForObservers).toBe(true);
    expect(entries.find((e) => e.to === '/devices/abc/diagnostics')?.permission).toBe('resin.device.access_diagnostics');
  });

  it('shows the organization entries, apps behind the flag', () => {
    const entries = sidebarEntries(sidebarContext({ orgId: '4' }, null));
    expect(entries.map((e) => e.to)).toEqual(['/orgs/4', '/orgs/4/fleets', '/orgs/4/apps', '/orgs/4/blocks', '/orgs/4/members', '/orgs/4/teams', '/orgs/4/billing', '/orgs/4/credits']);
    expect(entries.find((e) => e.to === '/orgs/4/apps')?.appsOnly).toBe(true);
    // Accounts spec §2: billing needs resin.organization.access_billing.
    expect(entries.find((e) => e.to === '/orgs/4/billing')?.permission).toBe('resin.organization.access_billing');
    // ... and so do credits.
    expect(entries.find((e) => e.to === '/orgs/4/credits')?.permission).toBe('resin.organization.access_billing');
  });

  it('shows member and team entries under their organization', () => {
    expect(sidebarEntries(sidebarContext({ orgId: '4', memberId: '9' }, null)).map((e) => e.to).at(-1)).toBe('/orgs/4/members/9/teams');
    expect(sidebarEntries(sidebarContext({ orgId: '4', teamId: '2' }, null)).map((e) => e.to).at(-1)).toBe('/orgs/4/teams/2/members');
  });

  it('leads back to the list the page belongs to', () => {
    expect(sidebarBackLink(sidebarContext({}, null))).toBeNull();
    expect(sidebarBackLink(sidebarContext({ fleetClass: 'fleets', fleetId: '7' }, null))?.to).toBe('/fleets');
    expect(sidebarBackLink(sidebarContext({ orgId: '4' }, null))?.to).toBe('/orgs');
    expect(sidebarBackLink(sidebarContext({ orgId: '4', memberId: '9' }, null))).toEqual({ labelKey: 'sidebar.allMembers', to: '/orgs/4/members' });
    expect(sidebarBackLink(sidebarContext({ orgId: '4', teamId: '2' }, null))).toEqual({ labelKey: 'sidebar.allTeams', to: '/orgs/4/teams' });
  });

  it('has no sidebar on preferences, the profile step and email verification', () => {
    expect(['/fleets', '/orgs/4/members', '/preferencesx'].map(hasSidebar)).toEqual([true, true, true]);
    expect(['/preferences', '/preferences/sshkeys', '/signup/profile', '/user/verify-email/pending'].map(hasSidebar)).toEqual([false, false, false, false]);
  });
});
