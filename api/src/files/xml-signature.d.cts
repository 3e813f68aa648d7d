/** What the signature of an NF-e's bytes says, before anyone asks whose certificate signed it (xml-signature.cjs). */
export type XmlSignatureCheck =
  | { status: 'unsigned' }
  | { status: 'invalid'; reason: 'structure' | 'wrapping' | 'algorithm' | 'certificate' | 'mismatch' }
  | { status: 'signed'; algorithm: 'RSA-SHA1' | 'RSA-SHA256'; certificate: string; signedInfNFe: string };

export declare function checkNfeSignature(text: string): XmlSignatureCheck;
