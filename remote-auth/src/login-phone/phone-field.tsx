import { useLayoutEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { TextField } from '@sso/shared/ui';
import { authText } from '../texts';
import { PHONE_MAX_DIGITS, digitsOnly, isAllowedPhoneKey, pasteDigits } from './phone-digits';

interface PhoneFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
}

/** Spec 2 "Login by phone": a phone field accepting only digits and editing keys, typed or pasted. */
export function PhoneField({ value, onChange, error }: PhoneFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);

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
      ref={inputRef}
      label={authText.phoneLabel}
      placeholder={authText.phonePlaceholder}
      type="tel"
      inputMode="numeric"
      autoComplete="tel"
      autoFocus
      value={value}
      error={error ?? undefined}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
      // Anything that slips past the key filter (autofill, drag and drop, IME) is cleaned here.
      onChange={(event) => onChange(digitsOnly(event.target.value).slice(0, PHONE_MAX_DIGITS))}
    />
  );
}
