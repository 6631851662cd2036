import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileResponseSchema } from '@dealer/shared';
import { requireUser } from '../../plugins/auth';
import { success } from '../../lib/envelope';
import { readUploadForm } from '../identity/form-upload';
import { authBody, clientInfo, readRefreshCookie, setRefreshCookie } from '../identity/sessions';
import { routeScope } from '../route-scope';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const profile = app.services.profile;
  const signedIn = routeScope(app, { access: 'user', tags: ['users'] });

  signedIn({
    method: 'GET',
    url: '/users/profile',
    schema: {
      summary: 'The signed-in user',
      response: { 200: profileResponseSchema },
    },
    handler: async (request) => success(await profile.get(requireUser(request).id)),
  });

  signedIn({
    method: 'PATCH',
    url: '/users/profile',
    schema: {
      summary: 'Update the profile (multipart of the non-empty fields name, phone, address, password, confirmPassword, oldPassword, file)',
      consumes: ['multipart/form-data', 'application/json'],
      response: { 200: profileResponseSchema },
    },
    handler: async (request, reply) => {
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
  });
};
