import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * How a request's body reaches its contract schema, the same for every route: a POST or PUT sent
 * without a body (the spec's client sends `POST /message/list` that way) is validated as `{}`, so a
 * route whose fields are all optional answers it like `{}`, and one with required fields names them.
 */
export const requestInputPlugin = fp(async (app: FastifyInstance) => {
  // Fastify's own JSON parser (prototype poisoning refused), except that an empty body under a JSON
  // content type is "no body", not a 400.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body.toString();
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    json(req, text, done);
  });

  app.addHook('preValidation', async (req) => {
    if (req.body === undefined && req.routeOptions.schema?.body) req.body = {};
  });
});
