import { z } from 'zod';
import { endpoint } from './common/endpoint.ts';

export const mapConfigSchema = z.object({
  tileUrl: z.string().nullable().describe('raster tiles {z}/{x}/{y}; null: no base map (offline)'),
  center: z.array(z.number()).length(2).describe('[longitude, latitude] of the demo city or the regions'),
  zoom: z.number(),
});
export type MapConfig = z.infer<typeof mapConfigSchema>;

export const mapApi = {
  config: endpoint({
    method: 'GET',
    path: '/map/config',
    summary: 'How the console draws maps: the configured tile URL (if any) and where to look',
    tags: ['map'],
    data: mapConfigSchema,
  }),
} as const;
