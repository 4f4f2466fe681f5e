import type { FastifyRequest } from 'fastify';
import { receiveTable, type SheetRow } from './row-import.ts';
import { type StoredUpload, storeUpload } from './uploads.ts';

/**
 * The one file of a multipart request, for a service to take when its checks have passed (a
 * refused call stores nothing): `store` is `storeUpload`, `table` is `receiveTable`, on this request.
 */
export interface IncomingFile {
  store(options: Parameters<typeof storeUpload>[1]): Promise<StoredUpload>;
  table(options: Parameters<typeof receiveTable>[1]): Promise<{ header: string[]; rows: SheetRow[] }>;
}

export const incomingFile = (req: FastifyRequest): IncomingFile => ({
  store: (options) => storeUpload(req, options),
  table: (options) => receiveTable(req, options),
});
