import type { ReactNode } from 'react';
import { Field, TextField } from '../../ui/form';
import { PasswordInput } from './PasswordInput';

type Props = {
  /** The field's name, also its id. */
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  error?: string;
  hint?: string;
  /** A password: hidden, with a show/hide button. */
  password?: boolean;
  type?: 'email';
  inputMode?: 'numeric' | 'tel';
  maxLength?: number;
  /** Shown under the control (e.g. a link). */
  children?: ReactNode;
};

/** The mobile number field: the shopper's sign-in name. */
export const MOBILE_FIELD = { name: 'mobileno', label: 'Mobile No', inputMode: 'tel', autoComplete: 'tel' } as const;

/** A field of the sign-in, sign-up and forgot-password forms. */
export function AuthField({ name, password = false, children, onChange, ...field }: Props) {
  if (!password) {
    return (
      <TextField id={name} name={name} density="roomy" onValue={onChange} {...field}>
        {children}
      </TextField>
    );
  }
  return (
    <Field id={name} label={field.label} error={field.error} hint={field.hint}>
      <PasswordInput id={name} value={field.value} onChange={onChange} autoComplete={field.autoComplete} />
      {children}
    </Field>
  );
}
