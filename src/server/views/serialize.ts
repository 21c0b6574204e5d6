// Serialization of the list answers (views and lists, up to 15,000 rows). The zod serializer of
// fastify-type-provider-zod re-validates every row against the response schema before
// JSON.stringify; at 15,000 analyses that costs more than the query itself. These routes keep their
// zod response schemas (OpenAPI, and the type provider checks the handler's return type against
// them at compile time) but serialize with plain JSON.stringify: their bodies are built field by
// field by the repositories' toAnalysis/toSample, so no stray column can leak.
import type { FastifySerializerCompiler } from 'fastify/types/schema';

export const fastJson: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);
