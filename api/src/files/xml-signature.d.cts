/** What the signature of an NF-e's bytes says, before anyone asks whose certificate signed it (xml-signature.cjs). */
export type XmlSignatureCheck =
  | { status: 'unsigned' }
  | { status: 'invalid'; reason: 'structure' | 'wrapping' | 'algorithm' | 'certificate' | 'mismatch' }
  | {
      status: 'signed';
      algorithm: 'RSA-SHA1' | 'RSA-SHA256';
      certificate: string;
      signedInfNFe: string;
      infNFeTag: string | null;
    };

export declare function checkNfeSignature(text: string): XmlSignatureCheck;

interface TreeParser {
  parse(text: string): unknown;
}

export declare function wholeTreeParser<P extends TreeParser, O>(
  XMLParser: new (options: O) => P,
  options: O,
  parser: P,
): (check: XmlSignatureCheck | undefined) => P;
