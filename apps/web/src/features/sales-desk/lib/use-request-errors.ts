import { useState } from 'react';
import { ApiError } from '@/lib/api-client';

/**
 * A staff form's messages from a refused request: the API's by field, or one for the whole form
 * under `form` (the error's own message, else `fallback`). Sending again clears the last ones.
 */
export function useRequestErrors(fallback: string) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function attempt(request: () => Promise<void>) {
    setErrors({});
    try {
      await request();
    } catch (error) {
      if (error instanceof ApiError && error.errors) setErrors(error.errors);
      else setErrors({ form: (error instanceof Error && error.message) || fallback });
    }
  }
  return { errors, attempt };
}
