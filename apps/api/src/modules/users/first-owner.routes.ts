import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { englishOf } from '../../lib/i18n.js';
import type { FirstOwnerSetup } from './first-owner.service.js';

/** Where the setup links point: a page of the shop, outside /api (the page works without JavaScript). */
export const SETUP_PATH = '/setup';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `body{font-family:system-ui,sans-serif;background:#f6f1eb;color:#2b1d14;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;padding:2rem;max-width:26rem;width:calc(100% - 3rem);box-shadow:0 2px 12px #0002}
h1{font-size:1.4rem;margin-top:0}label{display:block;margin-top:1rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.6rem;margin-top:.3rem;border:1px solid #b9a797;border-radius:8px;font:inherit}
button{margin-top:1.5rem;width:100%;padding:.7rem;border:0;border-radius:8px;background:#6b4226;color:#fff;font:inherit;font-weight:600}
.problem{color:#a1261b;margin:.4rem 0 0}a{color:#6b4226}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Coffee Shop</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

function form(values: { email?: string }, problem?: { message: string; field?: string | undefined }): string {
  const note = (field: string) => (problem?.field === field ? `<p class="problem" id="${field}-problem">${escapeHtml(problem.message)}</p>` : '');
  const general = problem && problem.field !== 'email' && problem.field !== 'password' ? `<p class="problem">${escapeHtml(problem.message)}</p>` : '';
  return page(
    'Set up your shop',
    `<p>Create the staff account that runs this shop: its menu, its orders and its refunds. This link works once.</p>${general}
<form method="post"><label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(values.email ?? '')}">${note('email')}
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="new-password" minlength="8" maxlength="128" required>${note('password')}
<button type="submit">Create the staff account</button></form>`,
  );
}

const send = (reply: FastifyReply, status: number, html: string) =>
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    // The token is in the address: never cached, never sent on as a Referer.
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(html);

const Params = z.object({ token: z.string().max(100) });

/** GET and POST /setup/:token: the form, and the account it creates (a plain HTML form, posted urlencoded). */
export const firstOwnerRoutes: FastifyPluginAsyncZod<{ setup: FirstOwnerSetup }> = (app, { setup }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const gone = (message: string) => page('Nothing to set up here', `<p>${escapeHtml(message)}</p><p><a href="/login">Sign in</a></p>`);

  app.get(`${SETUP_PATH}/:token`, { schema: { hide: true, params: Params } }, async (request, reply) => {
    const state = await setup.check(request.params.token);
    return state.ok ? send(reply, 200, form({})) : send(reply, 404, gone(englishOf(state.message)));
  });

  app.post(`${SETUP_PATH}/:token`, { schema: { hide: true, params: Params } }, async (request, reply) => {
    const body = (request.body ?? {}) as { email?: unknown; password?: unknown };
    try {
      const { email } = await setup.complete(request.params.token, body);
      return send(
        reply,
        201,
        page('Your shop is set up', `<p>The staff account <strong>${escapeHtml(email)}</strong> is ready. This link no longer works.</p><p><a href="/login">Sign in</a></p>`),
      );
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.statusCode === 404) return send(reply, 404, gone(err.message));
      return send(reply, err.statusCode, form({ email: typeof body.email === 'string' ? body.email : '' }, err));
    }
  });
  return Promise.resolve();
};
