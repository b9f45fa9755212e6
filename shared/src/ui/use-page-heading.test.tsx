import { render, screen } from '@testing-library/react';
import { PageHeader } from './page-header';

// One module instance for the file: the first heading shown is the page's first load.
test('the first screen sets the title and leaves focus alone; later screens take focus', () => {
  const first = render(<PageHeader title="Home" />);
  expect(document.title).toBe('Home · SSO Admin Panel');
  expect(document.body).toHaveFocus();
  first.unmount();

  render(<PageHeader title="User Management" />);
  expect(document.title).toBe('User Management · SSO Admin Panel');
  expect(screen.getByRole('heading', { level: 1, name: 'User Management' })).toHaveFocus();
});

test('a screen that focused its own field keeps it', () => {
  render(
    <main>
      <PageHeader title="Tambah User" />
      <input aria-label="Nama" autoFocus />
    </main>,
  );
  expect(screen.getByRole('textbox', { name: 'Nama' })).toHaveFocus();
  expect(document.title).toBe('Tambah User · SSO Admin Panel');
});
