import { createSsoClient } from '../test-support/factories';
import { appFormSchema, emptyAppFormValues } from './app-form-model';
import { emptySsoFormValues, ssoFormSchema, toSsoFormValues, toSsoPayload } from './sso-form-model';

const issuesOf = (values: unknown) =>
  (ssoFormSchema.safeParse(values).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('Integrasi SSO form model', () => {
  it('maps a saved client to the form and back, exactly (URIs trimmed, blanks as none)', () => {
    const client = createSsoClient({ backchannel_logout_uri: null });
    const values = toSsoFormValues(client);
    expect(values).toEqual({
      enabled: true,
      client_type: 'confidential',
      redirect_uris: [{ value: 'https://gudang.example.com/callback' }],
      post_logout_redirect_uris: [{ value: 'https://gudang.example.com/' }],
      backchannel_logout_uri: '',
      initiate_login_uri: 'https://gudang.example.com/login',
    });
    expect(
      toSsoPayload({ ...values, redirect_uris: [{ value: '  https://gudang.example.com/callback ' }] }),
    ).toEqual({
      client_type: 'confidential',
      redirect_uris: ['https://gudang.example.com/callback'],
      post_logout_redirect_uris: ['https://gudang.example.com/'],
      backchannel_logout_uri: null,
      initiate_login_uri: 'https://gudang.example.com/login',
    });
    expect(toSsoFormValues(null)).toEqual(emptySsoFormValues);
    expect(toSsoPayload(emptySsoFormValues)).toBeNull();
  });

  it("gives the contract's messages under the row they belong to", () => {
    expect(
      issuesOf({
        ...emptySsoFormValues,
        enabled: true,
        redirect_uris: [{ value: 'https://ok.example.com/cb' }, { value: 'http://gudang.example.com/cb' }],
        post_logout_redirect_uris: [{ value: 'https://gudang.example.com/#akhir' }],
        initiate_login_uri: 'https://*.example.com/login',
      }),
    ).toEqual([
      ['redirect_uris.1.value', 'Redirect URI harus diawali https:// (http:// hanya untuk localhost)'],
      ['post_logout_redirect_uris.0.value', 'Redirect URI setelah logout tidak boleh berisi fragmen (#)'],
      ['initiate_login_uri', 'URL mulai masuk tidak boleh berisi wildcard (*)'],
    ]);
    expect(issuesOf({ ...emptySsoFormValues, enabled: true, redirect_uris: [] })).toEqual([
      ['redirect_uris', 'Minimal satu Redirect URI'],
    ]);
  });

  it('checks nothing while the integration is off', () => {
    const off = { ...emptySsoFormValues, redirect_uris: [{ value: 'bukan uri' }] };
    expect(issuesOf(off)).toEqual([]);
    const app = { ...emptyAppFormValues, name: 'Kasir', url: 'https://kasir.example.com', sso: off };
    expect(appFormSchema.safeParse(app).success).toBe(true);
  });
});
