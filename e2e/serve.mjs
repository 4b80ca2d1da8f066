// Starts the built shop for the browser suite on a fresh database of its own (wiped at every run).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.join(root, 'e2e', '.data');
fs.rmSync(dataDir, { recursive: true, force: true });

process.env.DATA_DIR = dataDir;
process.env.PORT = process.env.E2E_PORT ?? '3100';
process.env.HOST = '127.0.0.1';
process.env.DEMO_DATA = 'true';
// A development server (as the stories always ran on) with the README's demo accounts (the stories sign in with them) on loopback only.
process.env.NODE_ENV = 'development';
process.env.DEMO_ACCOUNTS = '1';
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'warn';
// Every story signs up from this one address: the suite's sign-ups would use up the per-address limit of a real
// shop (10 a window), which the API suite tests on its own.
process.env.REGISTER_LIMIT_PER_IP = '500';
delete process.env.DATABASE_URL;

await import(pathToFileURL(path.join(root, 'apps/api/dist/server.js')).href);
