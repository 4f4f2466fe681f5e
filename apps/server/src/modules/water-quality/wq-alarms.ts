import type { FastifyInstance } from 'fastify';

/** Being built (issue 18): exceedances raised and cleared as alarms (online/alarm helper). */
export function startWaterQualityAlarms(_app: FastifyInstance) {}
