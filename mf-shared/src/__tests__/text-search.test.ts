import { mergeRanges, searchWords, wordMatches } from '../contracts';

describe('the search by words of the FAQ', () => {
  it('marks each word in the original text, accents and case ignored, keeping its positions', () => {
    expect(wordMatches('Ação e AÇÃO', 'acao')).toEqual([
      [0, 4],
      [7, 11],
    ]);
    expect(wordMatches('texto', '  ')).toEqual([]);
    expect(searchWords('  Nota   REPROVADA ')).toEqual(['nota', 'reprovada']);
  });

  it('joins ranges that overlap or touch, in order', () => {
    expect(
      mergeRanges([
        [6, 10],
        [0, 3],
        [3, 5],
        [8, 12],
      ]),
    ).toEqual([
      [0, 5],
      [6, 12],
    ]);
  });
});
