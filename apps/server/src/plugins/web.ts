import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built console from the same port as the API. Hashed assets are cached for good; the
 * build writes brotli and gzip siblings of its text files, sent as they are with
 * `Content-Encoding` and `Vary: Accept-Encoding` (preCompressed), index.html included.
 *
 * A hashed asset answers without `ETag`, `Last-Modified` and `X-Request-Id`: `immutable` for a
 * year, it is never revalidated (a new release has new names), and a file answer has nothing to
 * trace. About 130 bytes less on each of the sign-in page's files; index.html keeps its validators.
 */
export const webPlugin = fp(async (app: FastifyInstance) => {
  const immutableAnswers = new WeakSet<FastifyReply>();
  // After the app's own onSend hook, which sets X-Request-Id on every answer.
  app.addHook('onSend', async (_req, reply) => {
    if (immutableAnswers.has(reply)) reply.removeHeader('x-request-id');
  });

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
      if (!filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'no-cache');
        return;
      }
      res.header('cache-control', 'public, max-age=31536000, immutable');
      res.removeHeader('etag');
      res.removeHeader('last-modified');
      immutableAnswers.add(res);
    },
  });
});
