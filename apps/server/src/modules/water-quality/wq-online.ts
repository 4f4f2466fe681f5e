import type { FastifyInstance } from 'fastify';

/** Being built (issue 18): online results from the analysers' readings (online/alarm helper). */
export function startWaterQualityOnline(_app: FastifyInstance) {}
