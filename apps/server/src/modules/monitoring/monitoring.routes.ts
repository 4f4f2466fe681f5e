import { monitoringApi } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { createMonitoringService } from './monitoring.service.ts';

/**
 * Live data and history of the devices (issue 7): the real-time board, the history chart and its
 * export (CSV or XLSX, which the service sends itself). All read within the caller's region limit.
 */
export async function monitoringRoutes(app: FastifyInstance) {
  const monitoring = createMonitoringService(app);

  route(app, monitoringApi.points, { access: 'session' }, (req, ctx) => monitoring.points(ctx, req.query));

  route(app, monitoringApi.history, { access: 'session' }, (req, ctx) => monitoring.history(ctx, req.query));

  // Same series, scope and 404 as the history. CSV streams a slice of rows at a time, so a year of
  // 1-minute readings never sits in memory; XLSX is built in memory, hence its cap.
  route(app, monitoringApi.historyExport, { access: 'session' }, (req, ctx) =>
    monitoring.exportHistory(ctx, req.query),
  );
}
