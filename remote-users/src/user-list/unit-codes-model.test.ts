import { createUserCompany } from '../test-support/factories';
import { unitCodes, unitTooltipGroups } from './unit-codes-model';

const company = (id: number, codes: string[]) =>
  createUserCompany({
    perusahaan_id: id,
    perusahaan_name: `AP ${id}`,
    cabang: codes.map((code, i) => ({
      cabang_id: id * 10 + i,
      cabang_name: `Unit ${code}`,
      cabang_kode: code,
    })),
  });

describe('unit codes: first 3 then +n (spec 2)', () => {
  it.each([
    [[], [], 0],
    [[company(1, ['A'])], ['A'], 0],
    [[company(1, ['A', 'B', 'C'])], ['A', 'B', 'C'], 0],
    [[company(1, ['A', 'B']), company(2, ['C', 'D'])], ['A', 'B', 'C'], 1],
    [[company(1, []), company(2, ['A', 'B', 'C', 'D', 'E'])], ['A', 'B', 'C'], 2],
  ])('%#: shows %j then +%d', (companies, visible, hidden) => {
    expect(unitCodes(companies)).toMatchObject({ visible, hidden });
  });
});

describe('unit tooltip: the units of the first 2 APs', () => {
  it('lists code and name per AP, first 2 APs only', () => {
    const groups = unitTooltipGroups([company(1, ['A']), company(2, ['B', 'C']), company(3, ['D'])]);
    expect(groups).toEqual([
      { companyId: 1, companyName: 'AP 1', units: ['A · Unit A'] },
      { companyId: 2, companyName: 'AP 2', units: ['B · Unit B', 'C · Unit C'] },
    ]);
  });

  it('keeps an AP without units (shown as none)', () => {
    expect(unitTooltipGroups([company(1, []), company(2, ['B'])]).map((g) => g.units)).toEqual([
      [],
      ['B · Unit B'],
    ]);
  });
});
