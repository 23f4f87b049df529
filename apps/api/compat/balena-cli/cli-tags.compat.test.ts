// balena-cli 25 `tag set|list|rm` on fleets, devices and releases against a live Flotilla
// server (issue 15): a second set of a key updates it in place, and a stranger's CLI is told the
// owner's fleet, device or release does not exist.
import { beforeAll, describe, expect, it } from 'vitest';
import { balenaDeploy } from '../balena-deploy.ts';
import { orgAndFleet, registeredDevice, useLiveServer, type Fleet } from '../sdk-fixtures.ts';
import type { BalenaCli } from './cli.ts';
import { signedUpCli } from './signed-up-cli.ts';

const server = useLiveServer();

let cli: BalenaCli;
let fleet: Fleet;
let uuid: string;
let releaseId: number;

beforeAll(async () => {
  const signedUp = await signedUpCli(server.current);
  cli = signedUp.cli;
  fleet = await orgAndFleet(signedUp.sdk);
  ({ uuid } = await registeredDevice(signedUp.sdk, fleet.slug));
  ({ releaseId } = await balenaDeploy(signedUp.sdk, server.current.url, fleet.fleetId, { services: [{ name: 'main' }] }));
});

/** `tag list` prints a "TAG KEY" / VALUE table, sorted by key. */
const tagTable = (...rows: [string, string][]) => new RegExp(`^TAG KEY\\s+VALUE\\s*\\n${rows.map(([k, v]) => `${k}${v ? `\\s+${v}` : ''}\\s*`).join('\\n')}$`, 'm');

describe('balena tag', () => {
  // Flags are built when the test runs: the fleet, device and release exist only after beforeAll.
  const targets: [string, () => string[]][] = [
    ['fleet', () => ['--fleet', fleet.slug]],
    ['device', () => ['--device', uuid]],
    ['release', () => ['--release', String(releaseId)]],
  ];

  for (const [name, targetFlags] of targets) {
    it(`sets, updates, lists and removes tags on a ${name}`, async () => {
      const flags = targetFlags();
      await cli.ok(['tag', 'set', 'site', 'lab', ...flags]);
      await cli.ok(['tag', 'set', 'owner', ...flags]); // a tag without a value
      await cli.ok(['tag', 'set', 'site', 'factory', ...flags]); // updates in place
      expect(await cli.ok(['tag', 'list', ...flags])).toMatch(tagTable(['owner', ''], ['site', 'factory']));
      await cli.ok(['tag', 'rm', 'owner', ...flags]);
      expect(await cli.ok(['tag', 'list', ...flags])).toMatch(tagTable(['site', 'factory']));
    });
  }

  it('says when there are no tags', async () => {
    const { sdk, cli: own } = await signedUpCli(server.current);
    const empty = await orgAndFleet(sdk);
    const res = await own.run(['tag', 'list', '--fleet', empty.slug]);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('No tags found');
  });

  it("neither reads nor writes another user's fleet, device and release tags", async () => {
    await cli.ok(['tag', 'set', 'secret', 'mine', '--fleet', fleet.slug]);
    const { cli: other } = await signedUpCli(server.current);
    const denied: [string[], string][] = [
      [['tag', 'list', '--fleet', fleet.slug], `Application not found: ${fleet.slug}`],
      [['tag', 'set', 'secret', 'theirs', '--fleet', fleet.slug], `Application not found: ${fleet.slug}`],
      [['tag', 'rm', 'secret', '--fleet', fleet.slug], `Application not found: ${fleet.slug}`],
      [['tag', 'set', 'k', 'v', '--device', uuid], `Device not found: ${uuid}`],
      [['tag', 'list', '--release', String(releaseId)], `Release not found: ${releaseId}`],
      [['tag', 'set', 'k', 'v', '--release', String(releaseId)], `Release not found: ${releaseId}`],
    ];
    for (const [args, message] of denied) {
      const res = await other.run(args);
      expect(res.code, args.join(' ')).not.toBe(0);
      expect(res.stderr, args.join(' ')).toContain(message);
    }
    expect(await cli.ok(['tag', 'list', '--fleet', fleet.slug])).toMatch(/^secret\s+mine\s*$/m);
  });
});
