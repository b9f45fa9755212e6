import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UnsavedForm, renderRoute } from '@sso/shared/testing';
import { confirmPageLeave, hasUnsavedInput } from './unsaved-input';

/** Dispatches the browser's unload question; true when a handler asked to keep the page. */
function unloadIsQuestioned(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('unsaved input across the page', () => {
  it('counts a form only while it holds input, and forgets it when it unmounts', async () => {
    const user = userEvent.setup();
    const view = renderRoute(<UnsavedForm />);
    expect(hasUnsavedInput()).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Nama' }), 'Budi');
    expect(hasUnsavedInput()).toBe(true);
    await user.clear(screen.getByRole('textbox', { name: 'Nama' }));
    expect(hasUnsavedInput()).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Nama' }), 'Budi');
    view.unmount();
    expect(hasUnsavedInput()).toBe(false);
  });

  it('lets the page go at once when nothing is unsaved (no dialog)', async () => {
    renderRoute(<UnsavedForm />);
    await expect(confirmPageLeave()).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('confirmPageLeave with unsaved input', () => {
  it('asks "Keluar tanpa menyimpan?": "Tetap di sini" keeps everything, "Keluar" lets the page go without a second, native prompt', async () => {
    const user = userEvent.setup();
    renderRoute(<UnsavedForm />);
    const field = screen.getByRole('textbox', { name: 'Nama' });
    await user.type(field, 'Budi');
    expect(unloadIsQuestioned()).toBe(true);

    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirmPageLeave();
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Keluar tanpa menyimpan?' });
    expect(dialog).toHaveTextContent('Perubahan yang belum disimpan akan hilang.');
    await user.click(screen.getByRole('button', { name: 'Tetap di sini' }));
    await expect(answer).resolves.toBe(false);
    expect(field).toHaveValue('Budi');
    expect(hasUnsavedInput()).toBe(true);
    expect(unloadIsQuestioned()).toBe(true);

    act(() => {
      answer = confirmPageLeave();
    });
    await screen.findByRole('alertdialog', { name: 'Keluar tanpa menyimpan?' });
    await user.click(screen.getByRole('button', { name: 'Keluar' }));
    await expect(answer).resolves.toBe(true);
    expect(unloadIsQuestioned()).toBe(false);

    // Restored from the back/forward cache: the page was not left after all, so it asks again.
    window.dispatchEvent(new Event('pageshow'));
    expect(unloadIsQuestioned()).toBe(true);
  });
});
