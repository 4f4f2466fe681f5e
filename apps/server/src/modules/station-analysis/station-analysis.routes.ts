import { stationAnalysisApi } from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { createStationAnalysisService } from './station-analysis.service.ts';

/**
 * Station analysis (issue 17 part 5, `/bz/synthesize-analysis` and `/bz/synthesis-analysis`): any
 * signed-in user reads it within their region limit, as a station's history; the export is
 * written to the operation log by the service (the route layer logs no download).
 */
export async function stationAnalysisRoutes(app: FastifyInstance) {
  const analysis = createStationAnalysisService(app);

  route(app, stationAnalysisApi.compare, { access: 'session' }, (req, ctx) => analysis.compare(ctx, req.query));
  route(app, stationAnalysisApi.kpis, { access: 'session' }, (req, ctx) => analysis.kpis(ctx, req.query));
  route(app, stationAnalysisApi.exportCompare, { access: 'session' }, (req, ctx) =>
    analysis.exportCompare(ctx, req.query),
  );
}
