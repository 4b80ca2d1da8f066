import type { CartChangeResponse, Favourite } from '@coffee/contract';
import { describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { createProduct } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';

const ctx = useTestApp();

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: SignedInUser, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: who.headers, ...(payload ? { payload } : {}) });

describe('favourites and "Your usual"', () => {
  it('re-creates the saved size at today\'s price in one tap, and says so plainly once it is sold out', async () => {
    const latte = await createProduct(ctx.database, { name: 'Oat Latte', sizes: [{ code: 'R', priceIdr: 30_000 }, { code: 'L', priceIdr: 35_000 }] });
    const customer = await signUpAndSignIn(ctx);
    const saved = await call('POST', '/favourites', customer, { productId: latte.id, sizeCode: 'L', optionIds: [] });
    expect(saved.statusCode, saved.body).toBe(200);
    // Saved twice, kept once.
    await call('POST', '/favourites', customer, { productId: latte.id, sizeCode: 'L', optionIds: [] });
    const list = (await call('GET', '/favourites', customer)).json<{ data: Favourite[] }>().data;
    expect(list).toEqual([{ id: expect.any(Number) as number, productId: latte.id, name: 'Oat Latte', sizeCode: 'L', optionIds: [] }]);

    await ctx.database.db.updateTable('product_sizes').set({ price_idr: 37_000 }).where('product_id', '=', latte.id).where('code', '=', 'L').execute();
    const added = await call('POST', `/favourites/${list[0]!.id}/add-to-cart`, customer);
    expect(added.statusCode, added.body).toBe(200);
    const cart = added.json<CartChangeResponse>();
    expect(cart.notes).toEqual([]);
    expect(cart.data.lines).toMatchObject([{ productId: latte.id, sizeCode: 'L', quantity: 1, unitPriceIdr: 37_000 }]);

    await ctx.database.db.updateTable('products').set({ is_sold_out: 1 }).where('id', '=', latte.id).execute();
    const refused = (await call('POST', `/favourites/${list[0]!.id}/add-to-cart`, customer)).json<CartChangeResponse>();
    expect(refused.notes).toEqual(['Oat Latte is sold out']);
    expect(refused.data.lines).toMatchObject([{ quantity: 1 }]);
  });

  it("keeps each customer's favourites their own", async () => {
    const drink = await createProduct(ctx.database, { name: 'Kopi Susu' });
    const owner = await signUpAndSignIn(ctx);
    const other = await signUpAndSignIn(ctx);
    const [mine] = (await call('POST', '/favourites', owner, { productId: drink.id, sizeCode: null, optionIds: [] })).json<{ data: Favourite[] }>().data;
    expect((await call('POST', `/favourites/${mine!.id}/add-to-cart`, other)).statusCode).toBe(404);
    expect((await call('DELETE', `/favourites/${mine!.id}`, other)).statusCode).toBe(404);
    expect((await call('GET', '/favourites', other)).json<{ data: Favourite[] }>().data).toEqual([]);
    expect((await call('DELETE', `/favourites/${mine!.id}`, owner)).statusCode).toBe(204);
    const bad = await call('POST', '/favourites', owner, { productId: drink.id, sizeCode: 'M', optionIds: [] });
    expect(bad.statusCode).toBe(400);
  });
});
