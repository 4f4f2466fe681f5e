import type { FastifyInstance } from 'fastify';

export async function videoRoutes(_app: FastifyInstance) {}
