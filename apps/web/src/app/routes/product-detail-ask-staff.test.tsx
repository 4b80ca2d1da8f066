import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeLoginRecord } from '../../lib/login-record';
import { stubFetch } from '../../testing/fetch-stub';
import { createProduct, jsonResponse } from '../../testing/product-factory';
import { renderRoutes } from '../../testing/render';
import { createShopSettings } from '@coffee/contract/testing';
import { chatLinkFor } from '../../features/questions/components/chat-link';
import { ProductDetailRoute } from './product-detail';

// The question form loads on the first "Ask a Staff". Loaded once up front, so a test waits on the page and not on the
// test runner compiling it on first use.
beforeAll(async () => {
  await import('../../features/questions/components/ask-staff-dialog');
});

const latte = createProduct({ id: 7, name: 'Hazelnut Latte', price: 34 });
const QUESTION = {
  id: 1,
  productId: 7,
  productName: 'Hazelnut Latte',
  name: 'Rina',
  contact: 'rina@example.com',
  message: 'Is it sweet?',
  createdAt: '2026-11-23T03:00:00.000Z',
  answeredAt: null,
};

function setup(chatUrl: string | null, ask: () => Response = () => jsonResponse({ data: QUESTION }, 201)) {
  const api = stubFetch((url) => {
    if (url.pathname === '/api/v1/shop') return jsonResponse({ data: createShopSettings({ chatUrl }) });
    if (url.pathname === '/api/v1/products/7') return jsonResponse({ data: latte });
    if (url.pathname === '/api/v1/questions') return ask();
    return jsonResponse({ message: 'Not here' }, 404);
  });
  renderRoutes([{ path: '/products/:id', element: <ProductDetailRoute /> }], '/products/7');
  return api;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Ask a Staff', () => {
  it('opens the shop\'s chat link in a new tab, naming the product, when the shop has one', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    setup('https://wa.me/6281234567890');
    await screen.findByRole('heading', { name: 'Hazelnut Latte', level: 1 });
    // The shop settings arrive beside the product.
    await vi.waitFor(async () => {
      await user.click(screen.getByRole('button', { name: 'Ask a Staff' }));
      expect(open).toHaveBeenCalled();
    });
    const [href, target] = open.mock.calls[0] ?? [];
    expect(target).toBe('_blank');
    expect(new URL(String(href)).searchParams.get('text')).toBe('Hello! I have a question about Hazelnut Latte.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends a short message to the staff when there is no chat link, filled in for a signed-in customer', async () => {
    const user = userEvent.setup();
    writeLoginRecord({ id: 3, email: 'rina@example.com', role: 'customer', displayName: 'Rina', photoUrl: null });
    const api = setup(null);
    await screen.findByRole('heading', { name: 'Hazelnut Latte', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Ask a Staff' }));

    const dialog = await screen.findByRole('dialog', { name: 'Ask about Hazelnut Latte' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Your name').value).toBe('Rina');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Email or phone').value).toBe('rina@example.com');

    // Nothing written yet: a sentence under the field, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Send Question' }));
    expect(within(dialog).getByText('Please write your question.')).toBeTruthy();
    expect(api.requests.filter((r) => r.url.pathname === '/api/v1/questions')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Your question'), 'Is it sweet?');
    await user.click(within(dialog).getByRole('button', { name: 'Send Question' }));
    expect(await screen.findByText('Thanks! Your question reached our staff. We will answer you soon.')).toBeTruthy();
    expect(api.requests.find((r) => r.url.pathname === '/api/v1/questions')?.body).toEqual({
      productId: 7,
      name: 'Rina',
      contact: 'rina@example.com',
      message: 'Is it sweet?',
    });
  });

  it('shows a refusal about one field under that field only', async () => {
    const user = userEvent.setup();
    setup(null, () =>
      jsonResponse({ message: 'Your message must be at most 1000 characters.', field: 'message', errors: [{ field: 'message', message: 'must be at most 1000 characters' }] }, 400),
    );
    await screen.findByRole('heading', { name: 'Hazelnut Latte', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Ask a Staff' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Your name'), 'Budi');
    await user.type(within(dialog).getByLabelText('Email or phone'), '0812 3456 7890');
    await user.type(within(dialog).getByLabelText('Your question'), 'Hello?');
    await user.click(within(dialog).getByRole('button', { name: 'Send Question' }));
    expect(await within(dialog).findByText('Your question must be at most 1000 characters')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});

describe('chatLinkFor', () => {
  it('names the product where the link allows it', () => {
    expect(chatLinkFor('mailto:hello@kopi.test', 'Iced Latte')).toBe('mailto:hello@kopi.test?subject=Question%20about%20Iced%20Latte');
    expect(new URL(chatLinkFor('https://api.whatsapp.com/send?phone=628123', 'Iced Latte')).searchParams.get('phone')).toBe('628123');
    expect(chatLinkFor('https://chat.example.com/shop', 'Iced Latte')).toBe('https://chat.example.com/shop');
  });
});
