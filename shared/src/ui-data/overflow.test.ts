import { overflowLabel, splitOverflow } from './overflow';

describe('splitOverflow (spec 9: 3 then +n)', () => {
  it.each([
    { items: [], visible: [], hidden: 0 },
    { items: ['a'], visible: ['a'], hidden: 0 },
    { items: ['a', 'b', 'c'], visible: ['a', 'b', 'c'], hidden: 0 },
    { items: ['a', 'b', 'c', 'd'], visible: ['a', 'b', 'c'], hidden: 1 },
    { items: ['a', 'b', 'c', 'd', 'e', 'f', 'g'], visible: ['a', 'b', 'c'], hidden: 4 },
  ])('$items.length items → $visible.length shown, +$hidden', ({ items, visible, hidden }) => {
    expect(splitOverflow(items)).toEqual({ visible, hidden });
  });

  it('takes another maximum, and treats a negative one as 0', () => {
    expect(splitOverflow([1, 2, 3], 2)).toEqual({ visible: [1, 2], hidden: 1 });
    expect(splitOverflow([1, 2], -1)).toEqual({ visible: [], hidden: 2 });
  });

  it('labels the badge', () => {
    expect(overflowLabel(0)).toBe('');
    expect(overflowLabel(4)).toBe('+4');
  });
});
