import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UnsavedForm, renderRoute } from '@sso/shared/testing';
import type { NewVersion } from '../federation/version-check';
import { NewVersionPrompt, newVersionStore } from './new-version-prompt';

/** A watch the test drives: `report` is what a check found. */
function fakeWatch() {
  const watch = {
    report: (_news: NewVersion[]): void => undefined,
    running: 0,
    start: jest.fn((onResult: (news: NewVersion[]) => void) => {
      watch.report = (news) => {
        act(() => onResult(news));
      };
      watch.running += 1;
      return () => {
        watch.running -= 1;
      };
    }),
  };
  return watch;
}

const users2 = { name: 'users', buildId: 'u2' };

function setup() {
  const watch = fakeWatch();
  const store = newVersionStore(watch.start);
  const reload = jest.fn();
  const view = renderRoute(
    <>
      <UnsavedForm />
      <NewVersionPrompt store={store} reload={reload} />
    </>,
  );
  return { watch, store, reload, view, user: userEvent.setup() };
}

afterEach(() => {
  // The page "left" in a test was not really left.
  window.dispatchEvent(new Event('pageshow'));
});

describe('NewVersionPrompt', () => {
  it('shows nothing until a check finds a new version, then says so politely, naming the module', () => {
    const { watch } = setup();
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();
    watch.report([]);
    expect(region).toBeEmptyDOMElement();
    watch.report([users2]);
    expect(region).toHaveTextContent('Versi baru tersedia');
    expect(region).toHaveTextContent('Modul users telah diperbarui.');
    // Non-blocking: no dialog, focus stays where the user is.
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(document.body);
  });

  it('"Muat ulang" reloads at once when no form holds unsaved input', async () => {
    const { watch, reload, user } = setup();
    watch.report([users2]);
    await user.click(screen.getByRole('button', { name: 'Muat ulang' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('with unsaved input, "Muat ulang" asks "Keluar tanpa menyimpan?": staying keeps input and prompt, leaving reloads', async () => {
    const { watch, reload, user } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Nama' }), 'Budi');
    watch.report([users2]);

    await user.click(screen.getByRole('button', { name: 'Muat ulang' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Keluar tanpa menyimpan?' });
    await user.click(screen.getByRole('button', { name: 'Tetap di sini' }));
    expect(dialog).not.toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Nama' })).toHaveValue('Budi');
    expect(screen.getByRole('status')).toHaveTextContent('Versi baru tersedia');

    await user.click(screen.getByRole('button', { name: 'Muat ulang' }));
    await screen.findByRole('alertdialog', { name: 'Keluar tanpa menyimpan?' });
    await user.click(screen.getByRole('button', { name: 'Keluar' }));
    expect(reload).toHaveBeenCalledTimes(1);
    // The reload must not meet a second, native question.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
  });

  it('"Nanti" hides it for these builds; yet another build shows it again', async () => {
    const { watch, user } = setup();
    watch.report([users2]);
    await user.click(screen.getByRole('button', { name: 'Nanti' }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    watch.report([users2]);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    watch.report([{ name: 'users', buildId: 'u3' }]);
    expect(screen.getByRole('status')).toHaveTextContent('Versi baru tersedia');
  });

  it('one watch for the page, kept across a remount of the shell, stopped when no shell is left', () => {
    const { watch, store, view } = setup();
    expect(watch.start).toHaveBeenCalledTimes(1);
    watch.report([users2]);
    view.unmount();
    expect(watch.running).toBe(0);
    renderRoute(<NewVersionPrompt store={store} reload={jest.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent('Versi baru tersedia');
    expect(watch.running).toBe(1);
  });
});
