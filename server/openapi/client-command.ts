// npm run openapi:client [-- URL]: the client types of a running server's OpenAPI document,
// into server/openapi/client/schema.gen.ts (http://localhost:3000 when no URL is given).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clientTypes } from './client-types';

const origin = (process.argv[2] ?? 'http://localhost:3000').replace(/\/$/, '');
const res = await fetch(`${origin}/api/openapi.json`);
if (!res.ok) throw new Error(`${origin}/api/openapi.json answered ${res.status}`);
const file = join(import.meta.dirname, 'client/schema.gen.ts');
writeFileSync(file, await clientTypes(await res.json()));
console.log(`Wrote ${file}`);
