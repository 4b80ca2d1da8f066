import {
  ChangePasswordInput,
  ErrorResponse,
  ForgotPasswordInput,
  LoginInput,
  LoginResponse,
  MessageResponse,
  RegisterInput,
  RegisterResponse,
  ResetPasswordInput,
  SessionResponse,
  TokenResponse,
} from '@coffee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../lib/current-user.js';
import type { UserService } from '../users/users.service.js';
import type { AuthService } from './auth.service.js';

export interface AuthRoutesOptions {
  auth: AuthService;
  users: UserService;
}

const TAGS = ['Accounts'];
const refused = { 400: ErrorResponse, 403: ErrorResponse, 429: ErrorResponse };

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, users }) => {
  app.post(
    '/auth/register',
    {
      schema: {
        tags: TAGS,
        summary: 'Create a customer account',
        description:
          'Spec section 7. Answers 201 with the same body whether or not the email already has an account, so ' +
          'nobody can use it to find out who shops here; the owner of an existing account is told by email. ' +
          'Then sign in with POST /auth/login.',
        body: RegisterInput,
        response: { 201: RegisterResponse, ...refused },
      },
    },
    async (request, reply) => {
      const data = await auth.register(request.body, { ip: request.ip });
      return reply.code(201).send({ data });
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign in (browsers)',
        description:
          'Spec section 7. Sets the session cookie (HttpOnly, SameSite=Lax) and answers the `@userLogin` record, ' +
          'which holds no secret. A failure is always 401 "Email or password is incorrect". Failed attempts are ' +
          'limited per client address and per account (429 with Retry-After).',
        body: LoginInput,
        response: { 200: LoginResponse, 401: ErrorResponse, ...refused },
      },
    },
    async (request, reply) => {
      const { user, session } = await auth.login(request.body, { ip: request.ip });
      // A sign-in replaces the session this browser had, so an old (possibly leaked) token stops working.
      await auth.logout(request.user);
      app.sessionCookie.set(request, reply, session.token, session.expiresAt);
      return { data: user };
    },
  );

  app.post(
    '/auth/token',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign in (API clients)',
        description:
          'Same body and rules as /auth/login, but answers the session token instead of setting a cookie. Send it ' +
          'as `Authorization: Bearer <token>`; end it with POST /auth/logout.',
        body: LoginInput,
        response: { 200: TokenResponse, 401: ErrorResponse, ...refused },
      },
    },
    async (request) => {
      const { user, session } = await auth.login(request.body, { ip: request.ip });
      return { data: { token: session.token, expiresAt: session.expiresAt, user } };
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign out',
        description: 'Ends this session on the server and clears the cookie. Always 204, signed in or not.',
        response: { 204: z.null(), 403: ErrorResponse },
      },
    },
    async (request, reply) => {
      await auth.logout(request.user);
      app.sessionCookie.clear(request, reply);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/auth/session',
    {
      schema: {
        tags: TAGS,
        summary: 'Who is signed in',
        description: 'The signed-in user (the `@userLogin` record), or `{ data: null }` for a visitor.',
        response: { 200: SessionResponse },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: request.user ? await users.getAuthUser(request.user.id) : null };
    },
  );

  app.post(
    '/auth/password',
    {
      schema: {
        tags: TAGS,
        summary: 'Change the password',
        description: 'Needs the current password. Every other session of the account ends; this one stays.',
        body: ChangePasswordInput,
        response: { 200: MessageResponse, 401: ErrorResponse, ...refused },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await auth.changePassword(user, request.body);
      return { data: { message: 'Your password has been changed. Other devices have been signed out.' } };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags: TAGS,
        summary: 'Email a password reset link',
        description:
          'Answers 202 with the same message whether or not the email has an account. The link is ' +
          '`PUBLIC_URL/reset-password?token=...`, works once, for 30 minutes; a new request replaces older links.',
        body: ForgotPasswordInput,
        response: { 202: MessageResponse, ...refused },
      },
    },
    async (request, reply) => {
      const data = await auth.requestPasswordReset(request.body, { ip: request.ip });
      return reply.code(202).send({ data });
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags: TAGS,
        summary: 'Choose a new password with an emailed link',
        description: 'Uses up the token and ends every session of the account; then sign in again.',
        body: ResetPasswordInput,
        response: { 200: MessageResponse, ...refused },
      },
    },
    async (request) => ({ data: await auth.resetPassword(request.body) }),
  );
};
