import { t } from '@lingui/core/macro';

/**
 * The shop's chat link (CHAT_URL) with the product named where the link allows it, so the staff know at once what
 * the customer is looking at: WhatsApp (wa.me, api.whatsapp.com) and Telegram share links take `text`, a mailto: link
 * takes `subject`. Any other link opens as it is.
 */
export function chatLinkFor(chatUrl: string, productName: string): string {
  // In the screens' language, read at the click.
  const text = t`Hello! I have a question about ${productName}.`;
  let url: URL;
  try {
    url = new URL(chatUrl);
  } catch {
    return chatUrl;
  }
  if (url.protocol === 'mailto:') {
    url.searchParams.set('subject', t`Question about ${productName}`);
    // URLSearchParams writes spaces as "+", which mail programs show literally.
    return url.toString().replaceAll('+', '%20');
  }
  const host = url.hostname.toLowerCase();
  if (host === 'wa.me' || host === 'api.whatsapp.com' || host === 'whatsapp.com' || host === 'www.whatsapp.com') {
    url.searchParams.set('text', text);
    return url.toString();
  }
  if (host === 't.me' && url.pathname.startsWith('/share')) {
    url.searchParams.set('text', text);
    return url.toString();
  }
  return chatUrl;
}
