import { PHONE_MAX_DIGITS, digitsOnly, isAllowedPhoneKey, pasteDigits } from './phone-digits';

describe('isAllowedPhoneKey (only digits and editing keys)', () => {
  it.each([
    ['0', true],
    ['9', true],
    ['Backspace', true],
    ['Delete', true],
    ['Tab', true],
    ['Enter', true],
    ['ArrowLeft', true],
    ['ArrowRight', true],
    ['Home', true],
    ['End', true],
    ['a', false],
    ['E', false],
    ['e', false],
    ['+', false],
    ['-', false],
    [' ', false],
    ['.', false],
    ['Dead', false],
  ])('%j → %s', (key, allowed) => {
    expect(isAllowedPhoneKey({ key })).toBe(allowed);
  });

  it.each([
    { key: 'v', ctrlKey: true },
    { key: 'c', metaKey: true },
    { key: 'a', ctrlKey: true },
  ])('lets shortcuts through: $key', (event) => {
    expect(isAllowedPhoneKey(event)).toBe(true);
  });
});

describe('digitsOnly', () => {
  it.each([
    ['081234567890', '081234567890'],
    ['+62 812-3456-7890', '6281234567890'],
    ['(0812) 345 678', '0812345678'],
    ['abc', ''],
    ['٠١٢', ''],
    ['', ''],
  ])('%j → %j', (text, digits) => {
    expect(digitsOnly(text)).toBe(digits);
  });
});

describe('pasteDigits (strip non-digits from a paste)', () => {
  it.each([
    { current: '', pasted: '0812-3456-7890', start: 0, end: 0, value: '081234567890', caret: 12 },
    { current: '0812', pasted: ' 34a5 ', start: 4, end: 4, value: '0812345', caret: 7 },
    { current: '0899', pasted: '12', start: 2, end: 4, value: '0812', caret: 4 },
    { current: '0812', pasted: 'abc', start: 4, end: 4, value: '0812', caret: 4 },
    { current: '08', pasted: '1', start: 0, end: 0, value: '108', caret: 1 },
  ])('pastes $pasted into $current at $start–$end', ({ current, pasted, start, end, value, caret }) => {
    expect(pasteDigits(current, pasted, start, end)).toEqual({ value, caret });
  });

  it(`keeps at most ${PHONE_MAX_DIGITS} digits`, () => {
    const result = pasteDigits('0812', '1234567890123456', 4, 4);
    expect(result.value).toHaveLength(PHONE_MAX_DIGITS);
    expect(result.value).toBe('081212345678901');
  });
});
