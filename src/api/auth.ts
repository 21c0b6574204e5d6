// Sign-in and token verification (docs/dev/architecture.md#api-contract).
import {
  signInResponseSchema,
  verifyResponseSchema,
  type SignInRequest,
  type SignInResponse,
  type VerifyResponse,
} from '../domain/auth';
import { send, type CallOptions, type Http } from './http';

export const signIn = (http: Http, req: SignInRequest, opts: CallOptions = {}): Promise<SignInResponse> =>
  send(
    http.post('auth/signin', { json: { email: req.email, password: req.password }, signal: opts.signal }),
    signInResponseSchema,
  );

/** The body is the raw token as a JSON string (`"eyJ…"`), so it works without a Bearer header. */
export const verify = (http: Http, token: string, opts: CallOptions = {}): Promise<VerifyResponse> =>
  send(http.post('auth/verify', { json: token, signal: opts.signal }), verifyResponseSchema);
