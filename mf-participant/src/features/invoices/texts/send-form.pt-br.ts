// The sending form's texts that only the form uses, added to the page's i18n when its module loads (send-form.ts),
// so that the first load of /invoices does not carry them.
export const ptBR = {
  invoices: {
    sendForm: {
      fileHelper:
        'O XML da NF-e preenche os dados sozinho; o PDF da DANFE preenche a chave de acesso; uma foto pede os dados digitados.',
      readingPdf: 'Lendo a chave de acesso do PDF…',
      qrLink: 'Link do QR code da NFC-e',
      qrHelper: 'Cole o endereço que o QR code do cupom abre, ou leia o QR code com a câmera.',
      qrReadLink: 'Ler link',
      qrScan: 'Ler QR code',
      qrLoading: 'Abrindo a câmera…',
      qrCamera: 'Imagem da câmera para ler o QR code',
      qrAim: 'Aponte a câmera para o QR code do cupom.',
      qrClose: 'Fechar câmera',
      keyTitle: 'Confira os dados da chave de acesso',
      notPartner: 'não é loja parceira',
      model: 'Modelo',
      modelNfe: 'NF-e (modelo 55)',
      modelNfce: 'NFC-e (modelo 65)',
      keyMonth: 'Mês de emissão',
      keyReview: 'A chave de acesso não prova a compra sozinha: a nota será conferida pela nossa equipe.',
    },
  },
};
