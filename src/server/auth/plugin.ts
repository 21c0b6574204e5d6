// One authentication hook and one admin pre-handler (fastify/demo's shape). docs/dev/architecture.md#api-contract: the
// decision is made on the route the router matched, never on the URL text — the router decodes
// `%61pi` to `api`, so a test of the raw URL can be sidestepped by spelling it differently. Every
// matched route needs a valid Bearer token whose user still exists with the token's role, unless it
// is declared `config: { public: true }` (sign-in, verify, the OpenAPI document, the client's files).
// A request no route matched goes to the not-found handler, which asks for a token on anything that
// reads as an /api path (app.ts), so probing does not reveal which /api paths exist.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { isAdmin } from '../../domain/roles';
import type { Database } from '../db/database';
import { HTTP_MESSAGES, HttpError } from '../http/errors';
import { findUser } from '../services/users';
import { bearerToken, verifyAccessToken, type AuthUser, type TokenKeys } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on every protected /api request; null elsewhere. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** Sets request.user from the Bearer token or throws 401 (the hook's check, for the not-found handler). */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * The user `token` stands for now (the same cached account check as every request), or undefined
     * when it no longer does: for an answer that outlives its request (the change stream) to end
     * when its token expires or its account is removed, demoted or given a new password.
     */
    userOfToken: (token: string) => Promise<AuthUser | undefined>;
  }
  interface FastifyContextConfig {
    /** No token needed (sign-in, verify, docs). */
    public?: boolean;
  }
}

/**
 * The token's user if the token is ours, unexpired, and the account still exists with the role and
 * the credential version the token names — so removing a user, changing a role or setting a new
 * password ends the tokens issued before, at the next check of the account.
 */
export const authenticateToken = async (
  db: Kysely<Database>,
  keys: Pick<TokenKeys, 'secret'>,
  token: string,
): Promise<AuthUser | undefined> => (await checkToken(db, keys, token))?.user;

/** authenticateToken, with the token's expiry. */
const checkToken = async (
  db: Kysely<Database>,
  keys: Pick<TokenKeys, 'secret'>,
  token: string,
): Promise<{ user: AuthUser; expiresAt: number } | undefined> => {
  const claimed = await verifyAccessToken(token, keys);
  if (!claimed) return undefined;
  const stored = await findUser(db, claimed.email);
  if (
    !stored ||
    stored.email !== claimed.email ||
    stored.credentialVersion !== claimed.cv ||
    !claimed.roles.includes(stored.role)
  )
    return undefined;
  return { user: { email: stored.email, roles: [stored.role] }, expiresAt: claimed.expiresAt };
};

/**
 * How long a confirmed account is trusted without asking the database again. Every /api request
 * would otherwise pay one extra round trip (about a third of a small view's time); a removed user,
 * a changed role or a new password still ends a token within seconds, on every instance, with no
 * shared state: each instance re-checks the account (and its credential version) after this long.
 */
export const ACCOUNT_CHECK_TTL_MS = 5_000;
const ACCOUNT_CACHE_MAX = 1_000;

export const registerAuth = (
  app: FastifyInstance,
  deps: { db: Kysely<Database>; keys: Pick<TokenKeys, 'secret'>; accountCheckTtlMs?: number },
): void => {
  const ttl = deps.accountCheckTtlMs ?? ACCOUNT_CHECK_TTL_MS;
  // token → user and until when the check holds: the account check's TTL, never past the token's
  // own expiry. The key is the whole token — signature and credential version claim included — so a
  // hit is the very string that was verified (a forged or altered token is another key and is
  // verified afresh), and the re-check after the TTL compares exactly the version this token was
  // issued under with the stored one. A hit spares the signature check and the account lookup.
  const confirmed = new Map<string, { user: AuthUser; until: number }>();
  const authenticate = async (token: string): Promise<AuthUser | undefined> => {
    const now = Date.now();
    const hit = confirmed.get(token);
    if (hit && hit.until > now) return hit.user;
    const checked = await checkToken(deps.db, deps.keys, token);
    if (confirmed.size >= ACCOUNT_CACHE_MAX) confirmed.clear();
    if (checked && ttl > 0)
      confirmed.set(token, { user: checked.user, until: Math.min(now + ttl, checked.expiresAt) });
    else confirmed.delete(token);
    return checked?.user;
  };

  const requireUser = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    reply.header('www-authenticate', 'Bearer realm="labdesk"');
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new HttpError(401, HTTP_MESSAGES.unauthorized);
    const user = await authenticate(token);
    if (!user) throw new HttpError(401, HTTP_MESSAGES.invalidToken);
    reply.removeHeader('www-authenticate');
    request.user = user;
  };

  app.decorateRequest('user', null);
  app.decorate('requireUser', requireUser);
  app.decorate('userOfToken', authenticate);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // Unmatched (no url): the not-found handler decides. Matched: public only when declared so.
    const route = request.routeOptions;
    if (route.url === undefined || route.config.public === true) return;
    await requireUser(request, reply);
  });
};

/** The signed-in user of a protected route (the hook guarantees one). */
export const userOf = (request: FastifyRequest): AuthUser => {
  if (!request.user) throw new HttpError(401, HTTP_MESSAGES.unauthorized);
  return request.user;
};

/** preHandler for admin-only routes (docs/dev/product-rules.md#roles writes): 403 for readers. */
export const requireAdmin = async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
  if (!isAdmin(userOf(request).roles)) throw new HttpError(403, HTTP_MESSAGES.forbidden);
};
