import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OtpInput, emptyOtp, fillOtp, otpCode } from './otp-input';
import { OTP_LENGTH } from '@sso/shared/contract';

function Harness({
  onSubmit,
  initial = emptyOtp(OTP_LENGTH),
}: {
  onSubmit?: (code: string) => void;
  initial?: string[];
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <OtpInput
        label="Kode OTP"
        value={value}
        onChange={setValue}
        onSubmit={onSubmit ? () => onSubmit(otpCode(value)) : undefined}
      />
      <output data-testid="code">{otpCode(value)}</output>
    </>
  );
}

const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} dari 6` });
const code = () => screen.getByTestId('code').textContent;

describe('OtpInput', () => {
  it('renders six labelled numeric boxes in a named group, one-time-code on the first', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Kode OTP' })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    expect(box(1)).toHaveAttribute('autocomplete', 'one-time-code');
    expect(box(2)).toHaveAttribute('autocomplete', 'off');
    for (let n = 1; n <= 6; n += 1) expect(box(n)).toHaveAttribute('inputmode', 'numeric');
  });

  it('takes one digit per box and advances the focus', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('1');
    expect(box(1)).toHaveValue('1');
    expect(box(2)).toHaveFocus();
    await user.keyboard('23456');
    expect(code()).toBe('123456');
    expect(box(6)).toHaveFocus();
  });

  it('ignores letters and other non-digits', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('a-');
    expect(box(1)).toHaveValue('');
    expect(box(1)).toHaveFocus();
    expect(code()).toBe('');
  });

  it('replaces the digit of a filled box when typing over it', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['1', '2', '3', '', '', '']} />);
    await user.click(box(2));
    await user.keyboard('9');
    expect(code()).toBe('193');
    expect(box(3)).toHaveFocus();
  });

  // Regression: typing a code over a wrong one stalled on a box holding the same digit (no change
  // event), so the rest of the code shifted one box (e2e "NIK → code → new password" flaked).
  it('advances over a box that already holds the typed digit', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['1', '1', '1', '1', '1', '1']} />);
    await user.click(box(1));
    await user.keyboard('671766');
    expect(code()).toBe('671766');
    expect(box(6)).toHaveFocus();
  });

  it('fills every box when a whole code is pasted, wherever the focus is', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(3));
    await user.paste('654321');
    expect(code()).toBe('654321');
    expect(box(6)).toHaveFocus();
  });

  it('strips non-digits from a pasted code', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.paste('12 34-56');
    expect(code()).toBe('123456');
  });

  it('pastes a partial code from the focused box on', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(2));
    await user.paste('78');
    expect(box(2)).toHaveValue('7');
    expect(box(3)).toHaveValue('8');
    expect(box(4)).toHaveFocus();
  });

  it('moves back on Backspace in an empty box, and clears a filled one', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('12');
    expect(box(3)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(box(2)).toHaveFocus();
    expect(code()).toBe('12');
    await user.keyboard('{Backspace}');
    expect(code()).toBe('1');
    expect(box(2)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(box(1)).toHaveFocus();
  });

  it('submits on Enter with the typed code', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<Harness onSubmit={onSubmit} />);
    await user.click(box(1));
    await user.keyboard('123456{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('123456');
  });

  it('moves with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(3));
    await user.keyboard('{ArrowLeft}');
    expect(box(2)).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(box(4)).toHaveFocus();
  });

  it('ties its error to the group', () => {
    render(
      <OtpInput
        label="Kode OTP"
        value={emptyOtp(OTP_LENGTH)}
        onChange={() => {}}
        error="Kode OTP tidak boleh kosong"
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Kode OTP tidak boleh kosong');
    expect(screen.getByRole('group', { name: 'Kode OTP' })).toHaveAccessibleDescription(
      'Kode OTP tidak boleh kosong',
    );
  });
});

describe('fillOtp', () => {
  it.each([
    { start: 0, digits: '123456', expected: '123456', last: 5 },
    { start: 4, digits: '123456', expected: '123456', last: 5 },
    { start: 0, digits: '1234567', expected: '123456', last: 5 },
    { start: 2, digits: '12', expected: '12', last: 3 },
    { start: 4, digits: '123', expected: '12', last: 5 },
  ])('fills from $start with "$digits"', ({ start, digits, expected, last }) => {
    const result = fillOtp(emptyOtp(OTP_LENGTH), start, digits);
    expect(otpCode(result.next)).toBe(expected);
    expect(result.last).toBe(last);
  });
});
