import { useMutation } from '@tanstack/react-query';
import type { ProfileUpdateInput, PublicUser } from '@dealer/shared';
import { apiRequest } from '@/lib/api-client';

export interface ProfileChange {
  values: ProfileUpdateInput;
  picture?: File | null;
}

export interface ProfileUpdated {
  user: PublicUser;
  /** Present after a password change: the server ended every session and started this one afresh. */
  accessToken?: string;
}

/** PATCH api/users/profile: multipart of the non-empty fields; confirmPassword is checked in the form and never sent. */
export async function updateProfile({ values, picture }: ProfileChange): Promise<ProfileUpdated> {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (key === 'confirmPassword' || value === undefined || value === null) continue;
    const text = String(value);
    if (text.trim() === '') continue;
    form.append(key, text);
  }
  if (picture) form.append('file', picture);
  const body = await apiRequest<PublicUser>('/api/users/profile', { method: 'PATCH', body: form });
  return { user: body.data, accessToken: body.tokens?.accessToken };
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
