import type { FastifyInstance } from 'fastify';

// Placeholder until the push routes land (issue 16, push part).
export async function pushesRoutes(_app: FastifyInstance) {}
