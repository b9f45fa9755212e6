import type { Company } from '@sso/shared/contract';

/**
 * AP (company) and unit selection of the user form (spec 4 "AP selection", spec 2 "Semua Unit"),
 * as pure data: the form holds `ApSelection`, the picker and the unit boxes dispatch actions.
 *
 * - Choosing All selects every AP; removing All clears every AP.
 * - Selecting every AP one by one is the same state as All (All is derived, never stored).
 * - Per chosen AP, `Semua Unit` ticks or unticks all its units; it shows mixed for some.
 */
export interface ChosenCompany {
  perusahaanId: number;
  cabangIds: number[];
}
export type ApSelection = ChosenCompany[];

export type ApSelectionAction =
  | { type: 'select-all' }
  | { type: 'clear-all' }
  | { type: 'toggle-company'; perusahaanId: number }
  | { type: 'remove-company'; perusahaanId: number }
  | { type: 'toggle-unit'; perusahaanId: number; cabangId: number; checked: boolean }
  | { type: 'toggle-all-units'; perusahaanId: number; checked: boolean };

/** True when every known AP is chosen (there is at least one). */
export function isAllSelected(selection: ApSelection, companies: readonly Company[]): boolean {
  if (companies.length === 0) return false;
  const chosen = new Set(selection.map((c) => c.perusahaanId));
  return companies.every((company) => chosen.has(company.id));
}

/** State of an AP's `Semua Unit` box. */
export function allUnitsState(selection: ApSelection, company: Company): boolean | 'indeterminate' {
  const chosen = selection.find((c) => c.perusahaanId === company.id);
  const count = chosen ? company.cabangs.filter((unit) => chosen.cabangIds.includes(unit.id)).length : 0;
  if (count === 0) return false;
  return count === company.cabangs.length ? true : 'indeterminate';
}

/** Keeps the chosen APs in the companies' order (sorted by name by the api). */
function ordered(selection: ApSelection, companies: readonly Company[]): ApSelection {
  const position = new Map(companies.map((company, index) => [company.id, index]));
  const rank = (id: number) => position.get(id) ?? Number.MAX_SAFE_INTEGER;
  return [...selection].sort((a, b) => rank(a.perusahaanId) - rank(b.perusahaanId));
}

function withUnits(
  selection: ApSelection,
  perusahaanId: number,
  cabangIds: (ids: number[]) => number[],
): ApSelection {
  return selection.map((c) =>
    c.perusahaanId === perusahaanId ? { ...c, cabangIds: cabangIds(c.cabangIds) } : c,
  );
}

export function reduceApSelection(
  selection: ApSelection,
  action: ApSelectionAction,
  companies: readonly Company[],
): ApSelection {
  switch (action.type) {
    case 'select-all':
      // Units already ticked in a chosen AP stay ticked.
      return companies.map(
        (company) =>
          selection.find((c) => c.perusahaanId === company.id) ?? { perusahaanId: company.id, cabangIds: [] },
      );
    case 'clear-all':
      return [];
    case 'toggle-company':
      return selection.some((c) => c.perusahaanId === action.perusahaanId)
        ? selection.filter((c) => c.perusahaanId !== action.perusahaanId)
        : ordered([...selection, { perusahaanId: action.perusahaanId, cabangIds: [] }], companies);
    case 'remove-company':
      return selection.filter((c) => c.perusahaanId !== action.perusahaanId);
    case 'toggle-unit':
      return withUnits(selection, action.perusahaanId, (ids) => {
        const rest = ids.filter((id) => id !== action.cabangId);
        if (!action.checked) return rest;
        // Keep the company's unit order.
        const company = companies.find((c) => c.id === action.perusahaanId);
        const wanted = new Set([...rest, action.cabangId]);
        return company ? company.cabangs.map((u) => u.id).filter((id) => wanted.has(id)) : [...wanted];
      });
    case 'toggle-all-units': {
      const company = companies.find((c) => c.id === action.perusahaanId);
      return withUnits(selection, action.perusahaanId, () =>
        action.checked && company ? company.cabangs.map((unit) => unit.id) : [],
      );
    }
  }
}
