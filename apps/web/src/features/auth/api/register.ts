import { useMutation } from '@tanstack/react-query';
import type { PublicUser, RegisterInput } from '@dealer/shared';
import { apiRequest } from '@/lib/api-client';
import type { SignedIn } from './login';

export interface Registration {
  values: RegisterInput;
  avatar?: File | null;
}

/** POST api/auth/register (multipart: avatar, username, name, phone, email, address, password, confirmPassword). */
export async function register({ values, avatar }: Registration): Promise<SignedIn> {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.append(key, value);
  if (avatar) form.append('avatar', avatar);
  const body = await apiRequest<PublicUser>('/api/auth/register', { method: 'POST', body: form, anonymous: true });
  return { user: body.data, accessToken: body.tokens?.accessToken ?? '' };
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
