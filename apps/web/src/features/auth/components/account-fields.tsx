import { useFormContext } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from './password-input';

/** The fields the register and profile forms both ask for (their form provides them). */
interface AccountFieldValues {
  phone: string;
  address?: string;
  password?: string;
  confirmPassword?: string;
}

function useAccountFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<AccountFieldValues>();
  return { register, errors };
}

/** Phone, then the address across the row. */
export function PhoneAndAddressFields() {
  const { register, errors } = useAccountFields();
  return (
    <>
      <FormField label="Phone" error={errors.phone?.message}>
        <Input type="tel" autoComplete="tel" {...register('phone')} />
      </FormField>
      <FormField label="Address" error={errors.address?.message} className="sm:col-span-2">
        <Input autoComplete="street-address" {...register('address')} />
      </FormField>
    </>
  );
}

/** A new password and its confirmation, labelled as each form words them. */
export function NewPasswordFields({ passwordLabel, confirmLabel }: { passwordLabel: string; confirmLabel: string }) {
  const { register, errors } = useAccountFields();
  return (
    <>
      <FormField label={passwordLabel} error={errors.password?.message}>
        <PasswordInput autoComplete="new-password" {...register('password')} />
      </FormField>
      <FormField label={confirmLabel} error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
      </FormField>
    </>
  );
}
