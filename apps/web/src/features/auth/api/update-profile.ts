import { useMutation } from '@tanstack/react-query';
import type { ProfileUpdateInput, PublicUser } from '@dealer/shared';
import { apiRequest } from '@/lib/api-client';

export interface ProfileChange {
  values: ProfileUpdateInput;
  picture?: File | null;
}

/**
 * PATCH api/users/profile: multipart of the non-empty fields; confirmPassword is checked in the form and never sent.
 * A new password ends the account's other sessions; this one (its access token and refresh cookie) goes on.
 */
export async function updateProfile({ values, picture }: ProfileChange): Promise<PublicUser> {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (key === 'confirmPassword' || value === undefined || value === null) continue;
    const text = String(value);
    if (text.trim() === '') continue;
    form.append(key, text);
  }
  if (picture) form.append('file', picture);
  const body = await apiRequest<PublicUser>('/api/users/profile', { method: 'PATCH', body: form });
  return body.data;
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
