import type { ptBR } from './design.pt-br';

export const en: typeof ptBR = {
  design: {
    title: 'Design system',
    description:
      'The colours, type, emblems and components every screen is made of. The full text is in docs/design.md.',
    palette: {
      title: 'Palette',
      hint: 'Eleven steps per family, from 900 (the darkest) to 25. Materials mark a kind of thing; the feedback families, the state of a piece of work.',
      groups: { spec: "The programme's families", materials: 'Materials', feedback: 'Feedback', neutrals: 'Neutrals' },
      swatch: '{{family}} {{step}}: {{value}}',
    },
    type: {
      title: 'Type scale',
      hint: 'Inter, from 11 to 40 px. Figures outside lists in tabular numerals (the figures text style).',
      sample: 'Specification 1,234.56 points',
      weights: 'Weights',
    },
    emblems: {
      title: "The levels' emblems",
      hint: "By the level's place among the programme's, not by its name: a renamed level keeps its emblem.",
      rank: 'Level {{rank}}',
      names: { bronze: 'Bronze', silver: 'Silver', gold: 'Gold', diamond: 'Diamond', obsidian: 'Above the 4th' },
    },
    badges: {
      title: 'Badges',
      hint: 'A badge shows one state of one concept, its colour declared once in the kit (badgeConcepts).',
    },
    buttons: {
      title: 'Buttons',
      primary: 'Main action',
      outline: 'Secondary action',
      plain: 'Quiet action',
      danger: 'Delete',
    },
    grid: {
      title: 'Grid and spacing',
      hint: 'Three page widths: reading, default and wide tables. Spaces in steps of 4 px.',
      width: '{{name}}: {{value}}',
      names: { narrow: 'Reading', default: 'Default', wide: 'Wide' },
    },
    empty: {
      title: 'Empty state',
      sampleTitle: 'No invoices',
      sampleDescription: 'The invoices you send appear here, with the points they earned.',
      sampleNext: 'Send an invoice',
    },
  },
};
