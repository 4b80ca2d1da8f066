import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrderResponse } from '@coffee/contract';
import type { Order, PayOrderInput } from '@coffee/contract';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { myOrderKey } from './get-order';

/**
 * POST /api/v1/orders/{id}/payment: a card's charge (with the gateway's token for it), a new QR or virtual account
 * after the payment service did not answer, or another method for an order still awaiting payment.
 */
export async function payOrder({ id, input }: { id: number; input: PayOrderInput }): Promise<Order> {
  const { data } = await apiRequest(`/orders/${id}/payment`, { method: 'POST', body: input, schema: OrderResponse });
  return data;
}

export function usePayOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payOrder,
    onSuccess: (order) => queryClient.setQueryData(myOrderKey(order.id), order),
  });
}

const TokenAnswer = z.object({ status_code: z.string(), status_message: z.string().optional(), token_id: z.string().optional() });

export type CardDetails = { number: string; expMonth: string; expYear: string; cvv: string };

/**
 * The card turned into a token by the gateway itself (Midtrans GET /v2/token with the client key): the card's number
 * goes from the browser to the gateway, never to the shop. Throws with the gateway's words when it refuses.
 */
export async function tokeniseCard(gateway: { apiUrl: string; clientKey: string }, card: CardDetails): Promise<string> {
  const query = new URLSearchParams({
    client_key: gateway.clientKey,
    card_number: card.number.replace(/\s+/g, ''),
    card_exp_month: card.expMonth.padStart(2, '0'),
    card_exp_year: card.expYear.length === 2 ? `20${card.expYear}` : card.expYear,
    card_cvv: card.cvv,
  });
  let answer: z.infer<typeof TokenAnswer>;
  try {
    const res = await fetch(`${gateway.apiUrl}/v2/token?${query.toString()}`, { headers: { accept: 'application/json' } });
    answer = TokenAnswer.parse(await res.json());
  } catch {
    throw new Error(t`The payment service is not answering right now. Try again in a moment, or pay another way.`);
  }
  if (!answer.token_id || !/^2\d\d$/.test(answer.status_code)) {
    const reason = answer.status_message;
    throw new Error(
      reason
        ? t`The payment service did not take this card (${reason}). Check the details and try again.`
        : t`The payment service did not take this card. Check the details and try again.`,
    );
  }
  return answer.token_id;
}
