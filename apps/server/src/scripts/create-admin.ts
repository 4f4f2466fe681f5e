// `npm run create-admin`: the first administrator of an installation seeded without demo data.
import { stdin, stdout } from 'node:process';
import { createInterface } from 'node:readline/promises';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { seed } from '../db/seed/index.ts';
import { createAdministrator } from './create-admin.service.ts';

async function ask(): Promise<{ username: string; phone: string; password: string }> {
  const { ADMIN_USERNAME, ADMIN_PHONE, ADMIN_PASSWORD } = process.env;
  if (ADMIN_USERNAME && ADMIN_PASSWORD) {
    return { username: ADMIN_USERNAME, phone: ADMIN_PHONE ?? '', password: ADMIN_PASSWORD };
  }
  const rl = createInterface({ input: stdin, output: stdout });
  try {
    const username = (await rl.question('Administrator username / 管理员用户名: ')).trim();
    const phone = (await rl.question('Mobile phone (optional) / 手机号（可选）: ')).trim();
    const password = await rl.question('Password (8–64, letters and digits) / 密码: ');
    return { username, phone, password };
  } finally {
    rl.close();
  }
}

try {
  const config = loadConfig();
  const input = await ask();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await database.migrate();
    await seed(database.db, { demo: false });
    const result = await createAdministrator(database.db, input);
    if (!result.ok) {
      console.error(result.error);
      process.exitCode = 1;
    } else {
      console.error(`Administrator "${input.username}" created (id ${result.userId}). Sign in at the console.`);
    }
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `create-admin failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
