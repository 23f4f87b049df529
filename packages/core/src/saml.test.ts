import { describe, expect, it } from 'vitest';
import {
  CERTIFICATE_BEGIN,
  CERTIFICATE_END,
  canMergeSamlAccount,
  certificateFromBase64,
  identityProviderCreateBody,
  identityProviderFields,
  identityProviderProblems,
  isMergeConsentComplete,
  isMetadataWithinLimit,
  isValidEntryPoint,
  normalizeCertificate,
  ssoIdentifierProblem,
} from './saml.ts';

const body = 'MIIC'.repeat(40); // 160 base64 characters
const pem = `${CERTIFICATE_BEGIN}\n${body}\n${CERTIFICATE_END}`;

describe('sso identifier (accounts §5, §9)', () => {
  it('needs 3 or more lowercase letters, digits, underscores or hyphens', () => {
    expect(ssoIdentifierProblem('')).toBe('required');
    expect(ssoIdentifierProblem('ab')).toBe('too_short');
    expect(ssoIdentifierProblem('abc')).toBeNull();
    expect(ssoIdentifierProblem('acme_corp-2')).toBeNull();
    expect(ssoIdentifierProblem('Acme')).toBe('invalid_characters');
    expect(ssoIdentifierProblem('acme corp')).toBe('invalid_characters');
    expect(ssoIdentifierProblem('acme/../x')).toBe('invalid_characters');
    expect(ssoIdentifierProblem('a'.repeat(101))).toBe('too_long');
  });
});

describe('entry point', () => {
  it('is an absolute http(s) URL', () => {
    expect(isValidEntryPoint('https://idp.example.com/sso')).toBe(true);
    expect(isValidEntryPoint('http://127.0.0.1:8080/sso')).toBe(true);
    expect(isValidEntryPoint('javascript:alert(1)')).toBe(false);
    expect(isValidEntryPoint('/relative')).toBe(false);
    expect(isValidEntryPoint('not a url')).toBe(false);
  });
});

describe('certificate format (accounts §5 invalid_certificate_format)', () => {
  it('accepts the markers once each around base64 and wraps the body at 64', () => {
    const stored = normalizeCertificate(`  \n${CERTIFICATE_BEGIN}${body}${CERTIFICATE_END}\n `)!;
    const lines = stored.split('\n');
    expect(lines[0]).toBe(CERTIFICATE_BEGIN);
    expect(lines.at(-1)).toBe(CERTIFICATE_END);
    expect(lines.slice(1, -1).map((l) => l.length)).toEqual([64, 64, 32]);
    expect(normalizeCertificate(pem)).toBe(stored);
  });

  it('refuses missing, repeated or misplaced markers and a non-base64 body', () => {
    expect(normalizeCertificate(body)).toBeNull();
    expect(normalizeCertificate(`${CERTIFICATE_BEGIN}\n${body}`)).toBeNull();
    expect(normalizeCertificate(`${pem}\n${pem}`)).toBeNull();
    expect(normalizeCertificate(`${CERTIFICATE_BEGIN}\n${CERTIFICATE_BEGIN}\n${body}\n${CERTIFICATE_END}`)).toBeNull();
    expect(normalizeCertificate(`junk${pem}`)).toBeNull();
    expect(normalizeCertificate(`${CERTIFICATE_BEGIN}\nnot base64!\n${CERTIFICATE_END}`)).toBeNull();
    expect(normalizeCertificate(`${CERTIFICATE_BEGIN}\n${CERTIFICATE_END}`)).toBeNull();
  });

  it('wraps a bare base64 body from metadata XML', () => {
    expect(certificateFromBase64(`\n  ${body.slice(0, 80)}\n  ${body.slice(80)}\n`)).toBe(normalizeCertificate(pem));
    expect(certificateFromBase64('***')).toBeNull();
  });
});

describe('metadata size', () => {
  it('allows at most 1,000,000 bytes', () => {
    expect(isMetadataWithinLimit(1_000_000)).toBe(true);
    expect(isMetadataWithinLimit(1_000_001)).toBe(false);
  });
});

describe('merge consent (accounts §5)', () => {
  it('needs the same email, case-insensitively, and both boxes', () => {
    expect(canMergeSamlAccount('Jane@Example.com', 'jane@example.com ')).toBe(true);
    expect(canMergeSamlAccount('jane@example.com', 'john@example.com')).toBe(false);
    const both = { acceptsTerms: true, understandsApiKeyDeletion: true };
    expect(isMergeConsentComplete(both, 'a@x.io', 'A@X.IO')).toBe(true);
    expect(isMergeConsentComplete({ ...both, acceptsTerms: false }, 'a@x.io', 'a@x.io')).toBe(false);
    expect(isMergeConsentComplete({ ...both, understandsApiKeyDeletion: false }, 'a@x.io', 'a@x.io')).toBe(false);
    expect(isMergeConsentComplete(both, 'a@x.io', 'b@x.io')).toBe(false);
  });
});

describe('identity provider form (accounts §5, §8)', () => {
  const valid = { sso_identifier: 'acme', entry_point: 'https://idp.example.com/sso', issuer: ' https://idp.example.com ', certificate: pem };

  it('accepts the fields, trims the issuer and gives the certificate its stored form', () => {
    const parsed = identityProviderFields.parse(valid);
    expect(parsed.issuer).toBe('https://idp.example.com');
    expect(parsed.certificate).toBe(normalizeCertificate(pem));
    expect(identityProviderProblems(identityProviderFields, valid)).toEqual({});
  });

  it('names the first problem of each field', () => {
    expect(identityProviderProblems(identityProviderFields, { sso_identifier: 'Acme Corp', entry_point: 'not a url', issuer: '  ', certificate: 'MIIC' })).toEqual({
      sso_identifier: 'invalid_characters',
      entry_point: 'invalid_url',
      issuer: 'required',
      certificate: 'invalid_certificate_format',
    });
    expect(identityProviderProblems(identityProviderFields, { sso_identifier: '', entry_point: '', issuer: 'x', certificate: '' })).toEqual({
      sso_identifier: 'required',
      entry_point: 'required',
      certificate: 'required',
    });
  });

  it('needs at least one organization on create', () => {
    expect(identityProviderProblems(identityProviderCreateBody, { ...valid, organization_id: [] })).toEqual({ organization_id: 'no_organization_selected' });
    expect(identityProviderProblems(identityProviderCreateBody, { ...valid, organization_id: [4] })).toEqual({});
  });
});
