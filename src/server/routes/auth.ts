// Sign-in and token check (docs/dev/architecture.md#api-contract), plus the signed-in user and, for admins, the list of
// accounts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LOGIN_MESSAGES,
  apiErrorSchema,
  signInRequestSchema,
  signInResponseSchema,
  verifyResponseSchema,
} from '../../domain/auth';
import { roleSchema } from '../../domain/roles';
import { authenticateToken, requireAdmin, userOf } from '../auth/plugin';
import { SignInLimiter } from '../auth/signin-limiter';
import { signAccessToken, type TokenKeys } from '../auth/tokens';
import { HTTP_MESSAGES, HttpError } from '../http/errors';
import { authenticate, listUsers } from '../services/users';

export interface AuthRoutesOptions {
  keys: TokenKeys;
  /** Both sign-in limits, per address and per address and email (counted in the database). */
  limiter: SignInLimiter;
}

const userListSchema = z.object({
  users: z.array(
    z.object({
      email: z.string(),
      role: roleSchema,
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
});

/** The token as the raw body (text/plain), a JSON string, or `{token}`. */
const verifyBodySchema = z.union([z.string(), z.object({ token: z.string() })]).optional();

export const authRoutes = async (parent: FastifyInstance, options: AuthRoutesOptions): Promise<void> => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { keys, limiter } = options;

  app.post(
    '/api/auth/signin',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: signInRequestSchema,
        response: {
          200: signInResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const counters = SignInLimiter.keys(request.ip, email);
      const retryAfter = await limiter.attempt(counters);
      if (retryAfter > 0) {
        reply.header('retry-after', String(retryAfter));
        throw new HttpError(429, LOGIN_MESSAGES.tooManyAttempts);
      }
      const user = await authenticate(app.db, email, password);
      if (!user) {
        request.log.info({ email }, 'sign-in failed');
        throw new HttpError(401, LOGIN_MESSAGES.badCredentials);
      }
      await limiter.succeed(counters);
      const roles = [user.role];
      const accessToken = await signAccessToken(
        { email: user.email, roles, cv: user.credentialVersion },
        keys,
      );
      return { accessToken, email: user.email, roles };
    },
  );

  // Registered in its own scope so the lenient JSON parser below applies to this route only.
  await app.register(async (scope) => {
    // A client may send the bare token with a JSON content type; treat unparsable JSON as text.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = String(body);
      try {
        done(null, text.trim() === '' ? undefined : JSON.parse(text));
      } catch {
        done(null, text);
      }
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/auth/verify',
      {
        config: { public: true },
        schema: {
          tags: ['auth'],
          summary: 'Check a token: 200 with its user, 401 when invalid',
          body: verifyBodySchema,
          response: { 200: verifyResponseSchema, 401: apiErrorSchema },
        },
      },
      async (request) => {
        const body = request.body;
        const token = (typeof body === 'string' ? body : (body?.token ?? '')).trim();
        const user = token ? await authenticateToken(app.db, keys, token) : undefined;
        if (!user) throw new HttpError(401, HTTP_MESSAGES.invalidToken);
        return user;
      },
    );
  });

  app.get(
    '/api/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: verifyResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => userOf(request),
  );

  app.get(
    '/api/auth/users',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['auth'],
        summary: 'All accounts (admin)',
        security: [{ bearerAuth: [] }],
        response: { 200: userListSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async () => ({
      users: (await listUsers(app.db)).map(({ email, role, createdAt, updatedAt }) => ({
        email,
        role,
        createdAt,
        updatedAt,
      })),
    }),
  );
};
