import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileResponseSchema } from '@dealer/shared';
import { requireUser } from '../../plugins/auth';
import { success } from '../../lib/envelope';
import { readUploadForm } from '../identity/form-upload';
import { authBody, clientInfo, readRefreshCookie, setRefreshCookie } from '../identity/sessions';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const profile = app.services.profile;

  app.get(
    '/users/profile',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: profileResponseSchema },
      },
    },
    async (request) => success(await profile.get(requireUser(request).id)),
  );

  app.patch(
    '/users/profile',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Update the profile (multipart of the non-empty fields name, phone, address, password, confirmPassword, oldPassword, file)',
        consumes: ['multipart/form-data', 'application/json'],
        security: [{ bearerAuth: [] }],
        response: { 200: profileResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { fields, picture } = await readUploadForm(request);
      const result = await profile.update(user.id, {
        fields,
        picture,
        client: clientInfo(request),
        refreshToken: readRefreshCookie(request),
      });
      if (result.session) {
        setRefreshCookie(request, reply, result.session);
        return authBody(result.user, result.session);
      }
      return success(result.user);
    },
  );
};
