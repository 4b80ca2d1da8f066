import type { ErrorResponse, Product } from '@coffee/contract';
import { describe, expect, it } from 'vitest';
import { imageDecodeStats } from '../../lib/images.js';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { multipartBody, solidPicture, whileDecoding } from '../../test/images.js';
import { encodePng } from '../../test/png.js';
import { useTestApp } from '../../test/test-app.js';

// The shipped limits: 10 profile photos and 60 product pictures per account in 10 minutes. Two decodes at once
// (the default on a machine with 3 cores or more), so the queue has something to hold back on any machine.
const ctx = useTestApp({ IMAGE_DECODE_CONCURRENCY: '2' });

const send = (method: 'PUT' | 'POST' | 'PATCH', url: string, user: SignedInUser, field: string, content?: Buffer, fields = {}) => {
  const form = multipartBody(fields, content && { field, filename: 'picture.png', contentType: 'image/png', content });
  return ctx.app.inject({ method, url, headers: { ...user.headers, ...form.headers }, payload: form.payload });
};
const uploadPhoto = (user: SignedInUser, content: Buffer) => send('PUT', '/api/v1/users/me/photo', user, 'photo', content);

describe('a flood of picture uploads', () => {
  it("answers 429 past one customer's limit, before reading the upload, and leaves other customers alone", async () => {
    const flooder = await signUpAndSignIn(ctx);
    const picture = await solidPicture('png', 320, 240);
    const answers = await Promise.all(Array.from({ length: 14 }, () => uploadPhoto(flooder, picture)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(10).fill(200), ...Array<number>(4).fill(429)]);

    const refused = answers.find((res) => res.statusCode === 429);
    expect(refused?.json<ErrorResponse>()).toEqual({ message: 'Too many photo uploads. Try again in 10 minutes.' });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(500);
    // Still refused afterwards, even for a file that is not a picture (it is never read).
    expect((await uploadPhoto(flooder, Buffer.from('not read'))).statusCode).toBe(429);

    const neighbour = await signUpAndSignIn(ctx);
    expect((await uploadPhoto(neighbour, picture)).statusCode).toBe(200);
    // Removing a photo uploads nothing, so it is never limited.
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/v1/users/me/photo', headers: flooder.headers })).statusCode).toBe(200);
  });

  it('never decodes more than two pictures at once, however many arrive', async () => {
    const senders = await Promise.all(Array.from({ length: 3 }, () => signUpAndSignIn(ctx)));
    // 12 megapixels each, tiny on disk: the costly kind.
    const picture = encodePng({ width: 4000, height: 3000, bitDepth: 8, colourType: 'rgb', rows: Buffer.alloc((1 + 4000 * 3) * 3000) }, { level: 9 });
    const { result: answers, mostRunning, mostWaiting } = await whileDecoding(() =>
      Promise.all(senders.flatMap((user) => [uploadPhoto(user, picture), uploadPhoto(user, picture)])),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array<number>(6).fill(200));
    expect(mostRunning).toBe(2);
    expect(mostWaiting).toBeGreaterThanOrEqual(1);
    expect(imageDecodeStats().peak).toBeLessThanOrEqual(2);
  }, 60_000);

  it("counts a staff member's product pictures apart from photos, and only requests that carry a picture", async () => {
    const staff = await signUpAndSignIn(ctx, { role: 'staff' });
    const picture = await solidPicture('png');
    for (let i = 0; i < 10; i += 1) expect((await uploadPhoto(staff, picture)).statusCode).toBe(200);
    expect((await uploadPhoto(staff, picture)).statusCode).toBe(429);

    // Photos used up; product pictures have their own, larger count.
    const created = await send('POST', '/api/v1/products', staff, 'image', picture, { name: 'Flood Latte', price: '25', category: 'coffee' });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ data: Product }>().data;
    // In waves the decode queue's waiting line holds, so every change past the count is decoded, never refused as busy.
    const changes: Awaited<ReturnType<typeof send>>[] = [];
    for (let sent = 0; sent < 62; sent += imageDecodeStats().maxWaiting) {
      const wave = Math.min(imageDecodeStats().maxWaiting, 62 - sent);
      changes.push(...(await Promise.all(Array.from({ length: wave }, () => send('PATCH', `/api/v1/products/${id}`, staff, 'image', picture)))));
    }
    expect(changes.filter((res) => res.statusCode === 200)).toHaveLength(59);
    const refused = changes.find((res) => res.statusCode === 429);
    expect(refused?.json<ErrorResponse>().message).toBe('Too many picture uploads. Try again in 10 minutes.');
    // A change without a picture decodes nothing and is not counted.
    expect((await send('PATCH', `/api/v1/products/${id}`, staff, 'image', undefined, { price: '26' })).statusCode).toBe(200);
  }, 60_000);
});
