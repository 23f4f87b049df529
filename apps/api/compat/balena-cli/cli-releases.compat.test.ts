// balena-cli 25 `release list|<commit>|--composition|finalize|validate|invalidate` against a live
// Flotilla server (issue 15). Releases are made by the SDK sequence `balena deploy` sends
// (../balena-deploy.ts): the CLI's own `deploy` needs a Docker daemon even with --build off
// (it reads the images from it), and there is none here; the last test shows what it says.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { balenaDeploy, type Deployed } from '../balena-deploy.ts';
import { orgAndFleet, useLiveServer, type Fleet, type Sdk } from '../sdk-fixtures.ts';
import type { BalenaCli } from './cli.ts';
import { signedUpCli } from './signed-up-cli.ts';

const server = useLiveServer();

let cli: BalenaCli;
let sdk: Sdk;
let fleet: Fleet;
let final: Deployed;
let draft: Deployed;

beforeAll(async () => {
  ({ sdk, cli } = await signedUpCli(server.current));
  fleet = await orgAndFleet(sdk);
  const services = [{ name: 'main', labels: { 'io.balena.features.dbus': '1' } }];
  final = await balenaDeploy(sdk, server.current.url, fleet.fleetId, { services, semver: '1.2.3' });
  draft = await balenaDeploy(sdk, server.current.url, fleet.fleetId, { services, semver: '1.2.3', isDraft: true });
  await sdk.models.release.tags.set(final.releaseId, 'stage', 'beta');
});

/** A line of `release <commit>`'s vertical table. */
const field = (name: string, value: string | number) => new RegExp(`^${name}:\\s+${String(value).replace(/[.+]/g, '\\$&')}\\s*$`, 'm');

describe('balena release', () => {
  it("lists a fleet's releases with the version derived from the semver they were created with", async () => {
    const table = await cli.ok(['release', 'list', fleet.slug]);
    expect(table).toMatch(/^ID\s+COMMIT\s+CREATED AT\s+STATUS\s+VERSION\s+IS FINAL\s*$/m);
    expect(table).toMatch(new RegExp(`^${final.releaseId}\\s+${final.commit}\\s+\\S.*\\s+success\\s+1\\.2\\.3\\s+true\\s*$`, 'm'));
    // A draft's version is its semver with its creation time as prerelease (balena's rule).
    expect(table).toMatch(new RegExp(`^${draft.releaseId}\\s+${draft.commit}\\s+\\S.*\\s+success\\s+1\\.2\\.3-\\d+\\s+false\\s*$`, 'm'));
  });

  it('shows one release, with its tags, and its composition', async () => {
    const shown = await cli.ok(['release', final.commit]);
    for (const line of [field('ID', final.releaseId), field('COMMIT', final.commit), field('STATUS', 'success'), field('VERSION', '1.2.3'), field('IS FINAL', 'true'), field('TAGS', 'stage=beta')]) {
      expect(shown).toMatch(line);
    }
    const composition = await cli.ok(['release', final.commit, '--composition']);
    expect(composition).toBe("version: '2.4'\nservices:\n  main:\n    build: ./main\n    labels:\n      io.balena.features.dbus: '1'\n\n");
  });

  it('finalizes a draft, which takes the next revision of its version', async () => {
    expect(await cli.ok(['release', 'finalize', draft.commit])).toContain(`Release ${draft.commit} finalized`);
    const shown = await cli.ok(['release', String(draft.releaseId)]);
    expect(shown).toMatch(field('VERSION', '1.2.3+rev1'));
    expect(shown).toMatch(field('IS FINAL', 'true'));
    expect(await cli.ok(['release', 'finalize', draft.commit])).toContain(`Release ${draft.commit} is already finalized!`);
  });

  it('invalidates and validates a release', async () => {
    expect(await cli.ok(['release', 'invalidate', final.commit])).toContain(`Release ${final.commit} invalidated`);
    expect((await sdk.models.release.get(final.releaseId, { $select: 'is_invalidated' })).is_invalidated).toBe(true);
    expect(await cli.ok(['release', 'invalidate', final.commit])).toContain(`Release ${final.commit} is already invalidated!`);
    expect(await cli.ok(['release', 'validate', final.commit])).toContain(`Release ${final.commit} validated`);
    expect((await sdk.models.release.get(final.releaseId, { $select: 'is_invalidated' })).is_invalidated).toBe(false);
  });

  it("tells another user the first user's fleet and releases do not exist", async () => {
    const { cli: other } = await signedUpCli(server.current);
    const denied: [string[], string][] = [
      [['release', 'list', fleet.slug], `Application not found: ${fleet.slug}`],
      [['release', final.commit], `Release not found: ${final.commit}`],
      [['release', String(final.releaseId), '--composition'], `Release not found: ${final.releaseId}`],
      [['release', 'invalidate', final.commit], `Release not found: ${final.commit}`],
    ];
    for (const [args, message] of denied) {
      const res = await other.run(args);
      expect(res.code, args.join(' ')).not.toBe(0);
      expect(res.stderr, args.join(' ')).toContain(message);
    }
    expect((await sdk.models.release.get(final.releaseId, { $select: 'is_invalidated' })).is_invalidated).toBe(false);
  });

  it('deploy without --build still needs a Docker daemon, and says so', async () => {
    const project = mkdtempSync(join(tmpdir(), 'deploy-'));
    writeFileSync(join(project, 'docker-compose.yml'), "version: '2.4'\nservices:\n  main:\n    image: alpine:3.20\n");
    const res = await cli.run(['deploy', fleet.slug, '--source', project], { env: { DOCKER_HOST: 'unix:///nonexistent/docker.sock' } });
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('Docker seems to be unavailable. Is it installed and running?');
  });
});
