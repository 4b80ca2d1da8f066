import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '@coffee/contract';
import { answeredOnPurpose } from '../../lib/request-logger.js';
import { GatewayUnavailableError, type PaymentService } from '../payments/payments.service.js';
import type { OrderService } from './orders.service.js';

/**
 * The gateway's HTTP notification (Midtrans "Payment Notification URL"). Loose: Midtrans sends more fields than
 * these and adds new ones; only these are read, and only to check the signature and find the charge.
 */
const MidtransNotification = z
  .looseObject({
    order_id: z.string().min(1).max(64).describe("The charge's reference (the gateway's order_id)"),
    status_code: z.string().min(1).max(10).describe("The gateway's status code, e.g. 200"),
    gross_amount: z.string().min(1).max(30).describe("The amount as the gateway writes it, e.g. '22000.00'"),
    signature_key: z.string().min(1).max(200).describe('SHA-512 hex of order_id + status_code + gross_amount + the server key'),
    currency: z.string().max(10).optional().describe('The currency; anything but IDR is refused (409)'),
  })
  .describe("Midtrans' HTTP notification (its other fields are not read: the status is asked of the gateway)");

const Accepted = z.object({ message: z.string().describe('OK') }).describe('The notice was taken (or was already applied)');
const REFUSED = 'Notification not accepted';

export interface PaymentNotificationRoutesOptions {
  orders: Pick<OrderService, 'applyGatewayNotice'>;
  payments: Pick<PaymentService, 'verifyNotification'>;
}

/**
 * POST /payments/midtrans/notification. A refused notice changes nothing and says no more than its status: 403 (not
 * signed with our server key), 404 (no such charge here), 409 (the amount is not the order's total, or the currency is not rupiah); 503 when the
 * gateway could not be asked for the status (the gateway sends it again). Routed by the orders module, which moves
 * the order; the payments module checks the notice (orders -> payments, never the other way).
 */
export const paymentNotificationRoutes: FastifyPluginCallback<PaymentNotificationRoutesOptions> = (instance, { orders, payments }, done) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/payments/midtrans/notification',
    {
      schema: {
        tags: ['Payments'],
        summary: "The payment gateway's notification of a transaction (Midtrans)",
        description:
          'Called by Midtrans, not by clients. The signature (SHA-512 of order_id + status_code + gross_amount + server key) is checked, ' +
          'then the gateway is asked for the status; settlement or an accepted capture makes the order paid (it goes to the kitchen), ' +
          'expire, deny or cancel cancels it. Idempotent: the same notice again, or an older one, changes nothing.',
        body: MidtransNotification,
        response: { 200: Accepted, 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 503: ErrorResponse },
      },
    },
    async (request, reply) => {
      let verified: Awaited<ReturnType<PaymentService['verifyNotification']>>;
      try {
        verified = await payments.verifyNotification(request.body);
      } catch (err) {
        if (!(err instanceof GatewayUnavailableError)) throw err;
        request.log.warn({ err }, 'payment notification: the gateway could not be asked for the status');
        // The gateway's retry signal, sent on purpose: a warning, not an error that pages someone.
        answeredOnPurpose(request, 'warn');
        return reply.code(503).send({ message: 'Try again later' });
      }
      if (verified === 'no-gateway' || verified === 'unknown') return reply.code(404).send({ message: REFUSED });
      if (verified === 'wrong-currency') {
        request.log.warn({ reference: request.body.order_id.slice(0, 64) }, 'payment notification in another currency than rupiah');
        return reply.code(409).send({ message: REFUSED });
      }
      if (verified === 'bad-signature') {
        request.log.warn({ reference: request.body.order_id.slice(0, 64) }, 'payment notification with a wrong signature');
        return reply.code(403).send({ message: REFUSED });
      }
      if (!(await orders.applyGatewayNotice(verified))) return reply.code(409).send({ message: REFUSED });
      return reply.code(200).send({ message: 'OK' });
    },
  );
  done();
};
