import { render, renderHook, screen, act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@sso/shared/api';
import { ConfirmDialogHost, Toaster } from '@sso/shared/ui';
import { useConfirmedDelete } from './use-confirmed-delete';

const question = { title: 'Hapus user "Budi"?', body: 'Dengan menghapus, …' };

function setup() {
  render(
    <>
      <ConfirmDialogHost />
      <Toaster />
    </>,
  );
  const onDeleted = jest.fn();
  const { result } = renderHook(() => useConfirmedDelete(onDeleted));
  return { onDeleted, result, user: userEvent.setup() };
}

describe('useConfirmedDelete', () => {
  it('asks first; on Hapus runs the action, shows the server message and calls onDeleted', async () => {
    const { onDeleted, result, user } = setup();
    const action = jest.fn().mockResolvedValue({ message: 'User berhasil dihapus' });
    let done: Promise<boolean> = Promise.resolve(false);
    act(() => {
      done = result.current.run(question, action);
    });
    const dialog = await screen.findByRole('alertdialog', { name: question.title });
    expect(action).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Hapus' }));
    await act(async () => expect(await done).toBe(true));
    expect(dialog).not.toBeInTheDocument();
    expect(await screen.findByText('User berhasil dihapus')).toBeInTheDocument();
    expect(onDeleted).toHaveBeenCalledTimes(1);
  });

  it('Batal deletes nothing', async () => {
    const { onDeleted, result, user } = setup();
    const action = jest.fn();
    let done: Promise<boolean> = Promise.resolve(true);
    act(() => {
      done = result.current.run(question, action);
    });
    await user.click(await screen.findByRole('button', { name: 'Batal' }));
    await act(async () => expect(await done).toBe(false));
    expect(action).not.toHaveBeenCalled();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('a refusal (409) shows the server message and keeps the selection', async () => {
    const { onDeleted, result, user } = setup();
    const message = 'Role masih digunakan oleh user: Budi.';
    const action = jest.fn().mockRejectedValue(new ApiError('http', message, 409, { message }));
    let done: Promise<boolean> = Promise.resolve(true);
    act(() => {
      done = result.current.run(question, action);
    });
    await user.click(await screen.findByRole('button', { name: 'Hapus' }));
    await act(async () => expect(await done).toBe(false));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
