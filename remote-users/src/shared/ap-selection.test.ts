import { companies } from '../test-support/factories';
import { allUnitsState, isAllSelected, reduceApSelection, type ApSelection } from './ap-selection';

const reduce = (selection: ApSelection, action: Parameters<typeof reduceApSelection>[1]) =>
  reduceApSelection(selection, action, companies);
const [ap1, ap2, ap3] = companies;

describe('AP selection (spec 4)', () => {
  it('choosing All selects every AP, keeping units already ticked', () => {
    const next = reduce([{ perusahaanId: 2, cabangIds: [3] }], { type: 'select-all' });
    expect(next).toEqual([
      { perusahaanId: 1, cabangIds: [] },
      { perusahaanId: 2, cabangIds: [3] },
      { perusahaanId: 3, cabangIds: [] },
    ]);
    expect(isAllSelected(next, companies)).toBe(true);
  });

  it('removing All clears every AP', () => {
    const all = reduce([], { type: 'select-all' });
    expect(reduce(all, { type: 'clear-all' })).toEqual([]);
  });

  it('selecting every AP one by one equals All (same state, same flag)', () => {
    let selection: ApSelection = [];
    for (const id of [3, 1, 2]) selection = reduce(selection, { type: 'toggle-company', perusahaanId: id });
    expect(isAllSelected(selection, companies)).toBe(true);
    expect(selection).toEqual(reduce([], { type: 'select-all' }));
  });

  it('unselecting one AP of All is no longer All', () => {
    const next = reduce(reduce([], { type: 'select-all' }), { type: 'toggle-company', perusahaanId: 2 });
    expect(next.map((c) => c.perusahaanId)).toEqual([1, 3]);
    expect(isAllSelected(next, companies)).toBe(false);
  });

  it.each([
    [[], false],
    [[{ perusahaanId: 1, cabangIds: [] }], false],
  ])('isAllSelected(%j) is %s', (selection, expected) => {
    expect(isAllSelected(selection, companies)).toBe(expected);
  });

  it('is never All without any AP known', () => {
    expect(isAllSelected([], [])).toBe(false);
  });

  it('removes one AP with its units', () => {
    const selection = [
      { perusahaanId: 1, cabangIds: [1] },
      { perusahaanId: 2, cabangIds: [3] },
    ];
    expect(reduce(selection, { type: 'remove-company', perusahaanId: 1 })).toEqual([
      { perusahaanId: 2, cabangIds: [3] },
    ]);
  });
});

describe('units and Semua Unit', () => {
  const one: ApSelection = [{ perusahaanId: 2, cabangIds: [] }];

  it('Semua Unit ticks every unit of that AP, then unticks them', () => {
    const ticked = reduce(one, { type: 'toggle-all-units', perusahaanId: 2, checked: true });
    expect(ticked).toEqual([{ perusahaanId: 2, cabangIds: [3, 4] }]);
    expect(allUnitsState(ticked, ap2!)).toBe(true);
    const cleared = reduce(ticked, { type: 'toggle-all-units', perusahaanId: 2, checked: false });
    expect(cleared).toEqual(one);
    expect(allUnitsState(cleared, ap2!)).toBe(false);
  });

  it('some units make Semua Unit mixed; ticking the rest makes it checked', () => {
    const some = reduce(one, { type: 'toggle-unit', perusahaanId: 2, cabangId: 4, checked: true });
    expect(allUnitsState(some, ap2!)).toBe('indeterminate');
    const all = reduce(some, { type: 'toggle-unit', perusahaanId: 2, cabangId: 3, checked: true });
    // In the company's unit order.
    expect(all).toEqual([{ perusahaanId: 2, cabangIds: [3, 4] }]);
    expect(allUnitsState(all, ap2!)).toBe(true);
  });

  it('unticking a unit leaves the others', () => {
    const next = reduce([{ perusahaanId: 1, cabangIds: [1, 2] }], {
      type: 'toggle-unit',
      perusahaanId: 1,
      cabangId: 1,
      checked: false,
    });
    expect(next).toEqual([{ perusahaanId: 1, cabangIds: [2] }]);
  });

  it('a unit action on an AP not chosen changes nothing', () => {
    expect(reduce(one, { type: 'toggle-unit', perusahaanId: 3, cabangId: 5, checked: true })).toEqual(one);
    expect(allUnitsState(one, ap3!)).toBe(false);
    expect(allUnitsState(one, ap1!)).toBe(false);
  });

  it('an AP without units is never "all units"', () => {
    const empty = { ...ap1!, cabangs: [] };
    expect(allUnitsState([{ perusahaanId: 1, cabangIds: [] }], empty)).toBe(false);
  });
});
