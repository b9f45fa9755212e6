import type { Company, RoleOption } from '@sso/shared/contract';
import type { SelectOption } from '@sso/shared/ui-data';

/** AP filter options, in the api's order (by name). */
export function apOptions(companies: readonly Company[]): SelectOption<number>[] {
  return companies.map((company) => ({ value: company.id, label: company.nama }));
}

/**
 * Unit filter options: the units of the chosen AP, or every unit (with its AP's name, since unit
 * names repeat across APs) when no AP is chosen.
 */
export function unitOptions(companies: readonly Company[], apId: number | null): SelectOption<number>[] {
  const scope = apId === null ? companies : companies.filter((company) => company.id === apId);
  return scope.flatMap((company) =>
    company.cabangs.map((unit) => ({
      value: unit.id,
      label: apId === null ? `${unit.kode} · ${unit.name} (${company.nama})` : `${unit.kode} · ${unit.name}`,
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
