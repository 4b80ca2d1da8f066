// `npm run dev` (the API's half): tsx watch of src/server.ts, paying through the payment gateway simulator that
// `npm run dev` starts beside it (port 3900), unless MIDTRANS_* is set already (the real sandbox) or PAYMENTS=manual
// (the shop as it runs with no payment account: bank details shown, staff mark paid).
import { spawn } from 'node:child_process';

// Development is asked for here: the shop runs in production unless told otherwise (config.ts).
// The README's demo accounts too (on localhost, HOST's default): a developer signs in with them.
const env = { NODE_ENV: 'development', DEMO_ACCOUNTS: '1', ...process.env };
if (!env.MIDTRANS_SERVER_KEY && env.PAYMENTS !== 'manual') {
  env.MIDTRANS_SERVER_KEY = 'SB-Mid-server-simulator';
  env.MIDTRANS_CLIENT_KEY = 'SB-Mid-client-simulator';
  env.MIDTRANS_API_URL = `http://127.0.0.1:${env.SIMULATOR_PORT ?? 3900}`;
}
// npm run puts node_modules/.bin on PATH.
const child = spawn('tsx', ['watch', '--conditions=source', 'src/server.ts'], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
