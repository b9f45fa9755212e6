import { useState } from 'react';
import { TextField, type TextFieldProps } from './text-field';
import { Button } from './button';
import { EyeIcon, EyeOffIcon } from './icons';

/** Password input with the show/hide control of spec 2 ("Login"). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'adornment'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      adornment={
        <Button
          variant="ghost"
          aria-label={visible ? 'Sembunyikan password' : 'Tampilkan password'}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </Button>
      }
    />
  );
}
