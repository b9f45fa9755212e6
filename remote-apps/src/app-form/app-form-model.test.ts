import { createApplicationDetail } from '../test-support/factories';
import { appFormSchema, emptyAppFormValues, toAppFormValues, toApplicationPayload } from './app-form-model';

describe('application form model', () => {
  it('maps a saved application to the form and back: existing menus keep their ids, the logo is kept', () => {
    const values = toAppFormValues(createApplicationDetail({ descriptions: null }));
    expect(values.descriptions).toBe('');
    expect(values.logo).toEqual({ id: undefined, url: null });
    const parsed = appFormSchema.parse({
      ...values,
      menus: [
        ...values.menus,
        { key: 'baru', name: '  Pengaturan ', children: [{ key: 'c', name: 'Umum' }] },
      ],
    });
    expect(toApplicationPayload(parsed)).toEqual({
      name: 'Aplikasi Gudang',
      descriptions: null,
      url: 'https://gudang.example.com/',
      menus: [
        { id: 41, name: 'Stok', children: [] },
        { id: 42, name: 'Laporan', children: [{ id: 43, name: 'Laporan Harian' }] },
        { name: 'Pengaturan', children: [{ name: 'Umum' }] },
      ],
      // No client, and the integration left off: the api keeps none.
      sso: null,
    });
    // App 1's form leaves `sso` out (unchanged: it has no client).
    expect(toApplicationPayload(parsed, false)).not.toHaveProperty('sso');
  });

  it('sends logo_id for an upload and null for the generated logo', () => {
    const base = { ...emptyAppFormValues, name: 'Kasir', url: 'https://kasir.example.com' };
    expect(
      toApplicationPayload(appFormSchema.parse({ ...base, logo: { id: 9, url: 'http://x/upload-9.png' } }))
        .logo_id,
    ).toBe(9);
    expect(toApplicationPayload(appFormSchema.parse(base)).logo_id).toBeNull();
  });

  it("gives the contract's messages at each node's path", () => {
    const result = appFormSchema.safeParse({
      ...emptyAppFormValues,
      name: ' ',
      url: 'ftp://gudang',
      menus: [
        { key: 'a', name: 'Stok', children: [{ key: 'a1', name: '' }] },
        { key: 'b', name: 'STOK ', children: [] },
      ],
    });
    const issues = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['name', 'Nama Aplikasi tidak boleh kosong'],
        ['url', 'URL Aplikasi harus diawali http:// atau https://'],
        ['menus.0.children.0.name', 'Nama menu tidak boleh kosong'],
        ['menus.1.name', 'Nama menu sudah dipakai di tingkat yang sama'],
      ]),
    );
  });
});
