// The XMLDSig check of an NF-e, as the layout signs it (Manual de Orientação do Contribuinte, 4.00: an enveloped
// signature over infNFe, reference "#NFe<key>", C14N 1.0, RSA-SHA1; RSA-SHA256 accepted too). Plain JavaScript
// because it runs on the XML worker thread (xml-thread.ts), which has no TypeScript loader, and on the calling
// thread for small documents and the unit tests (nfe.ts): one copy of the rules for both.
//
// It answers whether the bytes as received carry a signature that the key in their own certificate verifies, and
// hands back what that signature covers (the canonical infNFe, what xml-crypto's getSignedReferences() gives), from
// which alone the business fields are read. Whose certificate it is (the chain to a trusted root, its dates, its
// CNPJ) is decided by nfe-signature.ts. Nothing is trusted that the signature does not cover: a second infNFe, an
// element with the same Id elsewhere (signature wrapping), more than one signature or reference, other transforms.
//
// The digest and the signature are verified here, on the one DOM whose structure was checked, with xml-crypto's C14N
// and node:crypto: xml-crypto's checkSignature parses the document again and finds the reference and the ancestors'
// namespaces by XPath over all of it, 90 % of the 120 ms a 100-line NF-e took. nfe-signature.test.ts checks that
// both accept the same documents and cover the same bytes.
'use strict';

const { DOMParser } = require('@xmldom/xmldom');
const { createHash, verify, X509Certificate } = require('node:crypto');
const { C14nCanonicalization } = require('xml-crypto');

// @xmldom/xmldom 0.9 built a regular expression for every end tag it read, a quarter of an NF-e's parse: its patch
// (patches/@xmldom+xmldom+0.9.12.patch, applied at install) makes them once.

const NFE = 'http://www.portalfiscal.inf.br/nfe';
const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const SIGNATURE_METHODS = {
  'http://www.w3.org/2000/09/xmldsig#rsa-sha1': 'RSA-SHA1',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256': 'RSA-SHA256',
};
const DIGEST_METHODS = new Map([
  ['http://www.w3.org/2000/09/xmldsig#sha1', 'sha1'],
  ['http://www.w3.org/2001/04/xmlenc#sha256', 'sha256'],
]);

/** The element children of `node` named `local` in namespace `ns`. */
function children(node, ns, local) {
  const found = [];
  for (let child = node ? node.firstChild : null; child; child = child.nextSibling) {
    if (child.nodeType === 1 && child.namespaceURI === ns && child.localName === local) found.push(child);
  }
  return found;
}

const one = (node, ns, local) => {
  const found = children(node, ns, local);
  return found.length === 1 ? found[0] : null;
};

/** Every element of the document, in document order (no live lists: one walk, then plain arrays). */
function elementsOf(root) {
  const found = [];
  const walk = (node) => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 1) {
        found.push(child);
        walk(child);
      }
    }
  };
  found.push(root);
  walk(root);
  return found;
}

/** Whether `element` carries `value` in an attribute named Id, ID or id (what a reference resolves to). */
const hasId = (element, value) => ['Id', 'ID', 'id'].some((name) => element.getAttribute(name) === value);

const c14n = new C14nCanonicalization();

/**
 * The namespaces an element inherits, as xml-crypto hands them to inclusive C14N for a document subset
 * (utils.findAncestorNsForElement): each prefix's nearest declaration among the ancestors, less undeclarations,
 * the prefixes the element declares itself and its own prefix (which C14N renders anyway).
 */
function ancestorNamespaces(element) {
  const found = new Map();
  for (let parent = element.parentNode; parent && parent.nodeType === 1; parent = parent.parentNode) {
    for (let i = 0; i < parent.attributes.length; i++) {
      const { nodeName, nodeValue } = parent.attributes[i];
      if (nodeName !== 'xmlns' && !nodeName.startsWith('xmlns:')) continue;
      const prefix = nodeName === 'xmlns' ? '' : nodeName.slice(6);
      if (!found.has(prefix)) found.set(prefix, nodeValue || '');
    }
  }
  const own = new Set([element.prefix || '']);
  for (let i = 0; i < element.attributes.length; i++) {
    const { nodeName } = element.attributes[i];
    if (nodeName === 'xmlns') own.add('');
    else if (nodeName.startsWith('xmlns:')) own.add(nodeName.slice(6));
  }
  return [...found]
    .filter(([prefix, namespaceURI]) => namespaceURI !== '' && !own.has(prefix))
    .map(([prefix, namespaceURI]) => ({ prefix, namespaceURI }));
}

/** C14N 1.0 without comments of `element` and its descendants, as a document subset of its document. */
const canonical = (element) =>
  c14n
    .process(element, { ancestorNamespaces: ancestorNamespaces(element), defaultNsForPrefix: { ds: DSIG } })
    .toString();

const refused = (reason) => ({ status: 'invalid', reason });

/**
 * `text`: the document as received (decoded from UTF-8, nothing else changed). Answers
 *   { status: 'unsigned' }
 *   { status: 'invalid', reason }  (reason: 'structure' | 'wrapping' | 'algorithm' | 'certificate' | 'mismatch')
 *   { status: 'signed', algorithm, certificate (DER in base64), signedInfNFe (the canonical XML it covers),
 *     infNFeTag (infNFe's qualified name, or null when it is no plain one) }
 */
function checkNfeSignature(text) {
  // No XMLDSig namespace, no signature element: an unsigned document is not parsed a second time.
  if (!text.includes(DSIG)) return { status: 'unsigned' };
  let doc;
  try {
    doc = new DOMParser({ onError: () => {} }).parseFromString(text, 'text/xml');
  } catch {
    return refused('structure');
  }
  const root = doc?.documentElement;
  if (!root) return refused('structure');
  const elements = elementsOf(root);
  const named = (ns, local) => elements.filter((e) => e.namespaceURI === ns && e.localName === local);
  const signatures = named(DSIG, 'Signature');
  if (signatures.length === 0) return { status: 'unsigned' };
  if (signatures.length > 1) return refused('wrapping');
  const signature = signatures[0];

  // nfeProc > NFe > (infNFe, Signature) or NFe > (infNFe, Signature): the signature is the NF-e's own.
  const nfe = root.localName === 'NFe' ? root : one(root, NFE, 'NFe');
  if (!nfe || nfe.namespaceURI !== NFE || signature.parentNode !== nfe) return refused('wrapping');
  const infNFe = one(nfe, NFE, 'infNFe');
  if (!infNFe || named(NFE, 'infNFe').length !== 1) return refused('wrapping');
  const id = infNFe.getAttribute('Id');
  if (!id) return refused('wrapping');

  const signedInfo = one(signature, DSIG, 'SignedInfo');
  if (!signedInfo) return refused('structure');
  const references = children(signedInfo, DSIG, 'Reference');
  if (references.length !== 1) return refused('wrapping');
  const reference = references[0];
  // The reference must name the infNFe that is read, and nothing else in the document may answer to that Id.
  if (reference.getAttribute('URI') !== `#${id}` || elements.filter((e) => hasId(e, id)).length !== 1) {
    return refused('wrapping');
  }

  const canonicalization = one(signedInfo, DSIG, 'CanonicalizationMethod');
  const method = one(signedInfo, DSIG, 'SignatureMethod');
  const digest = one(reference, DSIG, 'DigestMethod');
  const transforms = children(one(reference, DSIG, 'Transforms'), DSIG, 'Transform').map((t) =>
    t.getAttribute('Algorithm'),
  );
  const algorithm = method && SIGNATURE_METHODS[method.getAttribute('Algorithm')];
  if (
    !canonicalization ||
    canonicalization.getAttribute('Algorithm') !== C14N ||
    !algorithm ||
    !digest ||
    !DIGEST_METHODS.has(digest.getAttribute('Algorithm')) ||
    transforms.length !== 2 ||
    transforms[0] !== ENVELOPED ||
    transforms[1] !== C14N
  ) {
    return refused('algorithm');
  }

  const x509 = one(one(one(signature, DSIG, 'KeyInfo'), DSIG, 'X509Data'), DSIG, 'X509Certificate');
  const base64 = x509 ? (x509.textContent || '').replace(/\s+/g, '') : '';
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return refused('certificate');
  let publicKey;
  try {
    publicKey = new X509Certificate(Buffer.from(base64, 'base64')).publicKey;
  } catch {
    return refused('certificate');
  }
  if (publicKey.asymmetricKeyType !== 'rsa') return refused('certificate');

  // XMLDSig core validation (https://www.w3.org/TR/xmldsig-core1/#sec-CoreValidation) on this DOM, over the
  // elements found above: the reference's digest over the canonical infNFe (the enveloped transform removes
  // nothing from it, the signature being its sibling), then the signature over the canonical SignedInfo. What the
  // digest covers is what is handed back.
  const digestValue = one(reference, DSIG, 'DigestValue');
  const signatureValue = one(signature, DSIG, 'SignatureValue');
  if (!digestValue || !signatureValue) return refused('structure');
  const expectedDigest = (digestValue.textContent || '').replace(/\s+/g, '');
  const signatureBytes = Buffer.from((signatureValue.textContent || '').replace(/\s+/g, ''), 'base64');
  let signedInfNFe;
  try {
    signedInfNFe = canonical(infNFe);
    const hash = DIGEST_METHODS.get(digest.getAttribute('Algorithm'));
    if (createHash(hash).update(signedInfNFe, 'utf8').digest('base64') !== expectedDigest) return refused('mismatch');
    const signedInfoCanonical = canonical(signedInfo);
    if (!verify(algorithm, Buffer.from(signedInfoCanonical, 'utf8'), publicKey, signatureBytes)) {
      return refused('mismatch');
    }
  } catch {
    return refused('mismatch');
  }
  // The name infNFe has in the document ('infNFe', 'nfe:infNFe'): where it is a plain path step, the whole tree
  // is parsed without it (wholeTreeParser).
  const infNFeTag = /^(?:[A-Za-z_][A-Za-z0-9_-]*:)?infNFe$/.test(infNFe.nodeName) ? infNFe.nodeName : null;
  return { status: 'signed', algorithm, certificate: base64, signedInfNFe, infNFeTag };
}

/**
 * The parser of a document's whole tree once its signature is checked: for a signed one, a parser that keeps its
 * infNFe as unparsed text (fast-xml-parser's stopNodes), since a signed document's fields are read only from the
 * infNFe its signature covers, parsed on its own; the full `parser` otherwise. `XMLParser` and `options` are the
 * caller's (the worker has no import of its own). A few parsers are kept, one per name infNFe is found under.
 */
function wholeTreeParser(XMLParser, options, parser) {
  const byTag = new Map();
  return (check) => {
    const tag = check && check.status === 'signed' ? check.infNFeTag : null;
    if (!tag) return parser;
    let found = byTag.get(tag);
    if (!found) {
      if (byTag.size >= 4) byTag.clear();
      found = new XMLParser({ ...options, stopNodes: [`*.${tag}`] });
      byTag.set(tag, found);
    }
    return found;
  };
}

module.exports = { checkNfeSignature, wholeTreeParser };
