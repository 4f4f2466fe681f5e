import { unlink } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Context } from './context.ts';
import type { IncomingFile } from './incoming-file.ts';
import type { storeUpload } from './uploads.ts';

/** What a row keeps of a private file: its name as uploaded, where it lies, its type, size, who and when. */
export interface PrivateFileFacts {
  fileName: string;
  filePath: string;
  fileType: string;
  fileSize: number;
  uploadedBy: number;
  createdAt: Date;
}

type Where = Omit<Parameters<typeof storeUpload>[1], 'dataDir' | 'area'>;

/**
 * Stores an upload among the private files (DATA_DIR/files, sent only through routes that check who
 * asks) together with the row `insert` writes of it. The file goes first so the row can name it; a
 * failed insert takes the file away again, so no file outlives a row that was never written.
 */
export async function storePrivateFile<T>(
  app: FastifyInstance,
  ctx: Context,
  file: IncomingFile,
  where: Where,
  insert: (facts: PrivateFileFacts) => Promise<T>,
): Promise<T> {
  const stored = await file.store({ dataDir: app.config.dataDir, area: 'files', ...where });
  try {
    return await insert({
      fileName: stored.name,
      filePath: stored.relative,
      fileType: stored.type,
      fileSize: stored.size,
      uploadedBy: ctx.auth!.userId,
      createdAt: app.clock.now(),
    });
  } catch (err) {
    await unlink(path.join(app.config.dataDir, 'files', stored.relative)).catch(() => {});
    throw err;
  }
}
