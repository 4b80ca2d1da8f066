import { startPaymentSimulator } from './simulator.js';

/**
 * `npm run simulator -w @coffee/api`: the payment gateway simulator on its own, for `npm run dev` and for a person
 * trying the checkout (open its /simulator page to pay, expire or deny a QR, virtual account or card).
 * SIMULATOR_PORT (default 3900), MIDTRANS_SERVER_KEY (must match the shop's), SIMULATOR_NOTIFICATION_URL (the shop's
 * /api/v1/payments/midtrans/notification; default http://localhost:3000/...).
 */
const sim = await startPaymentSimulator({
  port: Number(process.env.SIMULATOR_PORT ?? 3900),
  host: process.env.SIMULATOR_HOST ?? '127.0.0.1',
  serverKey: process.env.MIDTRANS_SERVER_KEY ?? 'SB-Mid-server-simulator',
  notificationUrl: process.env.SIMULATOR_NOTIFICATION_URL ?? 'http://localhost:3000/api/v1/payments/midtrans/notification',
});
console.log(`Payment gateway simulator at ${sim.url} (pay, expire or deny at ${sim.url}/simulator)`);
const stop = () => void sim.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
