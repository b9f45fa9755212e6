import { ApiError } from '@sso/shared/api';
import { serverFieldErrors } from '@sso/shared/form-errors';
import { companies, createEmployee, createUser, createUserCompany } from '../test-support/factories';
import {
  employeeToPerson,
  missingUserFields,
  toUserFormValues,
  toUserPayload,
  userFormSchema,
  userServerFields,
} from './user-form-model';

describe('user form model', () => {
  it('maps an employee to the person (no_hp is the phone)', () => {
    expect(employeeToPerson(createEmployee())).toEqual({
      nama: 'Sri Wahyuni',
      nik: '200007',
      phone: '081300000007',
      email: 'sri@sso.local',
    });
  });

  it('maps a user to form values (Edit)', () => {
    const user = createUser({
      role_id: 5,
      perusahaan: [
        createUserCompany({
          perusahaan_id: 2,
          cabang: [
            { cabang_id: 3, cabang_name: 'Unit 2A', cabang_kode: 'U2A' },
            { cabang_id: 4, cabang_name: 'Unit 2B', cabang_kode: 'U2B' },
          ],
        }),
      ],
    });
    expect(toUserFormValues(user)).toEqual({
      person: { nama: user.nama, nik: user.nik, phone: user.phone, email: user.email },
      roleId: 5,
      companies: [{ perusahaanId: 2, cabangIds: [3, 4] }],
    });
  });

  it('refuses an AP without a unit, and names what is missing for the Simpan hint', () => {
    const values = {
      person: null,
      roleId: null,
      companies: [
        { perusahaanId: 1, cabangIds: [2] },
        { perusahaanId: 3, cabangIds: [] },
      ],
    };
    const parsed = userFormSchema.safeParse({
      ...values,
      person: employeeToPerson(createEmployee()),
      roleId: 4,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
      'Pilih minimal 1 unit untuk setiap AP yang dipilih',
    ]);
    expect(missingUserFields(values, companies)).toEqual(['nama karyawan', 'role', 'unit AP 3']);
    expect(missingUserFields({ ...values, companies: [] }, companies)).toEqual([
      'nama karyawan',
      'role',
      'minimal 1 AP',
    ]);
  });

  it('builds the payload of spec 3: role_ids with one id, perusahaan[] with cabang[]', () => {
    const form = userFormSchema.parse({
      person: employeeToPerson(createEmployee()),
      roleId: 4,
      companies: [
        { perusahaanId: 1, cabangIds: [2] },
        { perusahaanId: 3, cabangIds: [5] },
      ],
    });
    expect(toUserPayload(form, companies)).toEqual({
      nama: 'Sri Wahyuni',
      nik: '200007',
      phone: '081300000007',
      email: 'sri@sso.local',
      role_ids: [4],
      perusahaan: [
        { perusahaan_id: 1, perusahaan_name: 'AP 1', cabang: [{ cabang_id: 2, cabang_name: 'Unit 1B' }] },
        { perusahaan_id: 3, perusahaan_name: 'AP 3', cabang: [{ cabang_id: 5, cabang_name: 'Unit 3A' }] },
      ],
    });
  });

  it('round-trips a user through the form', () => {
    const user = createUser({
      role_id: 2,
      perusahaan: [
        createUserCompany({
          perusahaan_id: 1,
          perusahaan_name: 'AP 1',
          cabang: [{ cabang_id: 1, cabang_name: 'Unit 1A', cabang_kode: 'U1A' }],
        }),
      ],
    });
    const payload = toUserPayload(userFormSchema.parse(toUserFormValues(user)), companies);
    expect(payload.perusahaan).toEqual([
      { perusahaan_id: 1, perusahaan_name: 'AP 1', cabang: [{ cabang_id: 1, cabang_name: 'Unit 1A' }] },
    ]);
    expect(payload.role_ids).toEqual([2]);
  });

  it('gives the spec messages for a missing name, role and AP', () => {
    const result = userFormSchema.safeParse({ person: null, roleId: null, companies: [] });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      person: 'Nama tidak boleh kosong',
      roleId: 'Role harus dipilih',
      companies: 'Minimal pilih 1 AP',
    });
  });

  it.each([
    ['nama', 'person'],
    ['nik', 'person.nik'],
    ['phone', 'person.phone'],
    ['role_ids', 'roleId'],
    ['role_ids.0', 'roleId'],
    ['perusahaan.0.cabang', 'companies'],
    ['email', null],
  ])('puts server error %s under %s', (key, target) => {
    const error = new ApiError('http', 'Data tidak valid', 422, {
      message: 'Data tidak valid',
      errors: { [key]: 'Pesan server' },
    });
    expect(serverFieldErrors(error, userServerFields).fields).toEqual(
      target === null ? {} : { [target]: 'Pesan server' },
    );
  });
});
