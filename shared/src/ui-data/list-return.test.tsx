import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from '@sso/shared/navigation';
import { renderRoute } from '@sso/shared/testing';
import { BackToListLink } from './back-to-list-link';
import { listReturnPath, useListReturn, useRememberListPlace } from './list-return';

afterEach(() => sessionStorage.clear());

describe('listReturnPath', () => {
  it.each([
    [null, '/user-management'],
    ['/user-management', '/user-management'],
    ['/user-management?role_id=3&page=2', '/user-management?role_id=3&page=2'],
    // Another list, another page, or a trick: the bare list.
    ['/role-management?page=2', '/user-management'],
    ['/user-management-x?page=2', '/user-management'],
    ['//evil.test/user-management?x', '/user-management'],
    ['https://evil.test/user-management?page=2', '/user-management'],
    ['/user-management?page=2#x', '/user-management'],
    ['/user-management?a=\\evil', '/user-management'],
  ])('%s → %s', (remembered, expected) => {
    expect(listReturnPath('/user-management', remembered)).toBe(expected);
  });
});

function List() {
  useRememberListPlace('/user-management');
  return (
    <>
      <h1>Daftar</h1>
      <Link to="/edit-user/abc">Edit</Link>
      <Link to="/user-management?role_id=3&page=2&sortBy=nama&sort=desc">Halaman 2</Link>
    </>
  );
}

function Edit() {
  const { go } = useListReturn('/user-management');
  return (
    <>
      <h1>Edit</h1>
      <button type="button" onClick={go}>
        Batal
      </button>
      <BackToListLink listPath="/user-management">Kembali ke daftar user</BackToListLink>
    </>
  );
}

function Routes() {
  return (
    <>
      <List />
      <Edit />
    </>
  );
}

describe('return to where you were', () => {
  it('the list remembers its query; Batal and the back link return to it', async () => {
    const user = userEvent.setup();
    const { location } = renderRoute(<Routes />, { path: '*', url: '/user-management?keyword=budi' });
    await user.click(screen.getByRole('link', { name: 'Halaman 2' }));
    await user.click(screen.getByRole('link', { name: 'Edit' }));
    expect(location().pathname).toBe('/edit-user/abc');
    await user.click(screen.getByRole('button', { name: 'Batal' }));
    expect(`${location().pathname}${location().search}`).toBe(
      '/user-management?role_id=3&page=2&sortBy=nama&sort=desc',
    );
    expect(screen.getByRole('link', { name: 'Kembali ke daftar user' })).toHaveAttribute(
      'href',
      '/user-management?role_id=3&page=2&sortBy=nama&sort=desc',
    );
  });

  it('without a remembered place: the bare list', async () => {
    const user = userEvent.setup();
    const { location } = renderRoute(<Edit />, { path: '*', url: '/edit-user/abc' });
    await user.click(screen.getByRole('button', { name: 'Batal' }));
    expect(location().pathname).toBe('/user-management');
    expect(location().search).toBe('');
  });
});
