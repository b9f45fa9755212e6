import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BulkBar } from './bulk-bar';
import { KebabMenu } from './kebab-menu';
import { LogoStack } from './logo-stack';
import { RoleChip, readableTextColor } from './role-chip';
import { Tooltip } from './tooltip';

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

describe('KebabMenu before its code has loaded', () => {
  it('is a plain menu button; ↓ opens the menu, Escape closes it and focus comes back', async () => {
    const user = userEvent.setup();
    render(<KebabMenu label="Aksi untuk Sari" items={[{ label: 'Edit', onSelect: jest.fn() }]} />);
    const trigger = screen.getByRole('button', { name: 'Aksi untuk Sari' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Aksi untuk Sari' })).toHaveFocus();
  });
});

describe('Tooltip', () => {
  const trigger = (
    <Tooltip content="PT Satu: BGR1, BGR2">
      <button type="button">BGR1 +1</button>
    </Tooltip>
  );

  it('shows on hover after its delay; Escape hides it', async () => {
    const user = userEvent.setup();
    render(trigger);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.hover(screen.getByRole('button', { name: 'BGR1 +1' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('PT Satu: BGR1, BGR2');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('closes when the pointer moves away after the first hover (its trigger was swapped in)', async () => {
    const user = userEvent.setup();
    render(
      <>
        {trigger}
        <p>elsewhere</p>
      </>,
    );
    await user.hover(screen.getByRole('button', { name: 'BGR1 +1' }));
    expect(await screen.findByRole('tooltip')).toBeInTheDocument();
    await user.hover(screen.getByText('elsewhere'));
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('does not open when the pointer only passes over it', async () => {
    const user = userEvent.setup();
    render(trigger);
    await user.hover(screen.getByRole('button', { name: 'BGR1 +1' }));
    await user.unhover(screen.getByRole('button', { name: 'BGR1 +1' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows on keyboard focus and keeps the focus on its trigger', async () => {
    const user = userEvent.setup();
    render(trigger);
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('PT Satu');
    expect(screen.getByRole('button', { name: /BGR1 \+1/ })).toHaveFocus();
  });
});
