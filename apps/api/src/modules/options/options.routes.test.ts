import type {
  Cart,
  CartResponse,
  ErrorResponse,
  OptionGroup,
  OptionGroupInputBody,
  OptionGroupListResponse,
  OptionGroupResponse,
  OrderResponse,
  ProductResponse,
  StaffOrderListResponse,
} from '@coffee/contract';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { createProduct } from '../../test/factories.js';
import { addToCart, getCart, placeOrder, testClock } from '../../test/orders.js';
import { useTestApp } from '../../test/test-app.js';

const clock = testClock();
const ctx = useTestApp({}, { now: clock.now });
let staff: SignedInUser;
let milk: OptionGroup;
let sugar: OptionGroup;
let shot: OptionGroup;
let syrup: OptionGroup;
let latte: { id: number };
let croissant: { id: number };

const MILK: OptionGroupInputBody = {
  name: 'Milk',
  minChoices: 1,
  maxChoices: 1,
  options: [
    { name: 'Regular', isDefault: true },
    { name: 'Oat', priceDeltaIdr: 8_000 },
    { name: 'Almond', priceDeltaIdr: 8_000 },
  ],
};

function createGroup(body: OptionGroupInputBody | Record<string, unknown>, as: SignedInUser = staff) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/option-groups', headers: as.headers, payload: body });
}
const groupOf = (res: LightMyRequestResponse) => res.json<OptionGroupResponse>().data;
const cartOf = (res: LightMyRequestResponse) => res.json<CartResponse>().data;
const optionId = (group: OptionGroup, name: string) => {
  const found = group.options.find((o) => o.name === name);
  if (!found) throw new Error(`no option ${name} in ${group.name}`);
  return found.id;
};
const productIdOf = (id: number | string) => Number(id);

beforeAll(async () => {
  staff = await signUpAndSignIn(ctx, { role: 'staff' });
  milk = groupOf(await createGroup(MILK));
  sugar = groupOf(
    await createGroup({
      name: 'Sugar',
      minChoices: 1,
      maxChoices: 1,
      options: [{ name: 'Normal', isDefault: true }, { name: 'Less' }, { name: 'None' }],
    }),
  );
  shot = groupOf(await createGroup({ name: 'Extra shot', minChoices: 0, maxChoices: 1, options: [{ name: 'Extra shot', priceDeltaIdr: 8_000 }] }));
  syrup = groupOf(
    await createGroup({
      name: 'Syrup',
      minChoices: 0,
      maxChoices: 2,
      options: [{ name: 'Hazelnut', priceDeltaIdr: 5_000 }, { name: 'Vanilla', priceDeltaIdr: 5_000 }, { name: 'Gula aren', priceDeltaIdr: 5_000 }],
    }),
  );
  const product = await createProduct(ctx.database, {
    name: 'Iced Latte',
    priceIdr: 30_000,
    sizes: [
      { code: 'R', priceIdr: 30_000 },
      { code: 'L', priceIdr: 34_000 },
    ],
    optionGroupIds: [milk.id, sugar.id, shot.id, syrup.id],
  });
  latte = { id: productIdOf(product.id) };
  croissant = { id: productIdOf((await createProduct(ctx.database, { name: 'Butter Croissant', category: 'foods', priceIdr: 18_000 })).id) };
});

describe('option groups', () => {
  it('are defined by staff only, and listed for anyone', async () => {
    const customer = await signUpAndSignIn(ctx);
    expect((await createGroup(MILK, customer)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/option-groups', payload: MILK })).statusCode).toBe(401);
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/v1/option-groups' })).json<OptionGroupListResponse>();
    expect(list.data.map((g) => g.name)).toEqual(['Extra shot', 'Milk', 'Sugar', 'Syrup']);
    expect(list.data.find((g) => g.name === 'Milk')?.options).toEqual([
      { id: expect.any(Number) as unknown, name: 'Regular', priceDeltaIdr: 0, isDefault: true },
      { id: expect.any(Number) as unknown, name: 'Oat', priceDeltaIdr: 8_000, isDefault: false },
      { id: expect.any(Number) as unknown, name: 'Almond', priceDeltaIdr: 8_000, isDefault: false },
    ]);
  });

  it('refuses rules a customer could not satisfy, naming the field', async () => {
    const noDefault = await createGroup({ ...MILK, options: [{ name: 'Regular' }, { name: 'Oat' }] });
    expect(noDefault.statusCode).toBe(400);
    expect(noDefault.json()).toMatchObject({ field: 'options', message: expect.stringContaining('exactly 1 default') as unknown });
    const optionalWithDefault = await createGroup({ name: 'Ice', minChoices: 0, maxChoices: 1, options: [{ name: 'Less', isDefault: true }] });
    expect(optionalWithDefault.json<ErrorResponse>().field).toBe('options');
    const upsideDown = await createGroup({ name: 'Odd', minChoices: 2, maxChoices: 1, options: [{ name: 'A' }, { name: 'B' }] });
    expect(upsideDown.json<ErrorResponse>().field).toBe('minChoices');
  });

  it('keeps option ids on a change, removes left-out options, and product answers follow at once', async () => {
    const ice = groupOf(
      await createGroup({
        name: 'Ice',
        minChoices: 1,
        maxChoices: 1,
        options: [{ name: 'Normal', isDefault: true }, { name: 'Less' }, { name: 'Hot' }],
      }),
    );
    const tea = await createProduct(ctx.database, { name: 'Thai Tea', optionGroupIds: [ice.id] });
    const before = (await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${tea.id}` })).json<ProductResponse>();
    expect(before.data.optionGroups.map((g) => g.name)).toEqual(['Ice']);

    const changed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/option-groups/${ice.id}`,
      headers: staff.headers,
      payload: { ...ice, options: [{ id: optionId(ice, 'Normal'), name: 'Normal ice', isDefault: true }, { name: 'No ice' }] },
    });
    expect(changed.statusCode).toBe(200);
    expect(groupOf(changed).options.map((o) => [o.name, o.id === optionId(ice, 'Normal')])).toEqual([
      ['Normal ice', true],
      ['No ice', false],
    ]);
    const after = (await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${tea.id}` })).json<ProductResponse>();
    expect(after.data.optionGroups[0]?.options.map((o) => o.name)).toEqual(['Normal ice', 'No ice']);

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/option-groups/${ice.id}`, headers: staff.headers });
    expect(removed.statusCode).toBe(204);
    const gone = (await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${tea.id}` })).json<ProductResponse>();
    expect(gone.data.optionGroups).toEqual([]);
  });

  it('are attached to products by the product write, which refuses unknown groups', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: staff.headers,
      payload: { name: 'Flat White', price: 32, category: 'coffee', optionGroupIds: [milk.id, shot.id] },
    });
    expect(created.statusCode).toBe(201);
    const product = created.json<ProductResponse>().data;
    expect(product.optionGroups.map((g) => g.name)).toEqual(['Milk', 'Extra shot']);

    const reordered = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/${product.id}`,
      headers: staff.headers,
      payload: { optionGroupIds: [shot.id] },
    });
    expect(reordered.json<ProductResponse>().data.optionGroups.map((g) => g.name)).toEqual(['Extra shot']);

    const unknown = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/${product.id}`,
      headers: staff.headers,
      payload: { optionGroupIds: [shot.id, 999_999] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'optionGroupIds.1', message: expect.stringContaining('no option group') as unknown });
  });
});

describe('a drink with options in the cart', () => {
  let customer: SignedInUser;
  beforeAll(async () => {
    customer = await signUpAndSignIn(ctx);
  });

  const lineFor = (cart: Cart, predicate: (l: Cart['lines'][number]) => boolean) => {
    const line = cart.lines.find(predicate);
    if (!line) throw new Error('line not found');
    return line;
  };

  it('is priced by the server: size price plus every chosen delta, and the totals add up', async () => {
    const res = await addToCart(ctx, customer, {
      productId: latte.id,
      size: 'L',
      quantity: 2,
      optionIds: [optionId(milk, 'Oat'), optionId(sugar, 'Less'), optionId(shot, 'Extra shot')],
      baristaNote: '  Extra hot, please  ',
      // A price sent by a client is ignored.
      unitPriceIdr: 1,
    });
    expect(res.statusCode).toBe(200);
    const line = cartOf(res).lines[0];
    expect(line).toMatchObject({
      sizeCode: 'L',
      baristaNote: 'Extra hot, please',
      unitPriceIdr: 34_000 + 8_000 + 8_000,
      lineTotalIdr: 100_000,
      options: [
        { groupName: 'Milk', name: 'Oat', priceDeltaIdr: 8_000 },
        { groupName: 'Sugar', name: 'Less', priceDeltaIdr: 0 },
        { groupName: 'Extra shot', name: 'Extra shot', priceDeltaIdr: 8_000 },
      ],
    });
    expect(cartOf(res).summary).toMatchObject({ subtotalIdr: 100_000, taxAndFeesIdr: 10_000, totalIdr: 110_000 });
  });

  it('fills the defaults for a client that sends no options, and for groups it says nothing about', async () => {
    const other = await signUpAndSignIn(ctx);
    const plain = cartOf(await addToCart(ctx, other, { productId: latte.id, size: 'R', quantity: 1 }));
    expect(plain.lines[0]?.options.map((o) => o.name)).toEqual(['Regular', 'Normal']);
    expect(plain.lines[0]?.unitPriceIdr).toBe(30_000);
    const onlyMilk = cartOf(await addToCart(ctx, other, { productId: latte.id, size: 'R', quantity: 1, optionIds: [optionId(milk, 'Almond')] }));
    expect(onlyMilk.lines.map((l) => l.options.map((o) => o.name))).toEqual([['Regular', 'Normal'], ['Almond', 'Normal']]);
    // Foods have no options: a plain add still works.
    const food = cartOf(await addToCart(ctx, other, { productId: croissant.id, size: null, quantity: 1 }));
    expect(food.lines[2]).toMatchObject({ options: [], baristaNote: '', unitPriceIdr: 18_000 });
  });

  it('refuses an option the product does not offer, or too many choices, with a sentence and the field', async () => {
    const foreign = await addToCart(ctx, customer, { productId: croissant.id, size: null, quantity: 1, optionIds: [optionId(milk, 'Oat')] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ message: 'Butter Croissant has no options to choose', field: 'optionIds' });

    const twoMilks = await addToCart(ctx, customer, {
      productId: latte.id,
      size: 'R',
      quantity: 1,
      optionIds: [optionId(milk, 'Oat'), optionId(milk, 'Almond')],
    });
    expect(twoMilks.json()).toEqual({ message: 'Choose only one milk for Iced Latte', field: 'optionIds' });

    const threeSyrups = await addToCart(ctx, customer, { productId: latte.id, size: 'R', quantity: 1, optionIds: syrup.options.map((o) => o.id) });
    expect(threeSyrups.json()).toEqual({ message: 'Choose at most 2 of Syrup for Iced Latte', field: 'optionIds' });

    const longNote = await addToCart(ctx, customer, { productId: latte.id, size: 'R', quantity: 1, baristaNote: 'x'.repeat(141) });
    expect(longNote.statusCode).toBe(400);
    expect(longNote.json<ErrorResponse>().field).toBe('baristaNote');
  });

  it('keeps a line per product, size, options and note, and adds up identical ones', async () => {
    const buyer = await signUpAndSignIn(ctx);
    const oat = { productId: latte.id, size: 'R' as const, quantity: 1, optionIds: [optionId(milk, 'Oat')] };
    await addToCart(ctx, buyer, oat);
    // The same choice in another order of ids, and with the defaults spelt out, is the same line.
    await addToCart(ctx, buyer, { ...oat, optionIds: [optionId(sugar, 'Normal'), optionId(milk, 'Oat')] });
    await addToCart(ctx, buyer, { ...oat, baristaNote: 'No straw' });
    const cart = cartOf(await addToCart(ctx, buyer, { ...oat, optionIds: [] }));
    expect(cart.lines.map((l) => [l.options.map((o) => o.name).join('+'), l.baristaNote, l.quantity])).toEqual([
      ['Oat+Normal', '', 2],
      ['Oat+Normal', 'No straw', 1],
      ['Regular+Normal', '', 1],
    ]);
  });

  it('changes a line\'s size and options in place, and joins an identical line', async () => {
    const buyer = await signUpAndSignIn(ctx);
    await addToCart(ctx, buyer, { productId: latte.id, size: 'R', quantity: 1 });
    const start = cartOf(await addToCart(ctx, buyer, { productId: latte.id, size: 'L', quantity: 2, optionIds: [optionId(milk, 'Oat')] }));
    const regular = lineFor(start, (l) => l.sizeCode === 'R');
    const patch = (lineId: number, payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/v1/cart/items/${lineId}`, headers: buyer.headers, payload });

    const resized = cartOf(await patch(regular.id, { size: 'L', optionIds: [optionId(milk, 'Almond'), optionId(syrup, 'Vanilla')] }));
    expect(lineFor(resized, (l) => l.id === regular.id)).toMatchObject({ sizeCode: 'L', unitPriceIdr: 34_000 + 8_000 + 5_000, quantity: 1 });

    const joined = cartOf(await patch(regular.id, { optionIds: [optionId(milk, 'Oat')] }));
    expect(joined.lines).toHaveLength(1);
    expect(joined.lines[0]).toMatchObject({ sizeCode: 'L', quantity: 3, unitPriceIdr: 42_000, lineTotalIdr: 126_000 });

    const badSize = await patch(joined.lines[0]?.id ?? 0, { size: 'XL' });
    expect(badSize.statusCode).toBe(400);
    expect(badSize.json<ErrorResponse>().field).toBe('size');
    const nothing = await patch(joined.lines[0]?.id ?? 0, {});
    expect(nothing.statusCode).toBe(400);
  });
});

describe('an order with options', () => {
  it('keeps the options, note and prices as ordered, for the customer, the staff screen and the mail', async () => {
    const buyer = await signUpAndSignIn(ctx);
    await addToCart(ctx, buyer, {
      productId: latte.id,
      size: 'L',
      quantity: 1,
      optionIds: [optionId(milk, 'Oat'), optionId(sugar, 'Less'), optionId(shot, 'Extra shot')],
      baristaNote: 'Extra hot',
    });
    await addToCart(ctx, buyer, { productId: croissant.id, size: null, quantity: 1 });
    const cart = cartOf(await getCart(ctx, buyer));
    const placed = await placeOrder(ctx, buyer, { paymentMethod: 'card', expectedTotalIdr: cart.summary.totalIdr });
    expect(placed.statusCode).toBe(201);
    const order = placed.json<OrderResponse>().data;
    expect(order.lines[0]).toMatchObject({
      unitPriceIdr: 50_000,
      lineTotalIdr: 50_000,
      baristaNote: 'Extra hot',
      options: [{ name: 'Oat', priceDeltaIdr: 8_000 }, { name: 'Less' }, { name: 'Extra shot', priceDeltaIdr: 8_000 }],
    });
    expect(order.summary).toMatchObject({ subtotalIdr: 68_000, taxAndFeesIdr: 6_800, totalIdr: 74_800 });

    // A later price change on the menu never rewrites the order.
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/option-groups/${milk.id}`,
      headers: staff.headers,
      payload: { ...MILK, options: milk.options.map((o) => ({ ...o, priceDeltaIdr: o.name === 'Oat' ? 9_000 : o.priceDeltaIdr })) },
    });
    const staffList = (await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/orders', headers: staff.headers })).json<StaffOrderListResponse>();
    const seen = staffList.data.find((o) => o.id === order.id);
    expect(seen?.lines[0]).toMatchObject({ baristaNote: 'Extra hot', unitPriceIdr: 50_000, options: [{ name: 'Oat', priceDeltaIdr: 8_000 }, {}, {}] });

    const again = await ctx.app.inject({ method: 'POST', url: `/api/v1/orders/${order.id}/reorder`, headers: buyer.headers });
    const reordered = again.json<{ data: Cart }>().data;
    expect(reordered.lines[0]).toMatchObject({ baristaNote: 'Extra hot', unitPriceIdr: 51_000 });
    await ctx.app.inject({ method: 'PUT', url: `/api/v1/option-groups/${milk.id}`, headers: staff.headers, payload: { ...MILK, options: milk.options } });
  });
});
