import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialogHost, confirm, confirmWithInput } from './confirm-dialog';

test('nothing is mounted until a confirmation is asked', () => {
  const { container } = render(<ConfirmDialogHost />);
  expect(container).toBeEmptyDOMElement();
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
});

test.each([
  ['Hapus', true],
  ['Batal', false],
])('the warning variant resolves %s → %s', async (button, expected) => {
  const user = userEvent.setup();
  render(<ConfirmDialogHost />);
  let answer: Promise<boolean> = Promise.resolve(!expected);
  act(() => {
    answer = confirm({
      variant: 'warning',
      title: 'Hapus user "Budi"?',
      body: 'Yakin?',
      confirmLabel: 'Hapus',
    });
  });
  const dialog = await screen.findByRole('alertdialog', { name: 'Hapus user "Budi"?' });
  expect(dialog).toHaveTextContent('Yakin?');
  await user.click(screen.getByRole('button', { name: button }));
  await expect(answer).resolves.toBe(expected);
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
});

test('Escape cancels', async () => {
  const user = userEvent.setup();
  render(<ConfirmDialogHost />);
  let answer: Promise<boolean> = Promise.resolve(true);
  act(() => {
    answer = confirm({ title: 'Keluar tanpa menyimpan?' });
  });
  await screen.findByRole('alertdialog');
  await user.keyboard('{Escape}');
  await expect(answer).resolves.toBe(false);
});

test('confirmWithInput resolves the typed text (trimmed) on confirm, null on cancel; each question starts empty', async () => {
  const user = userEvent.setup();
  render(<ConfirmDialogHost />);
  const ask = () =>
    confirmWithInput({
      title: 'Nonaktifkan?',
      confirmLabel: 'Ya',
      input: { label: 'Alasan', maxLength: 20 },
    });
  let answer: Promise<string | null> = Promise.resolve(null);
  act(() => {
    answer = ask();
  });
  const field = await screen.findByRole('textbox', { name: 'Alasan' });
  expect(field).toHaveAttribute('maxLength', '20');
  await user.type(field, '  cuti ');
  await user.click(screen.getByRole('button', { name: 'Ya' }));
  await expect(answer).resolves.toBe('cuti');

  act(() => {
    answer = ask();
  });
  expect(await screen.findByRole('textbox', { name: 'Alasan' })).toHaveValue('');
  await user.click(screen.getByRole('button', { name: 'Batal' }));
  await expect(answer).resolves.toBeNull();
});
