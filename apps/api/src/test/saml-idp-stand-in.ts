import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { parseStringPromise, processors } from 'xml2js';
import { SignedXml } from 'xml-crypto';

/**
 * A stand-in SAML 2.0 identity provider on a local port (Okta, Entra ID and the like are out of
 * reach). It speaks the real protocol: it takes an AuthnRequest over the HTTP-Redirect binding
 * (`GET <url>/sso?SAMLRequest=…&RelayState=…`, deflated and base64), reads its ID, issuer and
 * AssertionConsumerServiceURL with an XML parser, and answers over the HTTP-POST binding: a page
 * whose form posts a SAML Response (assertion and response each signed RSA-SHA256 with
 * xml-crypto, exclusive c14n) and the RelayState to the service provider; a browser submits it
 * by itself. The person signed in is whoever `signInAs` named last. `spoilNext` makes the next
 * answer wrong in one way, for the refusals the service provider must make.
 */
export interface SamlPerson {
  nameId: string;
  email: string;
  firstName?: string;
  lastName?: string;
}

export type SamlSpoil = 'unsigned' | 'tampered' | 'wrong-audience' | 'expired' | 'other-key' | 'other-issuer';

export interface PostedForm {
  action: string;
  SAMLResponse: string;
  RelayState: string;
}

export interface SamlIdpStandIn {
  url: string;
  entryPoint: string;
  issuer: string;
  certificatePem: string;
  signInAs(person: SamlPerson): void;
  spoilNext(spoil: SamlSpoil): void;
  /** The form the last answer page posts (what a browser would submit). */
  lastForm(): PostedForm | undefined;
  /** The IdP's SAML 2.0 metadata (what an administrator uploads). */
  metadataXml(): string;
  close(): Promise<void>;
}

// ---- a self-signed RSA certificate, DER by hand (node:crypto reads certificates but cannot make them) ----
function derLength(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const tlv = (tag: number, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), derLength(body.length), body]);
};
const seq = (...c: Buffer[]) => tlv(0x30, ...c);
/** sha256WithRSAEncryption (1.2.840.113549.1.1.11) with NULL parameters. */
const RSA_SHA256 = seq(Buffer.from('06092a864886f70d01010b0500', 'hex'));
const utcTime = (d: Date) => tlv(0x17, Buffer.from(`${d.toISOString().replace(/[-:T]/g, '').slice(2, 14)}Z`));

export function selfSignedRsaCertificate(privateKey: KeyObject, publicKey: KeyObject, commonName: string): string {
  const serial = randomBytes(12);
  serial[0] = (serial[0]! & 0x7f) | 0x01;
  const name = seq(tlv(0x31, seq(Buffer.from('0603550403', 'hex'), tlv(0x0c, Buffer.from(commonName)))));
  const now = Date.now();
  const tbs = seq(tlv(0xa0, tlv(0x02, Buffer.from([2]))), tlv(0x02, serial), RSA_SHA256, name, seq(utcTime(new Date(now - 60_000)), utcTime(new Date(now + 365 * 86_400_000))), name, publicKey.export({ type: 'spki', format: 'der' }));
  const der = seq(tbs, RSA_SHA256, tlv(0x03, Buffer.from([0]), sign('sha256', tbs, privateKey)));
  const body = der.toString('base64').replace(/(.{64})/g, '$1\n').trim();
  return `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----`;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const SIG = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const DIGEST = 'http://www.w3.org/2001/04/xmlenc#sha256';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';

/** Signs the element named `localName` (its Signature goes right after its own Issuer, as SAML's schema wants). */
function signElement(xml: string, localName: 'Assertion' | 'Response', keyPem: string, certPem: string): string {
  const signer = new SignedXml({ privateKey: keyPem, publicCert: certPem, signatureAlgorithm: SIG, canonicalizationAlgorithm: C14N });
  signer.addReference({ xpath: `//*[local-name(.)='${localName}']`, transforms: [ENVELOPED, C14N], digestAlgorithm: DIGEST });
  signer.computeSignature(xml, { location: { reference: `//*[local-name(.)='${localName}']/*[local-name(.)='Issuer']`, action: 'after' } });
  return signer.getSignedXml();
}

interface AuthnRequest {
  id: string;
  spEntityId: string;
  acsUrl: string;
}

interface ParsedRequest {
  AuthnRequest?: { $?: Record<string, string>; Issuer?: Array<string | { _?: string }> };
}

async function readAuthnRequest(samlRequest: string): Promise<AuthnRequest> {
  const xml = inflateRawSync(Buffer.from(samlRequest, 'base64')).toString('utf8');
  const doc = (await parseStringPromise(xml, { tagNameProcessors: [processors.stripPrefix] })) as ParsedRequest;
  const request = doc.AuthnRequest;
  if (!request?.$) throw new Error('not an AuthnRequest');
  const issuer = request.Issuer?.[0];
  return { id: request.$.ID ?? '', spEntityId: typeof issuer === 'string' ? issuer : (issuer?._ ?? ''), acsUrl: request.$.AssertionConsumerServiceURL ?? '' };
}

export async function startSamlIdpStandIn(): Promise<SamlIdpStandIn> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const certificatePem = selfSignedRsaCertificate(privateKey, publicKey, 'saml-idp-stand-in');
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const otherKeyPem = other.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const otherCertPem = selfSignedRsaCertificate(other.privateKey, other.publicKey, 'someone-else');
  let person: SamlPerson = { nameId: 'someone', email: 'someone@example.com' };
  let spoil: SamlSpoil | null = null;
  let form: PostedForm | undefined;
  let base = '';

  const issuerOf = () => `${base}/metadata`;

  function responseXml(req: AuthnRequest, who: SamlPerson, how: SamlSpoil | null): string {
    const now = new Date();
    const iso = (ms: number) => new Date(now.getTime() + ms).toISOString();
    const notOnOrAfter = how === 'expired' ? iso(-60 * 60 * 1000) : iso(5 * 60 * 1000);
    const audience = how === 'wrong-audience' ? 'https://another-service.example.com' : req.spEntityId;
    const issuer = how === 'other-issuer' ? 'https://impostor.example.com' : issuerOf();
    const responseId = `_r${randomBytes(12).toString('hex')}`;
    const assertionId = `_a${randomBytes(12).toString('hex')}`;
    const attribute = (name: string, value: string | undefined) =>
      value === undefined ? '' : `<saml:Attribute Name="${name}"><saml:AttributeValue>${escapeXml(value)}</saml:AttributeValue></saml:Attribute>`;
    const assertion =
      `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${iso(0)}">` +
      `<saml:Issuer>${escapeXml(issuer)}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escapeXml(who.nameId)}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${escapeXml(req.id)}" NotOnOrAfter="${notOnOrAfter}" Recipient="${escapeXml(req.acsUrl)}"/></saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${iso(-60 * 1000)}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${escapeXml(audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${iso(0)}" SessionIndex="${assertionId}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
      `<saml:AttributeStatement>${attribute('email', who.email)}${attribute('firstName', who.firstName)}${attribute('lastName', who.lastName)}</saml:AttributeStatement>` +
      `</saml:Assertion>`;
    const key = how === 'other-key' ? otherKeyPem : keyPem;
    const cert = how === 'other-key' ? otherCertPem : certificatePem;
    const signedAssertion = how === 'unsigned' ? assertion : signElement(assertion, 'Assertion', key, cert);
    const response =
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${responseId}" Version="2.0" IssueInstant="${iso(0)}" Destination="${escapeXml(req.acsUrl)}" InResponseTo="${escapeXml(req.id)}">` +
      `<saml:Issuer>${escapeXml(issuer)}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
      signedAssertion +
      `</samlp:Response>`;
    let signed = how === 'unsigned' ? response : signElement(response, 'Response', key, cert);
    // After signing: whoever changes the person must break both signatures.
    if (how === 'tampered') signed = signed.replace(escapeXml(who.email), escapeXml(`mallory-${who.email}`));
    return signed;
  }

  const server: Server = createServer((req, res) => {
    void answer(req.url ?? '/', res);
  });

  async function answer(path: string, res: ServerResponse): Promise<void> {
    const url = new URL(path, base);
    if (url.pathname === '/metadata') {
      res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' });
      res.end(metadataXml());
      return;
    }
    if (url.pathname !== '/sso') {
      res.writeHead(404).end();
      return;
    }
    let request: AuthnRequest;
    try {
      request = await readAuthnRequest(url.searchParams.get('SAMLRequest') ?? '');
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('Bad SAMLRequest');
      return;
    }
    const how = spoil;
    spoil = null;
    const samlResponse = Buffer.from(responseXml(request, person, how)).toString('base64');
    form = { action: request.acsUrl, SAMLResponse: samlResponse, RelayState: url.searchParams.get('RelayState') ?? '' };
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><title>Stand-in identity provider</title></head>` +
        `<body onload="document.forms[0].submit()"><main><h1>Signing you in</h1>` +
        `<form method="post" action="${escapeXml(form.action)}">` +
        `<input type="hidden" name="SAMLResponse" value="${escapeXml(form.SAMLResponse)}">` +
        `<input type="hidden" name="RelayState" value="${escapeXml(form.RelayState)}">` +
        `<button type="submit">Continue</button></form></main></body></html>`,
    );
  }

  function metadataXml(): string {
    const body = certificatePem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').trim();
    return (
      `<?xml version="1.0"?>\n<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${escapeXml(issuerOf())}">` +
      `<md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">` +
      `<md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>\n${body}\n</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>` +
      `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${escapeXml(base)}/sso"/>` +
      `</md:IDPSSODescriptor></md:EntityDescriptor>`
    );
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    entryPoint: `${base}/sso`,
    issuer: issuerOf(),
    certificatePem,
    signInAs(next) {
      person = next;
    },
    spoilNext(next) {
      spoil = next;
    },
    lastForm: () => form,
    metadataXml,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
