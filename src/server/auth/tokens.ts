// Access tokens: HS256 JWTs, subject = email, claims `roles` and `cv` (the account's credential
// version when the token was issued), issuer 'labdesk', with expiry. Verification pins the
// algorithm, so 'none' and asymmetric-algorithm confusion are rejected. A token without `cv` (one
// signed before credential versions existed) is refused: its user signs in once more.
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { roleSchema, type Role } from '../../domain/roles';

export const TOKEN_ISSUER = 'labdesk';
const ALG = 'HS256';

export interface AuthUser {
  email: string;
  roles: Role[];
}

/** What a token says: its user, and the credential version it was issued under. */
export interface TokenClaims extends AuthUser {
  /** app_user.credential_version at sign-in; a password change or role change makes it old. */
  cv: number;
}

export interface TokenKeys {
  secret: Uint8Array;
  ttlSeconds: number;
}

const claimsSchema = z.object({
  sub: z.string().min(1),
  roles: z.array(roleSchema).min(1),
  cv: z.number().int(),
  exp: z.number(),
});

export const signAccessToken = (
  user: TokenClaims,
  keys: TokenKeys,
  now: Date = new Date(),
): Promise<string> => {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ roles: user.roles, cv: user.cv })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(user.email)
    .setIssuer(TOKEN_ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + keys.ttlSeconds)
    .sign(keys.secret);
};

/** What a verified token says, and until when it holds (epoch ms). */
export interface VerifiedToken extends TokenClaims {
  expiresAt: number;
}

/** The token's claims, or undefined for anything not signed by us, expired, or malformed. */
export const verifyAccessToken = async (
  token: string,
  keys: Pick<TokenKeys, 'secret'>,
): Promise<VerifiedToken | undefined> => {
  try {
    const { payload } = await jwtVerify(token, keys.secret, {
      algorithms: [ALG],
      issuer: TOKEN_ISSUER,
      requiredClaims: ['exp', 'sub'],
    });
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) return undefined;
    const { sub, roles, cv, exp } = claims.data;
    return { email: sub, roles, cv, expiresAt: exp * 1000 };
  } catch {
    return undefined;
  }
};

/** 'Bearer <token>' → token; anything else → undefined. */
export const bearerToken = (header: string | undefined): string | undefined => {
  const m = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header ?? '');
  return m?.[1];
};
