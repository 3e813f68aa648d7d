// The XMLDSig check of an NF-e, as the layout signs it (Manual de Orientação do Contribuinte, 4.00: an enveloped
// signature over infNFe, reference "#NFe<key>", C14N 1.0, RSA-SHA1; RSA-SHA256 accepted too). Plain JavaScript
// because it runs on the XML worker thread (xml-thread.ts), which has no TypeScript loader, and on the calling
// thread for small documents and the unit tests (nfe.ts): one copy of the rules for both.
//
// It answers whether the bytes as received carry a signature that the key in their own certificate verifies, and
// hands back what that signature covers (the canonical infNFe from xml-crypto's getSignedReferences()), from which
// alone the business fields are read. Whose certificate it is (the chain to a trusted root, its dates, its CNPJ) is
// decided by nfe-signature.ts. Nothing is trusted that the signature does not cover: a second infNFe, an element
// with the same Id elsewhere (signature wrapping), more than one signature or reference, other transforms.
'use strict';

const { DOMParser } = require('@xmldom/xmldom');
const { SignedXml } = require('xml-crypto');

const NFE = 'http://www.portalfiscal.inf.br/nfe';
const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const SIGNATURE_METHODS = {
  'http://www.w3.org/2000/09/xmldsig#rsa-sha1': 'RSA-SHA1',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256': 'RSA-SHA256',
};
const DIGEST_METHODS = new Set(['http://www.w3.org/2000/09/xmldsig#sha1', 'http://www.w3.org/2001/04/xmlenc#sha256']);

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

const refused = (reason) => ({ status: 'invalid', reason });

/**
 * `text`: the document as received (decoded from UTF-8, nothing else changed). Answers
 *   { status: 'unsigned' }
 *   { status: 'invalid', reason }  (reason: 'structure' | 'wrapping' | 'algorithm' | 'certificate' | 'mismatch')
 *   { status: 'signed', algorithm, certificate (DER in base64), signedInfNFe (the canonical XML it covers) }
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
  const pem = `-----BEGIN CERTIFICATE-----\n${base64.replace(/.{64}/g, '$&\n')}\n-----END CERTIFICATE-----\n`;

  let signedInfNFe;
  try {
    const signed = new SignedXml({ publicCert: pem });
    signed.loadSignature(signature);
    if (!signed.checkSignature(text)) return refused('mismatch');
    const covered = signed.getSignedReferences();
    if (covered.length !== 1) return refused('wrapping');
    signedInfNFe = covered[0];
  } catch (error) {
    // A key the certificate does not hold, a digest that differs, a reference that resolves to nothing.
    return refused(/certificate|key/i.test(String(error?.message)) ? 'certificate' : 'mismatch');
  }
  return { status: 'signed', algorithm, certificate: base64, signedInfNFe };
}

module.exports = { checkNfeSignature };
