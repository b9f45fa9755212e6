import { rolePayloadSchema } from '@sso/shared/contract';
import { createRole } from '../test-support/factories';
import {
  canSave,
  emptyRoleFormValues,
  roleFormSchema,
  toRoleFormValues,
  toRoleChanges,
  toRolePayload,
  type RoleFormValues,
} from './role-form-model';

/** The grants of the factories' role, as the form and the payload carry them (access_level). */
const auditorGrants = [
  {
    apps_id: 1,
    menus: [
      { id: 1, access_level: 3, children: [] },
      { id: 2, access_level: 1, children: [{ id: 3, access_level: 2 }] },
    ],
  },
];

describe('toRoleFormValues / toRolePayload', () => {
  it('maps a listed role to the form (acces_level → access_level)', () => {
    expect(toRoleFormValues(createRole())).toEqual({
      requires_two_step: false,
      name: 'Auditor',
      color_id: 3,
      admin_scope: 'group',
      applications: auditorGrants,
    });
  });

  it('maps the validated form to the payload of spec 3 (descriptions null, name trimmed)', () => {
    const values: RoleFormValues = { ...toRoleFormValues(createRole()), name: '  Auditor  ' };
    const payload = toRolePayload(roleFormSchema.parse(values));
    expect(payload).toEqual({
      name: 'Auditor',
      descriptions: null,
      color_id: 3,
      admin_scope: 'group',
      applications: auditorGrants,
    });
    expect(Object.keys(payload)).toEqual(['name', 'descriptions', 'color_id', 'applications', 'admin_scope']);
    expect(rolePayloadSchema.safeParse(payload).success).toBe(true);
  });

  it('carries "Wajib verifikasi dua langkah" from the role as read, and sends only a change of it', () => {
    const role = { ...createRole(), version: 4, requires_two_step: true };
    const values = toRoleFormValues(role);
    expect(values.requires_two_step).toBe(true);
    const unchanged = toRolePayload(roleFormSchema.parse(values));
    expect(toRoleChanges(role, unchanged)).toEqual({ version: 4 });
    const off = toRolePayload(roleFormSchema.parse({ ...values, requires_two_step: false }));
    expect(toRoleChanges(role, off)).toEqual({ version: 4, requires_two_step: false });
  });

  it('round-trips: role → form → payload → role as the api answers → the same form', () => {
    const role = createRole({
      applications: [
        {
          apps_id: 4,
          apps_name: 'Inventory',
          logo_url: 'http://localhost:4000/static/logos/app-4.svg',
          menus: [
            { id: 40, name: 'Stok', acces_level: 2, children: [{ id: 42, name: 'Opname', acces_level: 1 }] },
          ],
        },
        ...createRole().applications,
      ],
    });
    const form = toRoleFormValues(role);
    const payload = toRolePayload(roleFormSchema.parse(form));
    // What the api would answer for that payload: names from its tables, levels as sent.
    const answered = {
      ...role,
      applications: payload.applications.map((app) => ({
        apps_id: app.apps_id,
        apps_name: 'x',
        logo_url: 'http://localhost/x.svg',
        menus: (app.menus ?? []).map((m) => ({
          id: m.id,
          name: 'x',
          acces_level: m.access_level ?? 3,
          children: (m.children ?? []).map((c) => ({
            id: c.id,
            name: 'x',
            acces_level: c.access_level ?? 3,
          })),
        })),
      })),
    };
    expect(toRoleFormValues(answered)).toEqual(form);
    expect(form.applications.map((a) => a.apps_id)).toEqual([1, 4]);
  });
});

describe('roleFormSchema', () => {
  it.each<[string, Partial<RoleFormValues>, string, string]>([
    ['an empty name', { name: '   ' }, 'name', 'Nama role tidak boleh kosong'],
    ['no colour', { color_id: null }, 'color_id', 'Warna harus dipilih'],
    ['no application', { applications: [] }, 'applications', 'Minimal pilih 1 aplikasi'],
  ])('rejects %s', (_label, override, path, message) => {
    const result = roleFormSchema.safeParse({ ...toRoleFormValues(createRole()), ...override });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: [path], message })]),
    );
  });
});

describe('canSave (spec 5)', () => {
  const withApp = toRoleFormValues(createRole()).applications;
  it.each<[string, string, RoleFormValues['applications'], boolean]>([
    ['empty form', '', [], false],
    ['name only', 'Auditor', [], false],
    ['application only', '', withApp, false],
    ['blank name with application', '   ', withApp, false],
    ['name and application', 'Auditor', withApp, true],
  ])('%s → %s', (_label, name, applications, expected) => {
    expect(canSave({ ...emptyRoleFormValues, name, applications })).toBe(expected);
  });
});
