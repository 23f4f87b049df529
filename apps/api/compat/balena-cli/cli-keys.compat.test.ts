// balena-cli 25 API key and SSH key commands against a live Flotilla server (issue 15): generate,
// list and revoke API keys (a generated key logs a CLI in, a revoked one no longer does); add,
// list, show and remove SSH keys; each asserted on what the CLI prints, and another user's CLI
// answered with not-found for keys that are not its own.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { unique, useLiveServer } from '../sdk-fixtures.ts';
import { ed25519Key } from '../../src/test/ssh-public-key.ts';
import { balenaCli } from './cli.ts';
import { signedUpCli } from './signed-up-cli.ts';

const server = useLiveServer();
// One user's logged-in CLI serves the file (each call costs a node start-up); the keys are named
// uniquely per test, so no test reads another's.
let signedUp: Awaited<ReturnType<typeof signedUpCli>>;
beforeAll(async () => {
  signedUp = await signedUpCli(server.current);
});

/** The id in the first column of the list row whose NAME column is `name`. */
function idInList(list: string, name: string): string {
  const id = new RegExp(`^(\\d+)\\s+${name}(\\s|$)`, 'm').exec(list)?.[1];
  expect(id, `${name} in\n${list}`).toBeDefined();
  return id as string;
}

/**
 * `balena ssh-key add <name> <path>`. The key goes in a file: the CLI's other form, the key piped
 * on stdin, is read by oclif with a 10 ms timeout and so loses the key on a loaded machine.
 */
async function addSshKey(name: string, publicKey: string): Promise<void> {
  const path = join(signedUp.cli.dataDir, `${name}.pub`);
  writeFileSync(path, `${publicKey}\n`);
  expect(await signedUp.cli.ok(['ssh-key', 'add', name, path])).toBe('');
}

async function generateApiKey(name: string, expiry: string): Promise<string> {
  const out = await signedUp.cli.ok(['api-key', 'generate', name, expiry]);
  expect(out).toContain('This key will not be shown again, so please save it now.');
  const printed = new RegExp(`Registered api key '${name}':\\n\\n(\\w{32})\\n\\n`);
  expect(out).toMatch(printed);
  return printed.exec(out)?.[1] ?? '';
}

describe('balena api-key', () => {
  it('generates keys that log a CLI in, lists them with their expiry, and revokes one', { timeout: 180_000 }, async () => {
    const forever = `ci${unique()}`;
    const dated = `jenkins${unique()}`;
    const key = await generateApiKey(forever, 'never');
    await generateApiKey(dated, '2030-01-01');

    const list = await signedUp.cli.ok(['api-key', 'list']);
    expect(list).toMatch(/^ID\s+NAME\s+CREATED AT\s+DESCRIPTION\s+EXPIRY DATE/);
    expect(list).toMatch(new RegExp(`^\\d+\\s+${forever}\\s+\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\s+N/a\\s+N/a$`, 'm'));
    expect(list).toMatch(new RegExp(`^\\d+\\s+${dated}\\s+\\S+\\s+N/a\\s+2030-01-01T00:00:00.000Z$`, 'm'));

    const withKey = balenaCli(server.current.url);
    await withKey.login(key);
    expect(await withKey.ok(['whoami'])).toMatch(new RegExp(`USERNAME:\\s+${signedUp.username}`));

    expect(await signedUp.cli.ok(['api-key', 'revoke', idInList(list, forever)])).toContain('Successfully revoked the given API keys');
    const after = await signedUp.cli.ok(['api-key', 'list']);
    expect(after).not.toContain(forever);
    expect(after).toContain(dated);
    const revoked = await withKey.run(['whoami']);
    expect(revoked.code).not.toBe(0);
    expect(revoked.stderr).toContain('Login required');
  });
});

describe('balena ssh-key', () => {
  it('adds keys, lists and shows them, and removes one', { timeout: 180_000 }, async () => {
    const first = ed25519Key('laptop');
    const firstName = `laptop${unique()}`;
    const secondName = `desktop${unique()}`;
    await addSshKey(firstName, first.publicKey);
    await addSshKey(secondName, ed25519Key('desktop').publicKey);

    const list = await signedUp.cli.ok(['ssh-key', 'list']);
    expect(list).toMatch(/^ID\s+NAME/);
    const id = idInList(list, firstName);
    idInList(list, secondName);

    const shown = await signedUp.cli.ok(['ssh-key', id]);
    expect(shown).toMatch(new RegExp(`^ID:\\s+${id}$`, 'm'));
    expect(shown).toMatch(new RegExp(`^NAME:\\s+${firstName}$`, 'm'));
    expect(shown).toContain(first.publicKey);

    expect(await signedUp.cli.ok(['ssh-key', 'rm', id, '--yes'])).toBe('');
    const after = await signedUp.cli.ok(['ssh-key', 'list']);
    expect(after).not.toContain(firstName);
    expect(after).toContain(secondName);
    const gone = await signedUp.cli.run(['ssh-key', id]);
    expect(gone.code).not.toBe(0);
    expect(gone.stderr).toContain(`BalenaKeyNotFound: Key not found: ${id}`);
  });
});

describe("another user's keys", () => {
  it('are not found by a second CLI, which can neither show, remove nor revoke them', { timeout: 180_000 }, async () => {
    const sshName = `mine${unique()}`;
    const apiName = `mine${unique()}`;
    await addSshKey(sshName, ed25519Key().publicKey);
    await generateApiKey(apiName, 'never');
    const sshId = idInList(await signedUp.cli.ok(['ssh-key', 'list']), sshName);
    const apiId = idInList(await signedUp.cli.ok(['api-key', 'list']), apiName);

    const { cli: other } = await signedUpCli(server.current);
    const refused: [string[], string][] = [
      [['ssh-key', sshId], `Key not found: ${sshId}`],
      [['ssh-key', 'rm', sshId, '--yes'], 'user_public_key not found'],
      [['api-key', 'revoke', apiId], 'api_key not found'],
    ];
    for (const [args, message] of refused) {
      const result = await other.run(args);
      expect(result.code, args.join(' ')).not.toBe(0);
      expect(result.stderr, args.join(' ')).toContain(message);
    }
    expect(await other.ok(['ssh-key', 'list'])).not.toContain(sshName);
    expect(await other.ok(['api-key', 'list'])).not.toContain(apiName);

    expect(await signedUp.cli.ok(['ssh-key', 'list'])).toContain(sshName);
    expect(await signedUp.cli.ok(['api-key', 'list'])).toContain(apiName);
  });
});
