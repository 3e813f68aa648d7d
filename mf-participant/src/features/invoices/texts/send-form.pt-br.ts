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
      product: 'Produto',
      productPicker: {
        placeholder: 'Busque pelo nome, pela marca ou pelo SKU',
        hint: 'Escolha o produto na lista do catálogo: ele preenche o SKU e a descrição.',
        searching: 'Buscando produtos…',
        none: 'Nenhum produto do catálogo encontrado: só os produtos do catálogo dão pontos.',
        more_one: 'Mais {{count}} produto: digite mais para encontrá-lo.',
        more_other: 'Mais {{count}} produtos: digite mais para encontrar o seu.',
      },
      keyReview: 'A chave de acesso não prova a compra sozinha: a nota será conferida pela nossa equipe.',
    },
  },
};
