import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserProfile } from '@coffee/contract';
import { startLanguage, switchLanguage } from '../../../lib/i18n';
import { readLoginRecord, writeLoginRecord } from '../../../lib/login-record';
import { stubFetch } from '../../../testing/fetch-stub';
import type { StubbedRequest } from '../../../testing/fetch-stub';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { ProfilePage } from './profile-page';

function createProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 5,
    email: 'rina@example.com',
    role: 'customer',
    phone: '+62 812 3456 7890',
    deliveryAddress: 'Jl. Kopi 12, Jakarta',
    displayName: 'Rina',
    firstName: 'Rina',
    lastName: 'Wijaya',
    dateOfBirth: '1998-02-14',
    gender: 'female',
    photoUrl: null,
    orderEmails: true,
    language: 'en',
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A tiny server: GET and PATCH /users/me keep one profile, PUT /users/me/photo gives it a photo. */
function stubProfileApi(options: { patch?: (request: StubbedRequest) => Response | null } = {}) {
  let profile = createProfile();
  const api = stubFetch((url, request) => {
    if (url.pathname === '/api/v1/users/me' && request.method === 'PATCH') {
      const refusal = options.patch?.(request);
      if (refusal) return refusal;
      profile = { ...profile, ...(request.body as Partial<UserProfile>) };
      return jsonResponse({ data: profile });
    }
    if (url.pathname === '/api/v1/users/me/photo' && request.method === 'PUT') {
      profile = { ...profile, photoUrl: '/uploads/images/new-photo.webp' };
      return jsonResponse({ data: profile });
    }
    return jsonResponse({ data: profile });
  });
  return api;
}

const setup = () => {
  writeLoginRecord({ id: 5, email: 'rina@example.com', role: 'customer', displayName: 'Rina', photoUrl: null });
  return renderRoutes([{ path: '/user', element: <ProfilePage /> }], '/user');
};

describe('My Profile', () => {
  it('shows the account, with the date of birth as DD/MM/YY', async () => {
    stubProfileApi();
    setup();
    expect((await screen.findByLabelText<HTMLInputElement>('Date of birth')).value).toBe('14/02/98');
    expect(screen.getByLabelText<HTMLInputElement>('Email address').readOnly).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Mobile number').value).toBe('+62 812 3456 7890');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Delivery address').value).toBe('Jl. Kopi 12, Jakarta');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Female' }).checked).toBe(true);
  });

  it('Save Change sends only what changed, the date as ISO, and the navbar name follows', async () => {
    const user = userEvent.setup();
    const api = stubProfileApi();
    setup();
    const dob = await screen.findByLabelText('Date of birth');
    await user.clear(screen.getByLabelText('Display name'));
    await user.type(screen.getByLabelText('Display name'), 'Rina W.');
    await user.clear(dob);
    await user.type(dob, '03/11/05');
    await user.click(screen.getByRole('radio', { name: 'Male' }));
    await user.click(screen.getByRole('button', { name: 'Save Change' }));

    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
    const patch = api.requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toEqual({ displayName: 'Rina W.', dateOfBirth: '2005-11-03', gender: 'male' });
    expect(readLoginRecord()).toMatchObject({ displayName: 'Rina W.' });
    expect(screen.getByLabelText<HTMLInputElement>('Date of birth').value).toBe('03/11/05');
  });

  it('turns order emails off with the checkbox, sending only that', async () => {
    const user = userEvent.setup();
    const api = stubProfileApi();
    setup();
    const box = await screen.findByRole<HTMLInputElement>('checkbox', { name: /email me when an order is ready/i });
    expect(box.checked).toBe(true);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save Change' }));

    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
    expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ orderEmails: false });
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /email me when an order is ready/i }).checked).toBe(false);
  });

  it('Cancel restores the last saved values', async () => {
    const user = userEvent.setup();
    const api = stubProfileApi();
    setup();
    const first = await screen.findByLabelText('First name');
    await user.clear(first);
    await user.type(first, 'Someone else');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((first as HTMLInputElement).value).toBe('Rina');
    expect(api.requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it("refuses a date that isn't one, next to the field, without calling the API", async () => {
    const user = userEvent.setup();
    const api = stubProfileApi();
    setup();
    const dob = await screen.findByLabelText('Date of birth');
    await user.clear(dob);
    await user.type(dob, '31/02/98');
    await user.click(screen.getByRole('button', { name: 'Save Change' }));
    expect(await screen.findByText('31/02 is not a date in the calendar')).toBeTruthy();
    expect(dob.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(dob);
    expect(api.requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it("shows the API's field error next to that field and keeps the input", async () => {
    const user = userEvent.setup();
    stubProfileApi({
      patch: () =>
        jsonResponse({ message: 'deliveryAddress must not contain control characters', field: 'deliveryAddress', errors: [{ field: 'deliveryAddress', message: 'must not contain control characters' }] }, 400),
    });
    setup();
    const address = await screen.findByLabelText('Delivery address');
    await user.clear(address);
    await user.type(address, 'Somewhere new');
    await user.click(screen.getByRole('button', { name: 'Save Change' }));
    expect(await screen.findByText('Delivery address must not contain control characters')).toBeTruthy();
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect((address as HTMLTextAreaElement).value).toBe('Somewhere new');
  });

  it('Choose Photo previews the picture, and Save Change uploads it as multipart', async () => {
    const user = userEvent.setup();
    const api = stubProfileApi();
    const created: string[] = [];
    URL.createObjectURL = (file: Blob) => {
      created.push((file as File).name);
      return 'blob:preview';
    };
    URL.revokeObjectURL = () => undefined;
    const { container } = setup();
    await screen.findByRole('button', { name: 'Choose Photo' });

    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }));
    const photoCard = screen.getByRole('region', { name: 'Photo' });
    expect(within(photoCard).getByRole('img', { name: 'Your new photo (not saved yet)' }).getAttribute('src')).toBe('blob:preview');

    await user.click(screen.getByRole('button', { name: 'Save Change' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
    const upload = api.requests.find((r) => r.method === 'PUT');
    expect(upload?.url.pathname).toBe('/api/v1/users/me/photo');
    expect((upload?.formData?.get('photo') as File).name).toBe('me.png');
    expect(within(photoCard).getByRole('img', { name: 'Your photo' }).getAttribute('src')).toBe('/uploads/images/new-photo.webp');
    expect(readLoginRecord()).toMatchObject({ photoUrl: '/uploads/images/new-photo.webp' });
  });
});

describe('My Profile, in Indonesian', () => {
  afterEach(async () => {
    // Back to the language the other tests read (the page's, the cookie's and the screens').
    await switchLanguage('en');
  });

  it('reads in Indonesian, its refusals too', async () => {
    await startLanguage('id', ['shop', 'account', 'staff', 'contract']);
    const user = userEvent.setup();
    const api = stubProfileApi();
    setup();
    expect(await screen.findByRole('heading', { name: 'Profil Pengguna' })).toBeTruthy();
    const dob = await screen.findByLabelText('Tanggal lahir');
    await user.clear(dob);
    await user.type(dob, '31/02/98');
    await user.click(screen.getByRole('button', { name: 'Simpan Perubahan' }));
    expect(await screen.findByText('31/02 bukan tanggal yang ada di kalender')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('the Language choice is saved with the profile and switches the screens', async () => {
    const user = userEvent.setup();
    const api = stubProfileApi();
    setup();
    const english = await screen.findByRole<HTMLInputElement>('radio', { name: 'English' });
    expect(english.checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Bahasa Indonesia' }));
    await user.click(screen.getByRole('button', { name: 'Save Change' }));

    expect(await screen.findByText('Profil Anda sudah disimpan.')).toBeTruthy();
    expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ language: 'id' });
    expect(screen.getByRole('heading', { name: 'Profil Pengguna' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Bahasa Indonesia' }).checked).toBe(true);
    expect(document.documentElement.lang).toBe('id');
  });
});
