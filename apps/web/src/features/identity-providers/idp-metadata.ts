import { certificateFromBase64, isMetadataWithinLimit } from '@flotilla/core/saml';

/**
 * Fills the identity provider form from the provider's SAML metadata XML (accounts spec §2 "add
 * or edit identity provider", §5 "metadata XML upload at most 1,000,000 bytes", §8 "failed
 * metadata parse"): the entity id is the issuer, the IDPSSODescriptor's SingleSignOnService
 * the entry point (the HTTP-Redirect binding, which the API's sign-in start uses, else the
 * first), and its signing certificate (a KeyDescriptor not only for encryption) in PEM form.
 * Parsed with the browser's DOMParser: nothing is fetched, no entity is resolved.
 */
export interface IdpMetadata {
  entryPoint: string;
  issuer: string;
  certificate: string;
}

export type IdpMetadataResult = { ok: true; metadata: IdpMetadata } | { ok: false; problem: 'failed_metadata_parse' | 'metadata_too_large' };

const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

const byLocalName = (parent: Document | Element, name: string): Element[] => Array.from(parent.getElementsByTagNameNS('*', name));

export function parseIdpMetadata(xml: string, parser: DOMParser = new DOMParser()): IdpMetadataResult {
  if (!isMetadataWithinLimit(new TextEncoder().encode(xml).length)) return { ok: false, problem: 'metadata_too_large' };
  const failed = { ok: false, problem: 'failed_metadata_parse' } as const;
  let doc: Document;
  try {
    doc = parser.parseFromString(xml, 'application/xml');
  } catch {
    return failed;
  }
  if (doc.getElementsByTagName('parsererror').length > 0) return failed;
  const entity = byLocalName(doc, 'EntityDescriptor')[0];
  const descriptor = entity ? byLocalName(entity, 'IDPSSODescriptor')[0] : undefined;
  if (!entity || !descriptor) return failed;
  const issuer = entity.getAttribute('entityID')?.trim() ?? '';
  const services = byLocalName(descriptor, 'SingleSignOnService');
  const service = services.find((s) => s.getAttribute('Binding') === REDIRECT_BINDING) ?? services[0];
  const entryPoint = service?.getAttribute('Location')?.trim() ?? '';
  const signingKey = byLocalName(descriptor, 'KeyDescriptor').find((k) => k.getAttribute('use') !== 'encryption');
  const base64 = signingKey ? byLocalName(signingKey, 'X509Certificate')[0]?.textContent : undefined;
  const certificate = base64 ? certificateFromBase64(base64) : null;
  if (!issuer || !entryPoint || !certificate) return failed;
  return { ok: true, metadata: { entryPoint, issuer, certificate } };
}
