import type { Company, RoleOption } from '@sso/shared/contract';
import type { FilterSelectOption, SelectOption } from '@sso/shared/ui-data';

/** AP filter options, in the api's order (by name). */
export function apOptions(companies: readonly Company[]): SelectOption<number>[] {
  return companies.map((company) => ({ value: company.id, label: company.nama }));
}

/**
 * Unit filter options, grouped under their AP (unit names repeat across APs): the units of the
 * chosen AP only, or every AP's units when none is chosen.
 */
export function unitOptions(
  companies: readonly Company[],
  apId: number | null,
): FilterSelectOption<number>[] {
  const scope = apId === null ? companies : companies.filter((company) => company.id === apId);
  return scope.flatMap((company) =>
    company.cabangs.map((unit) => ({
      value: unit.id,
      label: `${unit.kode} · ${unit.name}`,
      group: company.nama,
    })),
  );
}

/** Whether a unit belongs to an AP (a unit filter outside the chosen AP is dropped). */
export function unitBelongsTo(companies: readonly Company[], apId: number, unitId: number): boolean {
  return companies.some(
    (company) => company.id === apId && company.cabangs.some((unit) => unit.id === unitId),
  );
}

export function roleOptions(roles: readonly RoleOption[]): SelectOption<number>[] {
  return roles.map((role) => ({ value: role.id, label: role.name, color: role.color.hex_code }));
}
