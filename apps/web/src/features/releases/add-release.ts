/**
 * What the add-release dialog shows (fleets spec §2 "Releases list and add-release dialog"):
 * the command-line tool's downloads for the version the server is configured with, the
 * commands that push or deploy to the fleet, and the git remote built from the user's
 * username, the git server and the fleet slug.
 */

export type CliPlatform = 'windows' | 'macos' | 'linux';

export interface CliDownload {
  platform: CliPlatform;
  fileName: string;
  href: string;
}

/**
 * The balena CLI's release assets: installers for Windows and macOS, the standalone zip for
 * Linux (its release page names them `balena-cli-v<version>-<platform>-…`).
 */
export function cliDownloads(baseUrl: string, version: string): CliDownload[] {
  const base = baseUrl.replace(/\/+$/, '');
  const tag = `v${version.replace(/^v/, '')}`;
  const asset = (platform: CliPlatform, suffix: string): CliDownload => {
    const fileName = `balena-cli-${tag}-${suffix}`;
    return { platform, fileName, href: `${base}/${tag}/${fileName}` };
  };
  return [asset('windows', 'windows-x64-installer.exe'), asset('macos', 'macOS-x64-installer.pkg'), asset('linux', 'linux-x64-standalone.zip')];
}

/** The command-line method's steps, each one command to copy. */
export function cliCommands(fleetSlug: string) {
  return {
    login: 'balena login',
    push: `balena push ${fleetSlug}`,
    deploy: `balena deploy ${fleetSlug}`,
    // Flotilla's own path for images already in a registry: no Docker needed (apps/cli).
    create: `flotilla release create --fleet ${fleetSlug} --compose docker-compose.yml --image main=<image reference>`,
  };
}

/** `<username>@<git server>:<fleet slug>.git`, or null when the server has no git endpoint or the user no username. */
export function gitRemote(username: string | undefined, gitServer: string | null, fleetSlug: string): string | null {
  if (!gitServer || !username) return null;
  return `${username}@${gitServer}:${fleetSlug}.git`;
}

/** The git method's commands: add the remote, then push the branch that should build. */
export function gitCommands(remote: string) {
  return { addRemote: `git remote add flotilla ${remote}`, push: 'git push flotilla main' };
}
