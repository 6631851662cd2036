import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileResponseSchema } from '@dealer/shared';
import { success } from '../../http/envelope';
import { readUploadForm, requireUser } from '../auth';
import { routeScope } from '../../http/route-scope';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
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
      description:
        'The picture may come as `file` or as `avatar`, or as both when both hold the same image (the spec\'s form sends it twice); ' +
        'two different pictures, or more than two file parts, are refused with 422. `confirmPassword` may be left out. ' +
        'A new password ends every other session of the account; the session of the access token that made the change stays.',
      consumes: ['multipart/form-data', 'application/json'],
      response: { 200: profileResponseSchema },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const { fields, picture } = await readUploadForm(request);
      return success(await profile.update(user.id, { fields, picture, sessionId: user.sessionId }));
    },
  });
};
