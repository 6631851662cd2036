import { useFormContext } from 'react-hook-form';
import type { VehicleFieldName } from '@dealer/shared';
import type { VehicleFormValues } from './form-values';

/** For a step's fields: `register`, and the message a field shows under it. */
export function useListingFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<VehicleFormValues>();
  return { register, message: (field: VehicleFieldName) => errors[field]?.message };
}
