/** The texts of /cms/design, the design system's page: kept beside it, added to the page's i18n when it loads. */
export const ptBR = {
  design: {
    title: 'Sistema de design',
    description:
      'As cores, os tipos, os emblemas e os componentes com que toda tela é feita. O texto completo está em docs/design.md.',
    palette: {
      title: 'Paleta',
      hint: 'Onze passos por família, de 900 (o mais escuro) a 25. Os materiais marcam um tipo de coisa; as famílias de retorno, o estado de um trabalho.',
      groups: { spec: 'Famílias do programa', materials: 'Materiais', feedback: 'Retorno', neutrals: 'Neutros' },
      swatch: '{{family}} {{step}}: {{value}}',
    },
    type: {
      title: 'Escala tipográfica',
      hint: 'Inter, de 11 a 40 px. Números fora de listas em algarismos tabulares (estilo de texto figures).',
      sample: 'Especificação 1.234,56 pontos',
      weights: 'Pesos',
    },
    emblems: {
      title: 'Emblemas dos níveis',
      hint: 'Pelo lugar do nível entre os do programa, não pelo nome: um nível renomeado mantém seu emblema.',
      rank: '{{rank}}º nível',
      names: { bronze: 'Bronze', silver: 'Prata', gold: 'Ouro', diamond: 'Diamante', obsidian: 'Acima do 4º' },
    },
    badges: {
      title: 'Selos',
      hint: 'Um selo mostra um estado de um conceito, com a cor declarada uma vez no kit (badgeConcepts).',
    },
    buttons: {
      title: 'Botões',
      primary: 'Ação principal',
      outline: 'Ação secundária',
      plain: 'Ação discreta',
      danger: 'Excluir',
    },
    grid: {
      title: 'Grade e espaçamento',
      hint: 'Três larguras de página: leitura, padrão e tabelas largas. Espaços em passos de 4 px.',
      width: '{{name}}: {{value}}',
      names: { narrow: 'Leitura', default: 'Padrão', wide: 'Larga' },
    },
    empty: {
      title: 'Estado vazio',
      sampleTitle: 'Nenhuma nota fiscal',
      sampleDescription: 'As notas que você enviar aparecem aqui, com os pontos que renderam.',
      sampleNext: 'Enviar nota fiscal',
    },
  },
};
