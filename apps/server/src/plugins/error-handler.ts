import { LOGOUT_CODES } from '@water/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { localeFromHeader, type MessageKey, t } from '../i18n/messages.ts';
import { AppError } from '../lib/errors.ts';
import { issueText, RequestValidationError } from '../lib/validation.ts';

const statusKeys: Record<number, MessageKey> = {
  400: 'http.badRequest',
  401: 'http.unauthorized',
  403: 'http.forbidden',
  404: 'http.notFound',
  405: 'http.methodNotAllowed',
  409: 'http.conflict',
  415: 'http.unsupportedMediaType',
  503: 'http.unavailable',
};

/** One place turns every error into the `{ code, msg, data }` envelope; 5xx internals stay in the log. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('locale', 'zh-CN');
  app.addHook('onRequest', async (req) => {
    req.locale = localeFromHeader(req.headers['accept-language']);
  });

  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const locale = req.locale ?? localeFromHeader(req.headers['accept-language']);
    if (err instanceof AppError) {
      if (LOGOUT_CODES.includes(err.code)) req.log.info({ code: err.code }, 'session refused');
      return reply
        .status(err.statusCode)
        .send({ code: err.code, msg: t(locale, err.messageKey, err.params), data: err.data });
    }
    if (err instanceof RequestValidationError) {
      const errors = err.issues.map((issue) => ({
        field: [err.part === 'body' ? '' : err.part, ...issue.path.map(String)].filter(Boolean).join('.'),
        // A custom issue may name what it refuses: issueText fills `{name}` from its params.
        message: issueText(issue, locale),
      }));
      const detail = errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('; ');
      return reply.status(400).send({ code: 400, msg: t(locale, 'http.validation', { detail }), data: { errors } });
    }
    const status = err.statusCode ?? 500;
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return reply.status(413).send({
        code: 413,
        msg: t(locale, 'http.payloadTooLarge', { limit: app.config.BODY_LIMIT_BYTES }),
        data: null,
      });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (err instanceof SyntaxError && status === 400)) {
      return reply.status(400).send({ code: 400, msg: t(locale, 'http.invalidJson'), data: null });
    }
    if (status === 429) {
      return reply.status(429).send({ code: 429, msg: t(locale, 'http.tooManyRequests', { seconds: 60 }), data: null });
    }
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ code: status, msg: t(locale, statusKeys[status] ?? 'http.badRequest'), data: null });
    }
    req.log.error({ err }, 'request failed');
    return reply.status(500).send({ code: 500, msg: t(locale, 'http.internal'), data: null });
  });

  app.setNotFoundHandler((req, reply) => {
    const locale = localeFromHeader(req.headers['accept-language']);
    return reply.status(404).send({ code: 404, msg: t(locale, 'http.notFound'), data: null });
  });
});
