// Prints the README's settings table from the server's settings schema.
import { describeSettings } from '../apps/server/src/config.ts';

console.log('| Variable | Default | Meaning |\n|---|---|---|');
for (const s of describeSettings())
  console.log(`| \`${s.name}\` | ${s.default === '(unset)' ? '—' : `\`${s.default}\``} | ${s.meaning} |`);
