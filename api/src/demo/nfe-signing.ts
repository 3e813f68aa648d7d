import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  BasicConstraints,
  Certificate,
  Extension,
  Extensions,
  GeneralName,
  id_ce_basicConstraints,
  id_ce_keyUsage,
  id_ce_subjectAltName,
  KeyUsage,
  KeyUsageFlags,
  Name,
  OtherName,
  RelativeDistinguishedName,
  SubjectAlternativeName,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Validity,
  Version,
} from '@peculiar/asn1-x509';
import { SignedXml } from 'xml-crypto';
import type { Config } from '../config';
import type { NfeSettings } from '../files/nfe';
import { icpBrasilTrust, withRoots } from '../files/nfe-signature';

// Certificates and NF-e signatures made here: the embedded demo's (its XMLs are signed by a demo root that only the
// embedded demo trusts, made anew by each process and never written anywhere) and the tests' (a root, an
// intermediate and stores' certificates as ICP-Brasil lays them out, the CNPJ in otherName 2.16.76.1.3.3). Built
// with node:crypto and the ASN.1 schema of X.509, synchronously, so that the demo's files are made in one pass.

const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';
const ASN1_NULL = new Uint8Array([0x05, 0x00]).buffer;
const CNPJ_OTHER_NAME = '2.16.76.1.3.3';

export interface Issued {
  /** The certificate, DER. */
  der: Buffer;
  pem: string;
  privateKey: KeyObject;
}

export interface CertificateRequest {
  commonName: string;
  /** The issuer; none: self-signed (a root). */
  issuer?: Issued & { commonName: string };
  /** A certification authority (a root or an intermediate). */
  ca?: boolean;
  /** A company's certificate: its CNPJ in the ICP-Brasil otherName. */
  cnpj?: string;
  notBefore?: Date;
  notAfter?: Date;
}

const nameOf = (commonName: string) =>
  new Name([
    new RelativeDistinguishedName([
      new AttributeTypeAndValue({ type: '2.5.4.6', value: new AttributeValue({ printableString: 'BR' }) }),
    ]),
    new RelativeDistinguishedName([
      new AttributeTypeAndValue({ type: '2.5.4.10', value: new AttributeValue({ utf8String: 'ICP-Brasil' }) }),
    ]),
    new RelativeDistinguishedName([
      new AttributeTypeAndValue({ type: '2.5.4.3', value: new AttributeValue({ utf8String: commonName }) }),
    ]),
  ]);

/** A PrintableString, DER (the value of an ICP-Brasil otherName). */
function printable(text: string): ArrayBuffer {
  const bytes = Buffer.from(text, 'latin1');
  return new Uint8Array([0x13, bytes.length, ...bytes]).buffer;
}

const toPem = (der: Buffer) =>
  `-----BEGIN CERTIFICATE-----\n${der.toString('base64').replace(/.{64}/g, '$&\n').trimEnd()}\n-----END CERTIFICATE-----\n`;

/**
 * A certificate's serial number from random bytes, as DER wants it: positive (first byte below 0x80) and minimal (first
 * byte not zero). A random first byte of 0 made a certificate that OpenSSL refuses ("Invalid PEM format") once in 128.
 */
export function certificateSerial(random: Buffer): Buffer {
  const serial = Buffer.from(random);
  serial[0] = ((serial[0] ?? 0) % 0x7f) + 1;
  return serial;
}

/** A certificate (RSA 2048, SHA-256 with RSA), issued by `request.issuer` or self-signed. */
export function issueCertificate(request: CertificateRequest): Issued & { commonName: string } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  // From three years back (the demo's and the tests' invoices are issued in the past) to five years on.
  const year = 365 * 24 * 3600 * 1000;
  const notBefore = request.notBefore ?? new Date(Date.now() - 3 * year);
  const notAfter = request.notAfter ?? new Date(Date.now() + 5 * year);
  const extension = (extnID: string, critical: boolean, value: object) =>
    new Extension({ extnID, critical, extnValue: new OctetString(AsnConvert.serialize(value)) });
  const usage = request.ca
    ? KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign
    : KeyUsageFlags.digitalSignature | KeyUsageFlags.nonRepudiation | KeyUsageFlags.keyEncipherment;
  const extensions = [
    extension(id_ce_basicConstraints, true, new BasicConstraints({ cA: Boolean(request.ca) })),
    extension(id_ce_keyUsage, true, new KeyUsage(usage)),
  ];
  if (request.cnpj) {
    const otherName = new OtherName({ typeId: CNPJ_OTHER_NAME, value: printable(request.cnpj) });
    extensions.push(
      extension(id_ce_subjectAltName, false, new SubjectAlternativeName([new GeneralName({ otherName })])),
    );
  }
  const algorithm = new AlgorithmIdentifier({ algorithm: SHA256_WITH_RSA, parameters: ASN1_NULL });
  const serial = certificateSerial(randomBytes(12));
  const tbsCertificate = new TBSCertificate({
    version: Version.v3,
    serialNumber: new Uint8Array(serial).buffer,
    signature: algorithm,
    issuer: nameOf(request.issuer?.commonName ?? request.commonName),
    validity: new Validity({ notBefore, notAfter }),
    subject: nameOf(request.commonName),
    subjectPublicKeyInfo: AsnConvert.parse(publicKey.export({ type: 'spki', format: 'der' }), SubjectPublicKeyInfo),
    extensions: new Extensions(extensions),
  });
  const signature = sign(
    'sha256',
    Buffer.from(AsnConvert.serialize(tbsCertificate)),
    request.issuer?.privateKey ?? privateKey,
  );
  const certificate = new Certificate({
    tbsCertificate,
    signatureAlgorithm: algorithm,
    signatureValue: new Uint8Array(signature).buffer,
  });
  const der = Buffer.from(AsnConvert.serialize(certificate));
  return { der, pem: toPem(der), privateKey, commonName: request.commonName };
}

const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
export const SIGNATURE_ALGORITHMS = {
  'RSA-SHA1': {
    signature: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
    digest: 'http://www.w3.org/2000/09/xmldsig#sha1',
  },
  'RSA-SHA256': {
    signature: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    digest: 'http://www.w3.org/2001/04/xmlenc#sha256',
  },
} as const;

/**
 * An NF-e signed as SEFAZ expects: an enveloped XMLDSig signature as the last child of <NFe>, over infNFe by its Id
 * ("#NFe<key>"), C14N 1.0, RSA-SHA1 (or RSA-SHA256), the signer's certificate in KeyInfo/X509Data.
 */
export function signNfe(xml: string, signer: Issued, algorithm: keyof typeof SIGNATURE_ALGORITHMS = 'RSA-SHA1') {
  const { signature, digest } = SIGNATURE_ALGORITHMS[algorithm];
  const signed = new SignedXml({
    privateKey: signer.privateKey.export({ type: 'pkcs8', format: 'pem' }),
    publicCert: signer.pem,
    canonicalizationAlgorithm: C14N,
    signatureAlgorithm: signature,
  });
  const infNFe = "//*[local-name(.)='infNFe']";
  signed.addReference({ xpath: infNFe, transforms: [ENVELOPED, C14N], digestAlgorithm: digest });
  signed.computeSignature(xml, { location: { reference: infNFe, action: 'after' } });
  return signed.getSignedXml();
}

/** The embedded demo's signer: a root made by this process, and one certificate per demo store under it. */
let demo: { root: Issued & { commonName: string }; stores: Map<string, Issued> } | null = null;

function demoAuthority() {
  demo ??= {
    root: issueCertificate({ commonName: 'AC Raiz de Demonstração Especifica (sem valor)', ca: true }),
    stores: new Map(),
  };
  return demo;
}

/** The demo root, as a PEM bundle of one: what the embedded demo adds to its trusted roots. */
export const demoRootPem = (): string => demoAuthority().root.pem;

/** A demo NF-e signed by its store's demo certificate (made on first use, under the demo root). */
export function signDemoNfe(xml: string, store: { cnpj: string; name: string }): string {
  const authority = demoAuthority();
  let certificate = authority.stores.get(store.cnpj);
  if (!certificate) {
    certificate = issueCertificate({
      commonName: `${store.name.toUpperCase()}:${store.cnpj}`,
      issuer: authority.root,
      cnpj: store.cnpj,
    });
    authority.stores.set(store.cnpj, certificate);
  }
  return signNfe(xml, certificate);
}

/**
 * The NF-e settings of a deployment: its environment (NFE_ENVIRONMENT) and the roots it trusts: ICP-Brasil's
 * always; NFE_TRUSTED_ROOTS when set; the demo root only for the embedded demo (no DATABASE_URL, not production).
 */
export function nfeSettingsOf(
  config: Pick<Config, 'nfeEnvironment' | 'nfeTrustedRoots' | 'databaseUrl' | 'nodeEnv'>,
): NfeSettings {
  let trust = icpBrasilTrust();
  if (config.nfeTrustedRoots) trust = withRoots(trust, readFileSync(config.nfeTrustedRoots, 'utf8'));
  if (isEmbeddedDemo(config)) trust = withRoots(trust, demoRootPem());
  return { environment: config.nfeEnvironment, trust };
}

export const isEmbeddedDemo = (config: Pick<Config, 'databaseUrl' | 'nodeEnv'>) =>
  config.databaseUrl === null && config.nodeEnv !== 'production';

/** The demo root's SHA-256, for the log line that says it is trusted. */
export const demoRootFingerprint = () => createHash('sha256').update(demoAuthority().root.der).digest('hex');
