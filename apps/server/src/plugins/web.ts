import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built console from the same port as the API. Hashed assets are cached for good; the
 * build writes brotli and gzip siblings of its text files, sent as they are with
 * `Content-Encoding` and `Vary: Accept-Encoding` (preCompressed), index.html included.
 */
export const webPlugin = fp(async (app: FastifyInstance) => {
  // Uploaded files (avatars) have random names; nosniff keeps a browser from reading them as anything else.
  const uploads = path.join(app.config.dataDir, 'uploads');
  mkdirSync(uploads, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploads,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    setHeaders: (res) => {
      res.header('x-content-type-options', 'nosniff');
      res.header('cache-control', 'public, max-age=86400');
    },
  });

  const root = app.config.webDist;
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'console not built: run `npm run build` (npm start does it); serving the API only');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
});
