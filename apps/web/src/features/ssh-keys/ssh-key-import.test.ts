import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { importOutcome, importedKeyTitles, keysNotYetSaved } from './ssh-key-import.ts';
import { SSH_KEY_MESSAGES, validateSshKeyTitle, validateSshPublicKey } from './ssh-key-rules.ts';

const ED = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl';
const RSA = 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7';

describe('importedKeyTitles', () => {
  it('numbers from 1 when nothing is taken', () => {
    expect(importedKeyTitles([], 3)).toEqual(['GitHub Key 1', 'GitHub Key 2', 'GitHub Key 3']);
  });

  it('skips numbers already used, whatever the case', () => {
    expect(importedKeyTitles(['GitHub Key 1', 'github key 3', 'laptop'], 3)).toEqual(['GitHub Key 2', 'GitHub Key 4', 'GitHub Key 5']);
  });

  it('never returns a taken or repeated title (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 20 }).map((n) => `GitHub Key ${n}`)), fc.integer({ min: 0, max: 10 }), (taken, count) => {
        const titles = importedKeyTitles(taken, count);
        expect(titles).toHaveLength(count);
        expect(new Set(titles).size).toBe(count);
        for (const title of titles) expect(taken).not.toContain(title);
      }),
    );
  });
});

describe('keysNotYetSaved', () => {
  it('drops keys already saved even when their comment differs, and repeats', () => {
    expect(keysNotYetSaved([`${ED} from-github`, RSA, `${RSA} again`], [`${ED} me@laptop`])).toEqual([RSA]);
  });

  it('keeps everything when nothing is saved', () => {
    expect(keysNotYetSaved([ED, RSA], [])).toEqual([ED, RSA]);
  });
});

describe('importOutcome', () => {
  it('tells none returned, all already saved, and the saved/failed counts apart', () => {
    expect(importOutcome(0, 0, 0)).toEqual({ kind: 'none-returned' });
    expect(importOutcome(2, 0, 0)).toEqual({ kind: 'all-saved-already', count: 2 });
    expect(importOutcome(3, 2, 1)).toEqual({ kind: 'done', saved: 1, failed: 1, total: 2 });
  });
});

describe('SSH key form rules', () => {
  it('requires a title and a key with the spec messages', () => {
    expect(validateSshKeyTitle('  ')).toBe(SSH_KEY_MESSAGES.titleRequired);
    expect(validateSshKeyTitle('laptop')).toBeNull();
    expect(validateSshPublicKey('')).toBe(SSH_KEY_MESSAGES.keyRequired);
  });

  it('accepts the supported key types and refuses others', () => {
    expect(validateSshPublicKey(`${ED} me@host`)).toBeNull();
    expect(validateSshPublicKey('ssh-dss AAAAB3NzaC1kc3MAAACBAP')).toBeNull();
    expect(validateSshPublicKey('ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTY=')).toBeNull();
    expect(validateSshPublicKey('ssh-foo AAAA')).toBe(SSH_KEY_MESSAGES.keyInvalid);
    expect(validateSshPublicKey('ssh-rsa !!not-base64')).toBe(SSH_KEY_MESSAGES.keyInvalid);
  });
});
