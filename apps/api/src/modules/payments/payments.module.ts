import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../plugins/module-context.js';
import { createMidtransClient, createPaymentService, type PaymentService } from './payments.service.js';

/** A customer waits at most about this long (twice, with the one retry) for a slow gateway before seeing the choices. */
const GATEWAY_TIMEOUT_MS = 2_500;

/**
 * Payments: owns `payment_charges`; its door is the payment service (the providers orders initiate payments with,
 * and the gateway's charges, notices and refunds). The gateway when MIDTRANS_* is set (decision 023); otherwise the
 * manual providers. Its notification route belongs to the orders module, which moves the orders.
 */
export function paymentsModule(app: FastifyInstance, ctx: ModuleContext): Promise<PaymentService> {
  const { config } = ctx;
  const midtrans = config.midtrans;
  return Promise.resolve(
    createPaymentService({
      db: ctx.db,
      gateway: midtrans
        ? {
            client: createMidtransClient({ serverKey: midtrans.serverKey, clientKey: midtrans.clientKey, apiUrl: midtrans.apiUrl, timeoutMs: GATEWAY_TIMEOUT_MS }),
            settings: { serverKey: midtrans.serverKey, clientKey: midtrans.clientKey, apiUrl: midtrans.apiUrl, expiryMinutes: midtrans.expiryMinutes, bankTransferExpiryMinutes: midtrans.bankTransferExpiryMinutes },
          }
        : null,
      bankAccount: config.orders.bankAccount,
      publicUrl: config.publicUrl,
      now: ctx.now,
      log: app.log,
    }),
  );
}
