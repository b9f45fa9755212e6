import {
  useCallback,
  useLayoutEffect,
  useRef,
  type ClipboardEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { TextField } from '@sso/shared/ui';
import { authText } from '../texts';
import { PHONE_MAX_DIGITS, digitsOnly, isAllowedPhoneKey, pasteDigits } from './phone-digits';

interface PhoneFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  /** The form's handle on the input (react-hook-form focuses a field it refuses). */
  ref?: Ref<HTMLInputElement>;
}

/** Spec 2 "Login by phone": a phone field accepting only digits and editing keys, typed or pasted. */
export function PhoneField({ value, onChange, onBlur, error, ref }: PhoneFieldProps) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  const pendingCaret = useRef<number | null>(null);
  const inputRefs = useCallback(
    (node: HTMLInputElement | null) => {
      inputRef.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );

  // After a paste, put the caret right after the inserted digits (not at the end).
  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    if (caret === null || !inputRef.current) return;
    pendingCaret.current = null;
    inputRef.current.setSelectionRange(caret, caret);
  }, [value]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!isAllowedPhoneKey(event)) event.preventDefault();
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? value.length;
    const end = input.selectionEnd ?? start;
    const next = pasteDigits(value, event.clipboardData.getData('text'), start, end);
    pendingCaret.current = next.caret;
    onChange(next.value);
  };

  return (
    <TextField
      ref={inputRefs}
      label={authText.phoneLabel}
      placeholder={authText.phonePlaceholder}
      type="tel"
      inputMode="numeric"
      autoComplete="tel"
      autoFocus
      value={value}
      error={error}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
      // Anything that slips past the key filter (autofill, drag and drop, IME) is cleaned here.
      onChange={(event) => onChange(digitsOnly(event.target.value).slice(0, PHONE_MAX_DIGITS))}
    />
  );
}
