import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Drawer } from './drawer';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Buka
      </button>
      <Drawer
        open={open}
        onOpenChange={setOpen}
        title="Detail User"
        footer={<button type="button">Edit</button>}
      >
        <p>Isi</p>
      </Drawer>
    </>
  );
}

describe('Drawer', () => {
  it('opens as a named dialog, closes on Escape and returns focus', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Buka' }));
    expect(screen.getByRole('dialog', { name: 'Detail User' })).toBeInTheDocument();
    expect(screen.getByText('Isi')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Buka' })).toHaveFocus());
  });

  it('closes with its close button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Buka' }));
    await user.click(screen.getByRole('button', { name: 'Tutup' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
