import type { FastifyInstance } from 'fastify';

export async function camerasRoutes(_app: FastifyInstance) {}
