import { stationHistoryApi } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { createStationHistoryService } from './station-history.service.ts';

/**
 * A station's history and daily table (issue 14 part 5, `/bz/history-data`), for any signed-in user
 * within their region limit. Reads, the export too: like the device history's export, not audited.
 */
export async function stationHistoryRoutes(app: FastifyInstance) {
  const history = createStationHistoryService(app);

  route(app, stationHistoryApi.history, { access: 'session' }, (req, ctx) =>
    history.history(ctx, req.params.id, req.query),
  );
  route(app, stationHistoryApi.daily, { access: 'session' }, (req, ctx) =>
    history.daily(ctx, req.params.id, req.query),
  );
  // A quarter of days is a few kilobytes: sent whole (the chart's series export is the streamed one).
  route(app, stationHistoryApi.dailyExport, { access: 'session' }, (req, ctx) =>
    history.exportDaily(ctx, req.params.id, req.query),
  );
}
