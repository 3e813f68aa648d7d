import { cycleStart, cycleYear, type LevelRule, levelFor, rankOf } from './levels';

// The demo programme: thresholds in hundredths, 3 sublevels each.
const rules: LevelRule[] = [
  { name: 'Bronze', threshold: 0, sublevels: 3 },
  { name: 'Prata', threshold: 5_000_00, sublevels: 3 },
  { name: 'Ouro', threshold: 15_000_00, sublevels: 3 },
  { name: 'Diamante', threshold: 40_000_00, sublevels: 3 },
];

describe('levelFor', () => {
  it.each([
    ['no points earned yet is the entry level, first step', 0, 'Bronze', 1, 'Prata', 5_000_00],
    ['a level is reached exactly at its threshold', 5_000_00, 'Prata', 1, 'Ouro', 10_000_00],
    ['one hundredth short of a threshold stays on the level below', 4_999_99, 'Bronze', 3, 'Prata', 1],
    [
      'sublevels are equal steps up to the next threshold (Prata: 3.333,33 each)',
      8_333_33,
      'Prata',
      1,
      'Ouro',
      6_666_67,
    ],
    ['the second step starts at a third of the way', 8_333_34, 'Prata', 2, 'Ouro', 6_666_66],
    ['the last step runs up to the next threshold', 14_999_99, 'Prata', 3, 'Ouro', 1],
    ['Ana of the demo (8.250,50 earned) is Prata 1', 8_250_50, 'Prata', 1, 'Ouro', 6_749_50],
    ['the top level has no ceiling, so a single step and nothing next', 90_000_00, 'Diamante', 1, null, null],
  ])('%s', (_rule, earned, name, sublevel, nextLevel, toNextLevel) => {
    expect(levelFor(rules, earned)).toEqual(expect.objectContaining({ name, sublevel, nextLevel, toNextLevel }));
  });

  it.each([
    ['at a threshold, nothing of the way to the next', 5_000_00, 0],
    ['a third of the way from Prata to Ouro', 8_333_34, 33],
    ['one hundredth short of the next threshold is not yet 100%', 14_999_99, 99],
    ['Ana of the demo (8.250,50 earned) is 32% of the way from Prata to Ouro', 8_250_50, 32],
    ['the top level is 100%', 90_000_00, 100],
  ])('progress: %s', (_rule, earned, progress) => {
    expect(levelFor(rules, earned)?.progress).toBe(progress);
  });

  it('orders the levels by threshold, not by the order they are given in', () => {
    expect(levelFor([...rules].reverse(), 16_000_00)?.name).toBe('Ouro');
  });

  it('a level of one sublevel has a single step', () => {
    const single = [
      { name: 'A', threshold: 0, sublevels: 1 },
      { name: 'B', threshold: 100_00, sublevels: 1 },
    ];
    expect(levelFor(single, 99_99)?.sublevel).toBe(1);
  });

  it('below a first threshold above zero is still the entry level', () => {
    const raised = [
      { name: 'A', threshold: 100_00, sublevels: 2 },
      { name: 'B', threshold: 300_00, sublevels: 2 },
    ];
    expect(levelFor(raised, 50_00)).toEqual({
      name: 'A',
      rank: 0,
      sublevel: 1,
      nextLevel: 'B',
      toNextLevel: 250_00,
      progress: 0,
    });
  });

  it.each([
    ['the entry level', 0, 0],
    ['Prata', 5_000_00, 1],
    ['Ouro', 15_000_00, 2],
    ['the top level', 90_000_00, 3],
  ])("ranks %s by its threshold's place, whatever the order given", (_level, earned, rank) => {
    expect(levelFor([...rules].reverse(), earned)?.rank).toBe(rank);
  });

  it("ranks a level by name among the programme's, by threshold", () => {
    expect(rankOf([...rules].reverse(), 'Ouro')).toBe(2);
    expect(rankOf(rules, 'Bronze')).toBe(0);
    expect(rankOf(rules, 'Platina')).toBeNull();
  });

  it('no configured level is no level', () => {
    expect(levelFor([], 1_000_00)).toBeNull();
  });
});

describe('cycleStart', () => {
  it.each([
    ['the cycle is the calendar year in São Paulo', '2026-07-15T12:00:00Z', '2026-01-01T03:00:00.000Z'],
    ['New Year in São Paulo starts the new cycle', '2027-01-01T03:00:00Z', '2027-01-01T03:00:00.000Z'],
    ['until midnight in São Paulo it is still the old year', '2027-01-01T02:59:59Z', '2026-01-01T03:00:00.000Z'],
  ])('%s', (_rule, now, start) => {
    expect(cycleStart(new Date(now)).toISOString()).toBe(start);
    expect(cycleYear(new Date(now))).toBe(Number(start.slice(0, 4)));
  });
});
