import fs from 'node:fs';
import path from 'node:path';
import type { ErrorResponse, UserProfile } from '@coffee/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/auth.js';
import { SVG_WITH_SCRIPT, multipartBody, pngBomb, solidPicture } from '../../test/images.js';
import { useTestApp } from '../../test/test-app.js';

const ctx = useTestApp();

const getProfile = async (user: SignedInUser) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: UserProfile }>().data;
};
const patch = (user: SignedInUser, payload: object) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/v1/users/me', headers: user.headers, payload });
const uploadPhoto = (user: SignedInUser | undefined, content: Buffer, filename = 'me.png', contentType = 'image/png') => {
  const form = multipartBody({}, { field: 'photo', filename, contentType, content });
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/users/me/photo',
    headers: { ...(user?.headers ?? {}), ...form.headers },
    payload: form.payload,
  });
};
const photoDir = () => path.join(ctx.config.uploadsDir, 'profiles');
const storedFiles = () => (fs.existsSync(photoDir()) ? fs.readdirSync(photoDir()).sort() : []);
const fileOf = (photoUrl: string | null) => path.join(photoDir(), path.basename(photoUrl ?? 'none'));

describe('profile', () => {
  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in to continue' });
  });

  it('shows the registered email and phone, and changes every field of the profile screen', async () => {
    const user = await signUpAndSignIn(ctx);
    const before = await getProfile(user);
    expect(before).toMatchObject({ id: user.userId, email: user.email, role: 'customer', phone: '+62 812 0000 0002', gender: null, dateOfBirth: null, photoUrl: null });

    const changes = {
      displayName: 'Zulaikha',
      firstName: 'Zulaikha',
      lastName: 'Putri',
      phone: '+62 813 9876 5432',
      deliveryAddress: 'Jl. Kopi No. 7, Bandung',
      dateOfBirth: '1990-04-02',
      gender: 'female',
    };
    const res = await patch(user, changes);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: UserProfile }>().data).toMatchObject(changes);
    expect(await getProfile(user)).toMatchObject({ ...changes, email: user.email });

    // Only what is sent changes; null clears.
    const cleared = await patch(user, { gender: null, dateOfBirth: null });
    expect(cleared.json<{ data: UserProfile }>().data).toMatchObject({ ...changes, gender: null, dateOfBirth: null });
  });

  it("changes only the caller's own profile", async () => {
    const ana = await signUpAndSignIn(ctx);
    const budi = await signUpAndSignIn(ctx);
    await patch(ana, { displayName: 'Ana' });
    expect((await getProfile(budi)).displayName).not.toBe('Ana');
  });

  it.each([
    [{ displayName: 'x'.repeat(51) }, 'displayName', 'Display name must be at most 50 characters.'],
    [{ firstName: 42 }, 'firstName', 'First name must be text.'],
    [{ lastName: 'Tab\tbed' }, 'lastName', 'Last name must not contain control characters.'],
    [{ deliveryAddress: 'x'.repeat(301) }, 'deliveryAddress', 'Delivery address must be at most 300 characters.'],
    [{ phone: '12' }, 'phone', 'Phone number must be a phone number of digits, e.g. +62 812 3456 7890.'],
    [{ dateOfBirth: '02/04/90' }, 'dateOfBirth', 'Date of birth must be a date written YYYY-MM-DD.'],
    [{ dateOfBirth: '1990-02-30' }, 'dateOfBirth', 'Date of birth must be a real calendar date.'],
    [{ dateOfBirth: '2999-01-01' }, 'dateOfBirth', 'Date of birth must be between 1900-01-01 and today.'],
    [{ gender: 'other' }, 'gender', 'Gender must be one of: male, female (or null).'],
    [{ email: 'new@example.test' }, 'email', 'Email cannot be changed: it is the name you sign in with.'],
  ])('refuses %j, naming %s', async (payload, field, message) => {
    const user = await signUpAndSignIn(ctx);
    const before = await getProfile(user);
    const res = await patch(user, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>()).toMatchObject({ field, message });
    expect(await getProfile(user)).toEqual(before);
  });
});

describe('profile photo', () => {
  it('re-encodes an upload to WebP, serves it, replaces it and removes it, leaving no old file', async () => {
    const user = await signUpAndSignIn(ctx);
    const res = await uploadPhoto(user, await solidPicture('png', 1600, 900));
    expect(res.statusCode).toBe(200);
    const { photoUrl } = res.json<{ data: UserProfile }>().data;
    expect(photoUrl).toMatch(/^\/uploads\/images\/profiles\/[0-9a-f]{32}\.webp$/);
    const meta = await sharp(fs.readFileSync(fileOf(photoUrl))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 675]);
    const served = await ctx.app.inject({ method: 'GET', url: photoUrl ?? '' });
    expect(served.statusCode).toBe(200);

    // The session record shows it too.
    const session = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/session', headers: user.headers });
    expect(session.json<{ data: { photoUrl: string } }>().data.photoUrl).toBe(photoUrl);

    const replaced = await uploadPhoto(user, await solidPicture('jpeg'), 'me.jpg', 'image/jpeg');
    const next = replaced.json<{ data: UserProfile }>().data.photoUrl;
    expect(next).not.toBe(photoUrl);
    expect(fs.existsSync(fileOf(next))).toBe(true);
    expect(fs.existsSync(fileOf(photoUrl))).toBe(false);

    const removed = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/users/me/photo', headers: user.headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<{ data: UserProfile }>().data.photoUrl).toBeNull();
    expect(fs.existsSync(fileOf(next))).toBe(false);
  });

  it('refuses a visitor before reading the upload', async () => {
    const res = await uploadPhoto(undefined, await solidPicture('png'));
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['a text file named .png', Buffer.from('just some text, honestly not a picture'), 'me.png', 'image/png', 415, 'This file is not a picture we can use: please choose a JPEG, PNG, WebP or GIF picture.'],
    ['an SVG with a script', SVG_WITH_SCRIPT, 'me.svg', 'image/svg+xml', 415, 'This file is not a picture we can use: please choose a JPEG, PNG, WebP or GIF picture.'],
    ['an SVG named .png and declared image/png', SVG_WITH_SCRIPT, 'me.png', 'image/png', 415, 'This file is not a picture we can use: please choose a JPEG, PNG, WebP or GIF picture.'],
    ['a PNG cut in half', 'truncated', 'me.png', 'image/png', 422, 'This file could not be read as a picture: it is damaged or incomplete. Please choose another picture.'],
  ] as const)('refuses %s', async (_, content, filename, type, status, message) => {
    const user = await signUpAndSignIn(ctx);
    const before = storedFiles();
    const body = content === 'truncated' ? (await solidPicture('png', 400, 400, '#123456')).subarray(0, 200) : content;
    const res = await uploadPhoto(user, body, filename, type);
    expect(res.statusCode).toBe(status);
    expect(res.json<ErrorResponse>()).toEqual({ message, field: 'photo' });
    expect((await getProfile(user)).photoUrl).toBeNull();
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const user = await signUpAndSignIn(ctx);
    // A real PNG header followed by padding: it is the size that is refused, while it streams in.
    const big = Buffer.concat([await solidPicture('png'), Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const res = await uploadPhoto(user, big);
    expect(res.statusCode).toBe(413);
    expect(res.json<ErrorResponse>()).toEqual({ message: 'This picture is too large: a picture may be at most 5 MB. Please choose a smaller one.', field: 'photo' });
  });

  it('refuses a decompression bomb (20000x20000 pixels in a tiny PNG) without decoding it', async () => {
    const user = await signUpAndSignIn(ctx);
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const meta = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect([meta.width, meta.height]).toEqual([20_000, 20_000]); // a valid picture, not a broken file

    const rssBefore = process.memoryUsage().rss;
    const res = await uploadPhoto(user, bomb);
    expect(res.statusCode).toBe(413);
    expect(res.json<ErrorResponse>()).toEqual({
      message: 'This picture is 20000x20000 pixels (400 megapixels); we take at most 24 megapixels. Send a smaller copy, e.g. a photo as your phone takes it or a screenshot.',
      field: 'photo',
    });
    // Decoding would need 1.2 GB for the pixels alone; refusing from the header needs next to nothing.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(300 * 1024 * 1024);
  });

  it('needs the file in the field "photo"', async () => {
    const user = await signUpAndSignIn(ctx);
    const form = multipartBody({}, { field: 'avatar', filename: 'me.png', contentType: 'image/png', content: await solidPicture('png') });
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/v1/users/me/photo', headers: { ...user.headers, ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().field).toBe('photo');

    const json = await ctx.app.inject({ method: 'PUT', url: '/api/v1/users/me/photo', headers: user.headers, payload: { photo: 'x' } });
    expect(json.statusCode).toBe(415);
  });
});

describe('multipart bodies', () => {
  it('are read by the upload routes only: a JSON route answers 415, as for any type it does not take', async () => {
    const user = await signUpAndSignIn(ctx);
    const form = multipartBody({ firstName: 'Ani' });
    const res = await ctx.app.inject({ method: 'PATCH', url: '/api/v1/users/me', headers: { ...user.headers, ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(415);
    expect(await getProfile(user)).not.toMatchObject({ firstName: 'Ani' });
  });
});
