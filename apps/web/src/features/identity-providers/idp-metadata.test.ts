// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { CERTIFICATE_BEGIN, CERTIFICATE_END } from '@flotilla/core/saml';
import { parseIdpMetadata } from './idp-metadata.ts';

const body = 'MIIC'.repeat(20);

function metadata({ services, keys }: { services: string; keys: string }): string {
  return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID=" https://idp.example.com/metadata ">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    ${keys}
    ${services}
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
}
const key = (use: string | null, cert: string) =>
  `<md:KeyDescriptor${use ? ` use="${use}"` : ''}><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${cert}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`;
const service = (binding: string, location: string) => `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:${binding}" Location="${location}"/>`;

describe('IdP metadata XML (accounts §2, §5, §8)', () => {
  it('takes the entity id, the HTTP-Redirect sign-on location and the signing certificate, in PEM form', () => {
    const xml = metadata({
      keys: key('encryption', 'QUJD') + key('signing', `\n  ${body.slice(0, 40)}\n  ${body.slice(40)}\n`),
      services: service('HTTP-POST', 'https://idp.example.com/post') + service('HTTP-Redirect', 'https://idp.example.com/redirect'),
    });
    expect(parseIdpMetadata(xml)).toEqual({
      ok: true,
      metadata: { issuer: 'https://idp.example.com/metadata', entryPoint: 'https://idp.example.com/redirect', certificate: `${CERTIFICATE_BEGIN}\n${body.slice(0, 64)}\n${body.slice(64)}\n${CERTIFICATE_END}` },
    });
  });

  it('falls back to the first sign-on service and a key without a use', () => {
    const result = parseIdpMetadata(metadata({ keys: key(null, body), services: service('HTTP-POST', 'https://idp.example.com/post') }));
    expect(result).toMatchObject({ ok: true, metadata: { entryPoint: 'https://idp.example.com/post' } });
  });

  it('refuses what is not XML, not IdP metadata, or misses a part', () => {
    const failed = { ok: false, problem: 'failed_metadata_parse' };
    expect(parseIdpMetadata('not xml <')).toEqual(failed);
    expect(parseIdpMetadata('<html><body>hello</body></html>')).toEqual(failed);
    expect(parseIdpMetadata(metadata({ keys: '', services: service('HTTP-Redirect', 'https://idp.example.com/r') }))).toEqual(failed);
    expect(parseIdpMetadata(metadata({ keys: key('signing', body), services: '' }))).toEqual(failed);
    expect(parseIdpMetadata(metadata({ keys: key('signing', 'not base64!'), services: service('HTTP-Redirect', 'https://idp.example.com/r') }))).toEqual(failed);
  });

  it('refuses more than 1,000,000 bytes without parsing', () => {
    expect(parseIdpMetadata(`<x>${'a'.repeat(1_000_000)}</x>`)).toEqual({ ok: false, problem: 'metadata_too_large' });
  });
});
