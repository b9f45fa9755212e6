import { PRODUCT_NAME_SLOT as SERVER_SLOT } from '../../../../scripts/lib/prerendered.mjs';
import { PRODUCT_NAME_SLOT, PRERENDERED_ATTRIBUTE } from './slots';
import { takeOverPrerendered } from './take-over';

function paint(route: string): HTMLElement {
  const painted = document.createElement('div');
  painted.setAttribute(PRERENDERED_ATTRIBUTE, route);
  painted.innerHTML =
    '<form><input name="nik"><input type="password" name="password"><button type="submit">Masuk</button></form>';
  document.body.append(painted);
  return painted;
}

function rendered(onSubmit = jest.fn((event: Event) => event.preventDefault())) {
  const main = document.createElement('main');
  main.innerHTML =
    '<form><input name="nik"><input type="password" name="password"><button type="submit">Masuk</button></form>';
  main.querySelector('form')?.addEventListener('submit', onSubmit);
  document.body.append(main);
  return { main, onSubmit };
}

afterEach(() => {
  document.body.innerHTML = '';
  delete window.__ssoPrerendered;
});

test('the server fills the slot the build leaves', () => {
  expect(PRODUCT_NAME_SLOT).toBe(SERVER_SLOT);
});

/** The fields are filled after React's commit, in a microtask. */
const afterCommit = () => Promise.resolve();

test('what was typed, the focus and the caret move to the rendered fields; the painted screen leaves', async () => {
  const painted = paint('/login');
  const [nik, password] = [...painted.querySelectorAll('input')];
  nik!.value = '100001';
  password!.value = 'admin12';
  password!.focus();
  password!.setSelectionRange(3, 5);
  const { main } = rendered();
  const seen: string[] = [];
  main.addEventListener('input', (event) => seen.push((event.target as HTMLInputElement).name));

  expect(takeOverPrerendered(main, '/login')).toBe(true);
  expect(document.querySelector(`[${PRERENDERED_ATTRIBUTE}]`)).toBeNull();
  await afterCommit();
  const [nik2, password2] = [...main.querySelectorAll('input')];
  expect([nik2!.value, password2!.value]).toEqual(['100001', 'admin12']);
  // As typing would: a controlled field's onChange hears it.
  expect(seen).toEqual(['nik', 'password']);
  expect(document.activeElement).toBe(password2);
  expect([password2!.selectionStart, password2!.selectionEnd]).toEqual([3, 5]);
  expect(document.querySelector(`[${PRERENDERED_ATTRIBUTE}]`)).toBeNull();
});

test('an untouched painted field leaves the value the page rendered (a remembered phone number)', async () => {
  paint('/login-by-phone');
  const { main } = rendered();
  main.querySelector('input')!.value = '081234567890';
  takeOverPrerendered(main, '/login-by-phone');
  await afterCommit();
  expect(main.querySelector('input')!.value).toBe('081234567890');
});

test('a submit held before the script ran is made now, once', async () => {
  paint('/login');
  window.__ssoPrerendered = { submitted: true };
  const { main, onSubmit } = rendered();
  takeOverPrerendered(main, '/login');
  await afterCommit();
  expect(onSubmit).toHaveBeenCalledTimes(1);
  expect(window.__ssoPrerendered.submitted).toBe(false);
});

test('a screen painted for another route is dropped, not taken', async () => {
  const painted = paint('/login');
  painted.querySelector('input')!.value = '100001';
  const { main } = rendered();
  expect(takeOverPrerendered(main, '/forgot-password')).toBe(false);
  await afterCommit();
  expect(main.querySelector('input')!.value).toBe('');
  expect(document.querySelector(`[${PRERENDERED_ATTRIBUTE}]`)).toBeNull();
});

test('no painted screen: nothing to take', () => {
  const { main } = rendered();
  expect(takeOverPrerendered(main, '/login')).toBe(false);
});
