import { describe, expect, it } from 'vitest';
import { breadcrumbTrail } from './breadcrumbs.ts';
import { sidebarContext } from './sidebar-entries.ts';

const labels = (crumbs: ReturnType<typeof breadcrumbTrail>) => crumbs.map((c) => c.labelKey ?? c.name ?? '…');
const current = (crumbs: ReturnType<typeof breadcrumbTrail>) => crumbs.filter((c) => c.isCurrent).map((c) => c.to);

describe('breadcrumbTrail', () => {
  it('has no trail on the home lists', () => {
    expect(breadcrumbTrail(sidebarContext({}, null), {}, '/fleets')).toEqual([]);
  });

  it('leads from the fleets list to the fleet, then its section', () => {
    const summary = breadcrumbTrail(sidebarContext({ fleetClass: 'fleets', fleetId: '7' }, null), { fleet: 'Sensors' }, '/fleets/7');
    expect(labels(summary)).toEqual(['sidebar.fleets', 'Sensors']);
    expect(current(summary)).toEqual(['/fleets/7']);
    const devices = breadcrumbTrail(sidebarContext({ fleetClass: 'fleets', fleetId: '7' }, null), { fleet: 'Sensors' }, '/fleets/7/devices');
    expect(labels(devices)).toEqual(['sidebar.fleets', 'Sensors', 'sidebar.devices']);
    expect(current(devices)).toEqual(['/fleets/7/devices']);
  });

  it('leads from the blocks list to a block', () => {
    const summary = breadcrumbTrail(sidebarContext({ fleetClass: 'blocks', fleetId: '7' }, null), { fleet: 'Proxy' }, '/blocks/7/settings');
    expect(labels(summary)).toEqual(['sidebar.blocks', 'Proxy', 'sidebar.settings']);
  });

  it('puts a device under its fleet once the fleet is known', () => {
    expect(labels(breadcrumbTrail(sidebarContext({ uuid: 'abc' }, 3), { fleet: 'Sensors', device: 'pi-1' }, '/devices/abc/summary'))).toEqual(['sidebar.fleets', 'Sensors', 'pi-1']);
    expect(labels(breadcrumbTrail(sidebarContext({ uuid: 'abc' }, null), {}, '/devices/abc/summary'))).toEqual(['sidebar.fleets', '…']);
    // A device's settings page: the section after the device.
    expect(labels(breadcrumbTrail(sidebarContext({ uuid: 'abc' }, 3), { fleet: 'Sensors', device: 'pi-1' }, '/devices/abc/settings'))).toEqual(['sidebar.fleets', 'Sensors', 'pi-1', 'sidebar.settings']);
  });

  it("puts a release under its fleet's releases, then the release's section", () => {
    const release = sidebarContext({ fleetClass: 'fleets', fleetId: '7', releaseId: '30' }, null);
    const summary = breadcrumbTrail(release, { fleet: 'Sensors', release: '1.2.3' }, '/fleets/7/releases/30/summary');
    expect(labels(summary)).toEqual(['sidebar.fleets', 'Sensors', 'sidebar.releases', '1.2.3']);
    expect(current(summary)).toEqual(['/fleets/7/releases/30/summary']);
    const settings = breadcrumbTrail(release, { fleet: 'Sensors', release: '1.2.3' }, '/fleets/7/releases/30/settings');
    expect(labels(settings)).toEqual(['sidebar.fleets', 'Sensors', 'sidebar.releases', '1.2.3', 'sidebar.settings']);
    expect(settings.map((c) => c.to)).toEqual(['/fleets', '/fleets/7', '/fleets/7/releases', '/fleets/7/releases/30/summary', '/fleets/7/releases/30/settings']);
  });

  it('leads through the organization to its sections, members and teams', () => {
    const org = sidebarContext({ orgId: '4' }, null);
    expect(labels(breadcrumbTrail(org, { organization: 'Acme' }, '/orgs/4'))).toEqual(['sidebar.organizations', 'Acme']);
    expect(labels(breadcrumbTrail(org, { organization: 'Acme' }, '/orgs/4/members/'))).toEqual(['sidebar.organizations', 'Acme', 'sidebar.members']);
    const member = breadcrumbTrail(sidebarContext({ orgId: '4', memberId: '9' }, null), { organization: 'Acme', member: 'alice' }, '/orgs/4/members/9/teams');
    expect(labels(member)).toEqual(['sidebar.organizations', 'Acme', 'sidebar.members', 'alice', 'sidebar.teams']);
    expect(member.map((c) => c.to)).toEqual(['/orgs', '/orgs/4', '/orgs/4/members', '/orgs/4/members/9', '/orgs/4/members/9/teams']);
    const team = breadcrumbTrail(sidebarContext({ orgId: '4', teamId: '2' }, null), { organization: 'Acme', team: 'Ops' }, '/orgs/4/teams/2');
    expect(labels(team)).toEqual(['sidebar.organizations', 'Acme', 'sidebar.teams', 'Ops']);
    expect(current(team)).toEqual(['/orgs/4/teams/2']);
  });

  it('shows a name as loading (null) until it is known', () => {
    expect(breadcrumbTrail(sidebarContext({ orgId: '4' }, null), {}, '/orgs/4')[1]).toEqual({ name: null, to: '/orgs/4', isCurrent: true });
  });
});
