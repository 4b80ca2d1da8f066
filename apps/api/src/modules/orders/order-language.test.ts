import type { ErrorResponse } from '@coffee/contract';
import { describe, expect, it } from 'vitest';
import { askInBothLanguages } from '../../test/languages.js';
import { addToCart, getCart, placeOrder } from '../../test/orders.js';
import { useOrderScene } from '../../test/order-scene.js';

const scene = useOrderScene();
const INDONESIAN_PHONE = 'id-ID,id;q=0.9,en;q=0.8';

describe('order refusals in the language the customer reads', () => {
  it('names the order and its status in Indonesian, and in English word for word without the header', async () => {
    const { customer, order } = await scene.placeOrder();
    expect((await scene.staffMove(order.id, 'preparing')).statusCode).toBe(200);
    const cancel = { method: 'POST' as const, url: `/api/v1/orders/${order.id}/cancel`, headers: customer.headers };
    const { english, indonesian: bahasa } = await askInBothLanguages(scene.ctx.app, cancel, INDONESIAN_PHONE);
    expect(english.statusCode).toBe(409);
    expect(english.json<ErrorResponse>().message).toBe(
      `Order #${order.id} is Preparing already, so it can no longer be cancelled: chat with the shop if something is wrong`,
    );
    expect(bahasa.statusCode).toBe(409);
    expect(bahasa.json<ErrorResponse>()).toMatchObject({
      message: `Pesanan #${order.id} sudah Disiapkan, jadi tidak dapat dibatalkan lagi: hubungi toko jika ada yang salah`,
      field: 'status',
      currentStatus: 'preparing',
    });
  });

  it('writes money as Rp in Indonesian and as IDR in English', async () => {
    const { ctx, product } = scene;
    const customer = (await scene.placeOrder()).customer;
    await addToCart(ctx, customer, { productId: product.id, quantity: 1 });
    const totalIdr = (await getCart(ctx, customer)).json<{ data: { summary: { totalIdr: number } } }>().data.summary.totalIdr;
    const ask = () => ({
      method: 'POST' as const,
      url: '/api/v1/orders',
      headers: { ...customer.headers, 'idempotency-key': crypto.randomUUID() },
      payload: { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up', expectedTotalIdr: totalIdr + 1000 },
    });
    const { english, indonesian } = await askInBothLanguages(ctx.app, ask, INDONESIAN_PHONE);
    const shown = (n: number) => n.toLocaleString('de-DE');
    expect(english.json<ErrorResponse>().message).toBe(
      `Prices changed since you opened your cart: the total is now IDR ${shown(totalIdr)}, not IDR ${shown(totalIdr + 1000)}. Check the new figures and confirm again`,
    );
    expect(indonesian.json<ErrorResponse>().message).toBe(
      `Harga berubah sejak Anda membuka keranjang: totalnya sekarang Rp${shown(totalIdr)}, bukan Rp${shown(totalIdr + 1000)}. Periksa angka barunya lalu konfirmasi lagi`,
    );
    // Nothing was placed by either refusal: the cart still holds the line.
    expect((await placeOrder(ctx, customer, { paymentMethod: 'cash-on-delivery', deliveryMethod: 'pick-up' })).statusCode).toBe(201);
  });
});
