import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One row of a module's endpoint table. `path` is relative to the API base path (`/api`),
 * `data` is the schema of the envelope's `data` on success.
 */
export interface Endpoint {
  method: HttpMethod;
  path: string;
  summary: string;
  tags: readonly string[];
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  data: z.ZodType;
  /** The answer is a file (its bytes, with a content type and a file name), not the JSON envelope. */
  download?: true;
  /** The request is `multipart/form-data` with one file (field `file`), not JSON. */
  upload?: true;
}

export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

export const API_BASE = '/api';
