import type { UserCompany } from '@sso/shared/contract';
import { splitOverflow, type OverflowSplit } from '@sso/shared/ui-data';

/** How many companies the unit tooltip lists (spec 2: "the units of the first 2 APs"). */
export const TOOLTIP_COMPANIES = 2;

/** Unit codes of a user across its companies, first 3 then `+n` (spec 2). */
export function unitCodes(companies: readonly UserCompany[]): OverflowSplit<string> & { all: string[] } {
  const all = companies.flatMap((company) => company.cabang.map((unit) => unit.cabang_kode));
  return { ...splitOverflow(all), all };
}

export interface UnitTooltipGroup {
  companyId: number;
  companyName: string;
  units: string[];
}

/** The tooltip: the units (code and name) of the user's first 2 companies (spec 2). */
export function unitTooltipGroups(companies: readonly UserCompany[]): UnitTooltipGroup[] {
  return companies.slice(0, TOOLTIP_COMPANIES).map((company) => ({
    companyId: company.perusahaan_id,
    companyName: company.perusahaan_name,
    units: company.cabang.map((unit) => `${unit.cabang_kode} · ${unit.cabang_name}`),
  }));
}
