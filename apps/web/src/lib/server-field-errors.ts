import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { toastApiError } from '@/components/toast/toast-store';
import { ApiError } from './api-client';

/** Puts the API's messages (a refused request's `errors`) on the form's own fields, focusing the first. */
export function setServerFieldErrors<T extends FieldValues>(error: unknown, fields: readonly FieldPath<T>[], setError: UseFormSetError<T>) {
  if (!(error instanceof ApiError) || !error.errors) return;
  for (const field of fields) {
    const message = error.errors[field];
    if (message) setError(field, { message }, { shouldFocus: true });
  }
}

/** A form's `onError` for its mutation: the API's messages on their fields, and a toast saying what failed. */
export function formErrorHandler<T extends FieldValues>(fields: readonly FieldPath<T>[], setError: UseFormSetError<T>, failure: string) {
  return (error: unknown) => {
    setServerFieldErrors(error, fields, setError);
    toastApiError(error, failure);
  };
}
