#!/usr/bin/env -S npx tsx
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { CliError } from './errors.ts';
import { parseImageOptions } from './image-refs.ts';
import { createRelease, type CreatedRelease } from './release-create.ts';

/** flotilla: argument parsing and output only; the work is in release-create.ts. */

interface ReleaseCreateArgs {
  api: string;
  token?: string;
  fleet: string;
  compose: string;
  image: string[];
  version?: string;
  draft?: boolean;
  note?: string;
  json?: boolean;
  /** --push / --no-push; unset = push when the server publishes a registry. */
  push?: boolean;
}

const collect = (value: string, previous: string[]): string[] => [...previous, value];

const program = new Command().name('flotilla').description('Flotilla command line').showHelpAfterError();

const release = program.command('release').description('Work with releases');

release
  .command('create')
  .description('Create a release from a docker-compose file and image references, with the calls balena deploy makes')
  .option('--api <url>', 'API origin (env FLOTILLA_API_URL)', process.env.FLOTILLA_API_URL ?? 'http://127.0.0.1:8080')
  .option('--token <token>', "a user's session token or API key (env FLOTILLA_TOKEN)", process.env.FLOTILLA_TOKEN)
  .requiredOption('--fleet <slug-or-id>', 'fleet slug (org/name) or id')
  .option('--compose <path>', 'docker-compose file', 'docker-compose.yml')
  .option('--image <service=ref>', 'image reference a service runs (repeatable); wins over the compose file\'s "image:"; with --push also oci:<dir>[:tag], oci-archive:<file> or docker-archive:<file>', collect, [])
  .option('--push', "copy each image into the server's registry with skopeo (the default when the server has a registry)")
  .option('--no-push', 'record the image references as they are, without copying them')
  .option('--version <semver>', 'release version, e.g. 1.2.3')
  .option('--draft', 'create a draft (not final) release')
  .option('--note <text>', 'release note')
  .option('--json', 'print the result as JSON')
  .action(async (o: ReleaseCreateArgs) => {
    if (!o.token) throw new CliError('a token is required: --token <token> or FLOTILLA_TOKEN');
    const created = await createRelease({
      api: o.api,
      token: o.token,
      fleet: o.fleet,
      compose: readCompose(o.compose),
      images: parseImageOptions(o.image),
      version: o.version,
      draft: o.draft,
      note: o.note,
      push: o.push ?? 'auto',
    });
    console.log(o.json ? JSON.stringify(created, null, 2) : describe(created));
  });

function readCompose(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw new CliError(`cannot read the compose file ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
}

function describe(r: CreatedRelease): string {
  return [
    `Release ${r.id} created in ${r.fleet.slug}`,
    `  commit       ${r.commit}`,
    `  raw_version  ${r.rawVersion ?? '(none)'}`,
    `  status       ${r.status}`,
    `  services     ${r.images.map((i) => i.service).join(', ')}`,
    ...(r.pushed ? r.images.map((i) => `  pushed       ${i.service} → ${i.location}@${i.contentHash}`) : []),
  ].join('\n');
}

try {
  await program.parseAsync();
} catch (err) {
  // One line and a non-zero exit: what the user can fix says so; anything else is reported as it is.
  const message = err instanceof CliError ? err.message : `unexpected error: ${err instanceof Error ? err.message : String(err)}`;
  console.error(`flotilla: ${message}`);
  process.exitCode = 1;
}
