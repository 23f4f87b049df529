import { describe, expect, it } from 'vitest';
import { cliCommands, cliDownloads, gitCommands, gitRemote } from './add-release.ts';

describe('add-release dialog content', () => {
  it('links the configured CLI version for each platform under the download base', () => {
    const links = cliDownloads('https://mirror.example.org/cli/', '25.2.6');
    expect(links.map((l) => l.href)).toEqual([
      'https://mirror.example.org/cli/v25.2.6/balena-cli-v25.2.6-windows-x64-installer.exe',
      'https://mirror.example.org/cli/v25.2.6/balena-cli-v25.2.6-macOS-x64-installer.pkg',
      'https://mirror.example.org/cli/v25.2.6/balena-cli-v25.2.6-linux-x64-standalone.zip',
    ]);
    expect(cliDownloads('https://x.example', 'v1.0.0')[2]?.fileName).toBe('balena-cli-v1.0.0-linux-x64-standalone.zip');
  });

  it('names the fleet slug in the push, deploy and release commands', () => {
    const c = cliCommands('acme/garden');
    expect(c.push).toBe('balena push acme/garden');
    expect(c.deploy).toBe('balena deploy acme/garden');
    expect(c.create).toBe('flotilla release create --fleet acme/garden --compose docker-compose.yml --image main=<image reference>');
  });

  it('builds the git remote from username, git server and fleet slug, and none without a server or username', () => {
    expect(gitRemote('ada', 'git.example.org', 'acme/garden')).toBe('ada@git.example.org:acme/garden.git');
    expect(gitRemote('ada', null, 'acme/garden')).toBeNull();
    expect(gitRemote(undefined, 'git.example.org', 'acme/garden')).toBeNull();
    expect(gitCommands('ada@git.example.org:acme/garden.git')).toEqual({ addRemote: 'git remote add flotilla ada@git.example.org:acme/garden.git', push: 'git push flotilla main' });
  });
});
