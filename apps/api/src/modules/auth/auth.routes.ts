import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authResponseSchema, loginSchema } from '@dealer/shared';
import { AppError } from '../../infra/errors';
import { success } from '../../http/envelope';
import { readUploadForm } from './form-upload';
import { routeScope } from '../../http/route-scope';
import { LoginRateLimitedError } from './auth.service';
import { readDeviceCookie, setDeviceCookie } from './known-device';
import { authBody, clearRefreshCookie, clientInfo, readRefreshCookie, setRefreshCookie } from './sessions';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tokens } = app.deps;
  const auth = app.services.auth;
  const visitor = routeScope(app, { access: 'public', tags: ['auth'] });

  visitor({
    method: 'POST',
    url: '/auth/register',
    schema: {
      summary: 'Create a customer account (multipart: username, name, phone, email, address, password, confirmPassword, avatar)',
      description:
        '`confirmPassword` may be left out (the spec\'s client sends none); when sent it must equal `password` ' +
        "(422 'Passwords don't match'). The picture may come as `avatar` or `file`, or as both when both hold the same image.",
      consumes: ['multipart/form-data'],
      response: { 201: authResponseSchema },
    },
    handler: async (request, reply) => {
      const { fields, picture } = await readUploadForm(request);
      const { user, session } = await auth.register(fields, picture, clientInfo(request));
      setRefreshCookie(request, reply, session);
      setDeviceCookie(request, reply, tokens, user._id);
      return reply.status(201).send(authBody(user, session));
    },
  });

  visitor({
    method: 'POST',
    url: '/auth/login',
    schema: {
      summary: 'Log in with an e-mail or a username',
      body: loginSchema,
      response: { 200: authResponseSchema },
    },
    handler: async (request, reply) => {
      try {
        const { user, session } = await auth.login(request.body, {
          client: clientInfo(request),
          previousRefreshToken: readRefreshCookie(request),
          deviceCookie: readDeviceCookie(request),
        });
        setRefreshCookie(request, reply, session);
        setDeviceCookie(request, reply, tokens, user._id);
        return authBody(user, session);
      } catch (error) {
        if (error instanceof LoginRateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    },
  });

  visitor({
    method: 'POST',
    url: '/auth/refresh',
    schema: {
      summary: 'Exchange the refresh cookie for a new access token (the cookie rotates)',
      response: { 200: authResponseSchema },
    },
    handler: async (request, reply) => {
      try {
        const { user, session } = await auth.refresh(readRefreshCookie(request), clientInfo(request));
        setRefreshCookie(request, reply, session);
        return authBody(user, session);
      } catch (error) {
        if (error instanceof AppError && (error.statusCode === 401 || error.statusCode === 403)) clearRefreshCookie(request, reply);
        throw error;
      }
    },
  });

  visitor({
    method: 'POST',
    url: '/auth/logout',
    schema: {
      summary: 'End this session on the server and clear the refresh cookie',
      response: { 200: z.object({ status: z.literal('SUCCESS'), data: z.null() }) },
    },
    handler: async (request, reply) => {
      await auth.logout(readRefreshCookie(request));
      clearRefreshCookie(request, reply);
      return success(null);
    },
  });
};
