import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate, id_ce_subjectAltName, SubjectAlternativeName } from '@peculiar/asn1-x509';
import { API_ROOT } from '../paths';
import type { XmlSignatureCheck } from './xml-signature.cjs';

// Whose signature an NF-e carries (domain.md, "Invoice trust"): once xml-signature.cjs has found that the bytes as
// received verify under the key of the certificate they carry, that certificate must chain to a trusted root (the
// ICP-Brasil roots in api/certs/icp-brasil, pinned below by fingerprint, built through the intermediates published
// with them; plus the roots of NFE_TRUSTED_ROOTS where set), be valid on the date of issue, and name a company (the
// ICP-Brasil otherName 2.16.76.1.3.3, else the ":CNPJ" end of its common name) whose root, its first 8 characters,
// is the emitter's: a head office may sign for its branches.

export type SignatureOutcome =
  | { status: 'verified'; signerName: string; signerCnpj: string }
  | { status: 'unsigned' }
  | { status: 'invalid'; reason: string };

/** The ICP-Brasil roots an e-CNPJ chains to, by SHA-256 (api/certs/icp-brasil/README.md says where from). */
export const ICP_BRASIL_ROOTS: Record<string, string> = {
  fb47d92a9909fd4fa9bec02737543e1f3514ced747407a8d9cfa397b0915067c: 'Autoridade Certificadora Raiz Brasileira v2',
  caa53fc6091c6951887c976e378f6ef89aa6377c55d97b6475422b71ed7e9b17: 'Autoridade Certificadora Raiz Brasileira v5',
  '6e0bff069a26994c15de2c4888cc54af84882e5495b7fbf66be9ccffec7489f6': 'Autoridade Certificadora Raiz Brasileira v10',
  d8478e37ce19c690cf657381e68fe600e4e1a042536830f06847e03e554c4b01: 'Autoridade Certificadora Raiz Brasileira v12',
};

/** The ICP-Brasil otherName that holds a legal person's CNPJ. */
const CNPJ_OTHER_NAME = '2.16.76.1.3.3';

export interface NfeTrust {
  /** Trusted as they are: a chain ends at one of them. */
  roots: X509Certificate[];
  /** Used to build a chain, each only under a root or another intermediate that signed it. */
  intermediates: X509Certificate[];
}

export const signatureMessages = {
  structure: 'A assinatura digital da NF-e está incompleta ou malformada: envie o XML como a loja o recebeu da SEFAZ.',
  wrapping:
    'A assinatura digital da NF-e não cobre a nota que o XML apresenta (outra referência, ou a nota repetida no arquivo): o XML foi alterado.',
  algorithm:
    'A assinatura digital da NF-e não segue o padrão da NF-e (envelopada, C14N, RSA-SHA1 ou RSA-SHA256): o XML foi alterado.',
  certificate: 'A assinatura digital da NF-e não traz um certificado legível do emitente.',
  mismatch: 'A assinatura digital da NF-e não confere com o conteúdo: o XML foi alterado depois de assinado.',
  untrusted:
    'O certificado que assinou a NF-e não é de uma autoridade certificadora confiável (ICP-Brasil): não é possível confirmar quem a emitiu.',
  expired: (date: string) =>
    `O certificado que assinou a NF-e não era válido na data de emissão (${date}): estava vencido ou ainda não valia.`,
  noCnpj: 'O certificado que assinou a NF-e não é de uma empresa: não traz um CNPJ.',
  otherCompany: (signer: string, emitter: string) =>
    `A NF-e foi assinada pelo certificado de outra empresa (CNPJ ${signer}), não pelo emitente (CNPJ ${emitter}).`,
} as const;

const BEGIN_END = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Every certificate of a PEM bundle (text between them, such as comments, is skipped). */
export function pemCertificates(pem: string): X509Certificate[] {
  return (pem.match(BEGIN_END) ?? []).map((block) => new X509Certificate(block));
}

const fingerprintOf = (certificate: X509Certificate) => certificate.fingerprint256.replace(/:/g, '').toLowerCase();

const ICP_BRASIL_DIR = path.join(API_ROOT, 'certs', 'icp-brasil');
/** Read once per process: the files change only with a new build. */
const loaded = new Map<string, NfeTrust>();

/**
 * The ICP-Brasil roots and intermediates kept in the repository. A root in the file whose fingerprint is not pinned,
 * or a pinned one missing, is an error: the files were changed without the pins, or the other way round.
 */
export function icpBrasilTrust(dir = ICP_BRASIL_DIR): NfeTrust {
  const known = loaded.get(dir);
  if (known) return known;
  const roots = pemCertificates(readFileSync(path.join(dir, 'roots.pem'), 'utf8'));
  const found = new Set(roots.map(fingerprintOf));
  const unpinned = [...found].filter((fingerprint) => !ICP_BRASIL_ROOTS[fingerprint]);
  const missing = Object.keys(ICP_BRASIL_ROOTS).filter((fingerprint) => !found.has(fingerprint));
  if (unpinned.length > 0 || missing.length > 0) {
    throw new Error(
      `The ICP-Brasil roots differ from their pins (api/src/files/nfe-signature.ts): unpinned ${unpinned.join(', ') || 'none'}; missing ${missing.join(', ') || 'none'}.`,
    );
  }
  const intermediates = pemCertificates(readFileSync(path.join(dir, 'intermediates.pem'), 'utf8'));
  const trust = { roots, intermediates };
  loaded.set(dir, trust);
  return trust;
}

/**
 * `trust` with a PEM bundle added (NFE_TRUSTED_ROOTS, the embedded demo's root): its self-signed certificates as
 * roots, the others as intermediates under them.
 */
export function withRoots(trust: NfeTrust, pem: string): NfeTrust {
  const extra = pemCertificates(pem);
  if (extra.length === 0) throw new Error('The PEM bundle of extra NF-e roots holds no certificate.');
  const selfSigned = (certificate: X509Certificate) =>
    certificate.checkIssued(certificate) && certificate.verify(certificate.publicKey);
  return {
    roots: [...trust.roots, ...extra.filter(selfSigned)],
    intermediates: [...trust.intermediates, ...extra.filter((certificate) => !selfSigned(certificate))],
  };
}

const validOn = (certificate: X509Certificate, at: Date) =>
  new Date(certificate.validFrom) <= at && at <= new Date(certificate.validTo);

/** Whether `issuer` signed `certificate` as a certification authority. */
const signedBy = (certificate: X509Certificate, issuer: X509Certificate) =>
  issuer.ca && certificate.checkIssued(issuer) && certificate.verify(issuer.publicKey);

type Chain = { trusted: false } | { trusted: true; validOnDate: boolean };

/**
 * Climbs from `leaf` through the intermediates to a root (at most 6 steps, never through the same certificate
 * twice); a chain found is also judged on the date of issue, each certificate of it valid then.
 */
function chainOf(leaf: X509Certificate, trust: NfeTrust, at: Date): Chain {
  const rootFingerprints = new Set(trust.roots.map(fingerprintOf));
  let best: Chain = { trusted: false };
  const climb = (certificate: X509Certificate, seen: Set<string>, valid: boolean, depth: number): boolean => {
    for (const root of trust.roots) {
      if (signedBy(certificate, root)) {
        const validOnDate = valid && validOn(root, at);
        best = { trusted: true, validOnDate };
        if (validOnDate) return true;
      }
    }
    if (depth >= 6) return false;
    for (const issuer of trust.intermediates) {
      const fingerprint = fingerprintOf(issuer);
      if (seen.has(fingerprint) || rootFingerprints.has(fingerprint) || !signedBy(certificate, issuer)) continue;
      if (climb(issuer, new Set([...seen, fingerprint]), valid && validOn(issuer, at), depth + 1)) return true;
    }
    return false;
  };
  climb(leaf, new Set([fingerprintOf(leaf)]), validOn(leaf, at), 0);
  return best;
}

/** A DER string (PrintableString, UTF8String, IA5String or OCTET STRING) as text. */
function derText(der: ArrayBuffer): string {
  const bytes = new Uint8Array(der);
  let at = 1;
  let length = bytes[at++] ?? 0;
  if (length & 0x80) {
    const octets = length & 0x7f;
    length = 0;
    for (let i = 0; i < octets; i++) length = (length << 8) | (bytes[at++] ?? 0);
  }
  return Buffer.from(bytes.subarray(at, at + length)).toString('latin1');
}

/** The CNPJ a certificate names: its otherName 2.16.76.1.3.3, else the ":CNPJ" end of its common name. */
export function certificateCnpj(certificate: X509Certificate): string | null {
  const parsed = AsnConvert.parse(certificate.raw, Certificate);
  const extension = parsed.tbsCertificate.extensions?.find((ext) => ext.extnID === id_ce_subjectAltName);
  if (extension) {
    const names = AsnConvert.parse(extension.extnValue.buffer, SubjectAlternativeName);
    for (const name of names) {
      if (name.otherName?.typeId === CNPJ_OTHER_NAME) {
        const cnpj = derText(name.otherName.value).trim().toUpperCase();
        if (/^[0-9A-Z]{12}\d{2}$/.test(cnpj)) return cnpj;
      }
    }
  }
  const match = /:([0-9A-Z]{12}\d{2})$/.exec(commonNameOf(certificate));
  return match?.[1] ?? null;
}

function commonNameOf(certificate: X509Certificate): string {
  const line = certificate.subject.split('\n').find((part) => part.startsWith('CN='));
  return line ? line.slice(3).trim() : '';
}

const dateBr = (at: Date) => at.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });

/**
 * The outcome of an NF-e's signature: `check` from xml-signature.cjs; `issuedAt` the instant of ide/dhEmi;
 * `emitterCnpj` emit/CNPJ as the signature covers it.
 */
export function signatureOutcome(
  check: XmlSignatureCheck,
  document: { issuedAt: Date; emitterCnpj: string },
  trust: NfeTrust,
): SignatureOutcome {
  if (check.status === 'unsigned') return { status: 'unsigned' };
  if (check.status === 'invalid') return { status: 'invalid', reason: signatureMessages[check.reason] };
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(Buffer.from(check.certificate, 'base64'));
  } catch {
    return { status: 'invalid', reason: signatureMessages.certificate };
  }
  const chain = chainOf(certificate, trust, document.issuedAt);
  if (!chain.trusted) return { status: 'invalid', reason: signatureMessages.untrusted };
  if (!chain.validOnDate) return { status: 'invalid', reason: signatureMessages.expired(dateBr(document.issuedAt)) };
  const cnpj = certificateCnpj(certificate);
  if (!cnpj) return { status: 'invalid', reason: signatureMessages.noCnpj };
  if (cnpj.slice(0, 8) !== document.emitterCnpj.slice(0, 8)) {
    return { status: 'invalid', reason: signatureMessages.otherCompany(cnpj, document.emitterCnpj) };
  }
  const signerName = commonNameOf(certificate).replace(/:[0-9A-Z]{12}\d{2}$/, '') || cnpj;
  return { status: 'verified', signerName, signerCnpj: cnpj };
}
