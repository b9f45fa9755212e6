/** @jest-environment jest-fixed-jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths, type ApplicationPayload } from '@sso/shared/contract';
import { renderRoute } from '@sso/shared/testing';
import { bodiesSentTo, fakeServer, startFakeServer } from '@sso/shared/testing/fake-server';
import { AppForm } from './app-form';
import { emptyAppFormValues, toAppFormValues } from './app-form-model';
import { appScenarios } from '../test-support/app-scenarios';
import { createApplicationDetail, createSsoClient } from '../test-support/factories';

// "Buat ulang secret" is the only request of these tests ("Simpan" is the page's `onSave`).
const server = startFakeServer();

const onSave = jest.fn<Promise<unknown>, [ApplicationPayload]>();
beforeEach(() => onSave.mockReset().mockResolvedValue(true));

const section = () => within(screen.getByRole('region', { name: 'Integrasi SSO' }));

/** Types a value in one go (a paste): these tests are about the rules, not about typing. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

describe('Integrasi SSO section of the application form', () => {
  it('adds a confidential client: messages per field from the contract, then the payload with its URIs', async () => {
    const user = userEvent.setup();
    renderRoute(<AppForm defaultValues={emptyAppFormValues} onSave={onSave} />, { path: '/tambah-aplikasi' });
    await fill(user, screen.getByLabelText('Nama Aplikasi'), 'Aplikasi Gudang');
    await fill(user, screen.getByLabelText('URL Aplikasi'), 'https://gudang.example.com');
    expect(section().queryByLabelText('Redirect URI 1')).not.toBeInTheDocument();
    await user.click(section().getByLabelText('Aktifkan Integrasi SSO (OpenID Connect)'));
    expect(section().getByText('Dibuat otomatis dari nama aplikasi saat disimpan')).toBeInTheDocument();
    expect(section().getByText('Dibuat saat disimpan dan ditampilkan sekali')).toBeInTheDocument();

    await fill(user, section().getByLabelText('Redirect URI 1'), 'http://gudang.example.com/callback');
    await user.click(section().getByRole('button', { name: '+ Tambah Redirect URI setelah logout' }));
    await fill(
      user,
      section().getByLabelText('Redirect URI setelah logout 1'),
      'https://gudang.example.com/#x',
    );
    await fill(user, section().getByLabelText('URL mulai masuk'), 'https://gudang.example.com/login');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(section().getByLabelText('Redirect URI 1')).toHaveAccessibleDescription(
      expect.stringContaining('Redirect URI harus diawali https:// (http:// hanya untuk localhost)'),
    );
    expect(section().getByLabelText('Redirect URI setelah logout 1')).toHaveAccessibleDescription(
      expect.stringContaining('Redirect URI setelah logout tidak boleh berisi fragmen (#)'),
    );
    expect(onSave).not.toHaveBeenCalled();

    await user.clear(section().getByLabelText('Redirect URI 1'));
    await fill(user, section().getByLabelText('Redirect URI 1'), 'https://gudang.example.com/callback');
    await user.click(section().getByRole('button', { name: 'Hapus Redirect URI setelah logout 1' }));
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.lastCall?.[0].sso).toEqual({
      client_type: 'confidential',
      redirect_uris: ['https://gudang.example.com/callback'],
      post_logout_redirect_uris: [],
      backchannel_logout_uri: null,
      initiate_login_uri: 'https://gudang.example.com/login',
    });
    // A long form driven step by step: room for a loaded machine.
  }, 20_000);

  it('a public client has no secret row and is saved as public', async () => {
    const user = userEvent.setup();
    const app = createApplicationDetail({ sso: createSsoClient() });
    renderRoute(
      <AppForm defaultValues={toAppFormValues(app)} ssoClient={app.sso} appId={app.id} onSave={onSave} />,
      {
        path: '/edit-aplikasi/x',
      },
    );
    expect(section().getByLabelText('Client ID')).toHaveValue('aplikasi-gudang');
    expect(section().getByRole('button', { name: 'Salin Client ID' })).toBeInTheDocument();
    await user.click(section().getByLabelText(/Public \(PKCE\)/));
    expect(section().queryByText('Client secret')).not.toBeInTheDocument();
    expect(section().queryByRole('button', { name: 'Buat ulang secret' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.lastCall?.[0].sso?.client_type).toBe('public');
  });

  it('"Buat ulang secret" asks first, then shows the new secret once with its warning', async () => {
    fakeServer.use(appScenarios.secretRegenerated('aplikasi-gudang', 'rahasia-baru-123'));
    const user = userEvent.setup();
    const app = createApplicationDetail({ sso: createSsoClient() });
    renderRoute(
      <AppForm defaultValues={toAppFormValues(app)} ssoClient={app.sso} appId={app.id} onSave={onSave} />,
      {
        path: '/edit-aplikasi/x',
      },
    );
    expect(section().getByText('Tersimpan (hanya hash-nya; tidak dapat dilihat lagi)')).toBeInTheDocument();
    await user.click(section().getByRole('button', { name: 'Buat ulang secret' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Buat ulang secret?' });
    await user.click(within(dialog).getByRole('button', { name: 'Buat ulang secret' }));
    const panel = await section().findByRole('region', { name: 'Client secret baru' });
    expect(await bodiesSentTo(server.requests, 'POST', paths.applications.regenerateSecret(6))).toEqual([{}]);
    expect(within(panel).getByLabelText('Client secret')).toHaveValue('rahasia-baru-123');
    expect(within(panel).getByText(/Secret hanya ditampilkan sekali/)).toBeInTheDocument();
    // The form itself is untouched: nothing was saved.
    expect(onSave).not.toHaveBeenCalled();
  });

  it('turning the integration off says the client goes on save, and saves sso null', async () => {
    const user = userEvent.setup();
    const app = createApplicationDetail({ sso: createSsoClient() });
    renderRoute(
      <AppForm defaultValues={toAppFormValues(app)} ssoClient={app.sso} appId={app.id} onSave={onSave} />,
      {
        path: '/edit-aplikasi/x',
      },
    );
    await user.click(section().getByLabelText('Aktifkan Integrasi SSO (OpenID Connect)'));
    expect(section().getByText(/akan dihapus saat disimpan/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.lastCall?.[0].sso).toBeNull();
  });

  it('app 1 has no client: the section says why and the payload leaves sso out', async () => {
    const user = userEvent.setup();
    const panel = createApplicationDetail({ id: 1, name: 'SSO Admin Panel', menus: [] });
    renderRoute(<AppForm defaultValues={toAppFormValues(panel)} ssoAvailable={false} onSave={onSave} />, {
      path: '/edit-aplikasi/x',
    });
    expect(section().getByText(/SSO Admin Panel masuk dengan alurnya sendiri/)).toBeInTheDocument();
    expect(section().queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.lastCall?.[0]).not.toHaveProperty('sso');
  });
});
