import type { ptBR } from './send-form.pt-br';

export const en: typeof ptBR = {
  invoices: {
    sendForm: {
      fileHelper:
        'The NF-e XML fills in the data by itself; the DANFE PDF fills the access key; a photo needs the data typed.',
      readingPdf: 'Reading the access key from the PDF…',
      qrLink: 'NFC-e QR code link',
      qrHelper: "Paste the address the receipt's QR code opens, or read the QR code with the camera.",
      qrReadLink: 'Read link',
      qrScan: 'Read QR code',
      qrLoading: 'Opening the camera…',
      qrCamera: 'Camera image to read the QR code',
      qrAim: "Point the camera at the receipt's QR code.",
      qrClose: 'Close camera',
      keyTitle: 'Check the access key data',
      notPartner: 'not a partner store',
      model: 'Model',
      modelNfe: 'NF-e (model 55)',
      modelNfce: 'NFC-e (model 65)',
      keyMonth: 'Month of issue',
      product: 'Product',
      productPicker: {
        placeholder: 'Search by name, brand or SKU',
        hint: "Pick the product from the catalogue's list: it fills the SKU and the description.",
        searching: 'Searching products…',
        none: 'No product of the catalogue found: only the catalogue’s products earn points.',
        more_one: '{{count}} more product: type more to find it.',
        more_other: '{{count}} more products: type more to find yours.',
      },
      keyReview: 'An access key alone does not prove the purchase: our team will review the invoice.',
    },
  },
};
