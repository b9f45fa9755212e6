import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BulkBar } from './bulk-bar';
import { KebabMenu } from './kebab-menu';
import { LogoStack } from './logo-stack';
import { RoleChip, readableTextColor } from './role-chip';

describe('BulkBar', () => {
  it('shows "{n} terpilih", Hapus and close; nothing at 0', async () => {
    const user = userEvent.setup();
    const onDelete = jest.fn();
    const onClose = jest.fn();
    const { rerender } = render(<BulkBar count={3} onDelete={onDelete} onClose={onClose} />);
    expect(screen.getByText('3 terpilih')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hapus' }));
    await user.click(screen.getByRole('button', { name: 'Tutup pilihan' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    rerender(<BulkBar count={0} onDelete={onDelete} onClose={onClose} />);
    expect(screen.queryByText(/terpilih/)).not.toBeInTheDocument();
  });
});

describe('LogoStack', () => {
  const logo = (key: number, url = `https://x.test/${key}.svg`) => ({ key, name: `AP ${key}`, url });

  it('shows 3 logos then +n naming the rest', () => {
    render(<LogoStack items={[1, 2, 3, 4, 5].map((k) => logo(k))} />);
    expect(screen.getAllByRole('img')).toHaveLength(3);
    expect(screen.getByText('+2')).toHaveAttribute('aria-label', '2 lainnya: AP 4, AP 5');
  });

  it('never renders a non-http(s) URL', () => {
    render(<LogoStack items={[logo(1, 'javascript:alert(1)')]} />);
    const img = screen.getByRole('img', { name: 'AP 1' });
    expect(img.tagName).toBe('SPAN');
    expect(img).toHaveTextContent('A');
  });
});

describe('RoleChip', () => {
  it('paints a safe colour and a readable text colour', () => {
    render(<RoleChip name="Admin" color="#ffe066" />);
    expect(screen.getByText('Admin')).toHaveStyle({ background: '#ffe066', color: '#000000' });
    expect(readableTextColor('#1d4ed8')).toBe('#ffffff');
  });

  it('falls back to grey for a bad colour', () => {
    render(<RoleChip name="X" color="red;background:url(x)" />);
    expect(screen.getByText('X')).toHaveStyle({ background: '#9aa3b2' });
  });
});

describe('KebabMenu', () => {
  it('opens from its named trigger and runs the chosen item', async () => {
    const user = userEvent.setup();
    const onEdit = jest.fn();
    render(
      <KebabMenu
        label="Aksi untuk Budi"
        items={[
          { label: 'Lihat Detail', onSelect: jest.fn() },
          { label: 'Edit', onSelect: onEdit },
          { label: 'Hapus', onSelect: jest.fn(), tone: 'danger' },
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Aksi untuk Budi' }));
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'Lihat Detail',
      'Edit',
      'Hapus',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
