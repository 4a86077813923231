/** A new password and its confirmation (sign-up, password reset), the minimum length said under the first. */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';

interface NewPasswordFieldsProps {
  /** 'Password' on sign-up, 'New Password' on reset. */
  label: string;
  /** The server's minimum length (auth config). */
  minLength: number;
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  errors: { password?: string; confirm?: string };
}

export function NewPasswordFields({ label, minLength, password, confirm, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <Field label={label} description={`At least ${minLength} characters. A long passphrase is best.`} error={errors.password} required>
        <Input type="password" autoComplete="new-password" {...password} />
      </Field>
      <Field label="Confirm Password" error={errors.confirm} required>
        <Input type="password" autoComplete="new-password" {...confirm} />
      </Field>
    </>
  );
}
