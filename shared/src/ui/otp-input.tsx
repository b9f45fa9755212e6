import { useId, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import styles from './otp-input.module.css';
import { FieldError } from './field-error';

export interface OtpInputProps {
  /** One entry per box: a digit or '' (see `emptyOtp`). */
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** Enter in any box (spec 2: "Enter submits"). Without it, Enter submits the surrounding form. */
  onSubmit?: () => void;
  /** Visible label of the group, e.g. "Kode OTP". */
  label: string;
  error?: string | undefined;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** A code of `length` empty boxes. */
export function emptyOtp(length: number): string[] {
  return Array.from({ length }, () => '');
}

/** The typed code: the digits of the boxes in order. */
export function otpCode(value: readonly string[]): string {
  return value.join('');
}

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/**
 * Writes `digits` into the boxes from `start` on (a paste or an autofilled code). A whole code
 * (as many digits as boxes) always fills every box from the first.
 */
export function fillOtp(
  value: readonly string[],
  start: number,
  digits: string,
): { next: string[]; last: number } {
  const from = digits.length >= value.length ? 0 : start;
  const next = [...value];
  let last = from;
  for (let i = 0; i < digits.length && from + i < next.length; i += 1) {
    next[from + i] = digits.charAt(i);
    last = from + i;
  }
  return { next, last };
}

/**
 * The OTP entry of spec 2 "OTP screens": six single-digit boxes with auto-advance; Enter submits;
 * Backspace on an empty box moves back; pasting a whole code fills every box. The first box
 * offers `autocomplete=one-time-code` so a phone's SMS autofill lands in it (then spreads).
 */
export function OtpInput({
  value,
  onChange,
  onSubmit,
  label,
  error,
  disabled = false,
  autoFocus = false,
}: OtpInputProps) {
  const id = useId();
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;

  const focusBox = (index: number) => {
    const box = refs.current[Math.max(0, Math.min(index, value.length - 1))];
    box?.focus();
    box?.select();
  };

  const handleInput = (index: number, raw: string) => {
    const digits = onlyDigits(raw);
    if (digits === '') {
      // Deleted (or a non-digit typed): the box is empty.
      const next = [...value];
      next[index] = '';
      onChange(next);
      return;
    }
    if (digits.length === 1 || (digits.length === 2 && value[index] !== '')) {
      // Typed over an existing digit: keep the new one, whichever side of the old one it went.
      const previous = value[index] ?? '';
      const typed =
        digits.length === 1 ? digits : digits.startsWith(previous) ? digits.charAt(1) : digits.charAt(0);
      const next = [...value];
      next[index] = typed;
      onChange(next);
      if (index < value.length - 1) focusBox(index + 1);
      return;
    }
    // Several digits at once: autofill or a paste the browser delivered as input.
    const { next, last } = fillOtp(value, index, digits);
    onChange(next);
    focusBox(last < value.length - 1 ? last + 1 : last);
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = onlyDigits(event.clipboardData.getData('text'));
    if (digits === '') return;
    const { next, last } = fillOtp(value, index, digits);
    onChange(next);
    focusBox(last < value.length - 1 ? last + 1 : last);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (/^\d$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // A typed digit replaces the box and moves on, even when it equals the digit already there
      // (the browser fires no change then, and fast typing would stall on that box).
      event.preventDefault();
      const next = [...value];
      next[index] = event.key;
      onChange(next);
      if (index < value.length - 1) focusBox(index + 1);
      return;
    }
    switch (event.key) {
      case 'Enter':
        if (onSubmit) {
          event.preventDefault();
          onSubmit();
        }
        return;
      case 'Backspace':
        if (value[index] === '' && index > 0) {
          event.preventDefault();
          focusBox(index - 1);
        }
        return;
      case 'ArrowLeft':
        event.preventDefault();
        focusBox(index - 1);
        return;
      case 'ArrowRight':
        event.preventDefault();
        focusBox(index + 1);
        return;
      default:
        return;
    }
  };

  return (
    <div className={styles.field}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <div
        role="group"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        className={styles.boxes}
      >
        {value.map((digit, index) => (
          <input
            // The boxes are positions: index is their identity.
            key={index}
            ref={(node) => {
              refs.current[index] = node;
            }}
            className={`${styles.box} ${error ? styles.invalid : ''}`}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={`Digit ${index + 1} dari ${value.length}`}
            aria-invalid={error ? true : undefined}
            // Only the first box, and only when asked: the OTP screens open ready to type.
            autoFocus={autoFocus && index === 0}
            disabled={disabled}
            value={digit}
            onChange={(event) => handleInput(index, event.target.value)}
            onPaste={(event) => handlePaste(index, event)}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
