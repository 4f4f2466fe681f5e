import type { FastifyInstance } from 'fastify';

// Placeholder until the template, channel and preference routes land (issue 16, templates part).
export async function templatesRoutes(_app: FastifyInstance) {}
