import { useState } from 'react';
import { useLeaveConfirmation } from '@sso/shared/ui';

/** A form field "Nama" that holds unsaved input once something is typed (useLeaveConfirmation). */
export function UnsavedForm() {
  const [text, setText] = useState('');
  useLeaveConfirmation(text !== '');
  return (
    <label>
      Nama
      <input value={text} onChange={(event) => setText(event.target.value)} />
    </label>
  );
}
