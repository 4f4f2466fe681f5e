import type { FastifyInstance } from 'fastify';

/** Being built (issue 18): the water-quality routes (server-core helper). */
export async function waterQualityRoutes(_app: FastifyInstance) {}
