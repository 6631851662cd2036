import { useMutation } from '@tanstack/react-query';
import type { LoginInput, PublicUser } from '@dealer/shared';
import { apiRequest } from '@/lib/api-client';

export interface SignedIn {
  user: PublicUser;
  accessToken: string;
}

/** POST api/auth/login (JSON: emailOrUsername, password). */
export async function login(input: LoginInput): Promise<SignedIn> {
  const body = await apiRequest<PublicUser>('/api/auth/login', { method: 'POST', body: input, anonymous: true });
  return { user: body.data, accessToken: body.tokens?.accessToken ?? '' };
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
