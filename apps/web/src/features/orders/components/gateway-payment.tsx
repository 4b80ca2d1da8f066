import { useEffect, useMemo, useState } from 'react';
import { create as createQr } from 'qrcode';
import { PAYMENT_METHOD_LABELS, VA_BANK_LABELS } from '@coffee/contract';
import type { Order, PaymentMethod, ShopSettings } from '@coffee/contract';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonStyles } from '../../../components/ui/button';
import { inputStyles } from '../../../components/ui/form-field';
import { Price } from '../../../components/ui/price';
import { errorMessage } from '../../../lib/api-client';
import { tokeniseCard, usePayOrder } from '../api/pay-order';

export type GatewaySettings = NonNullable<ShopSettings['payments']>;

/**
 * How the customer pays an order through the payment gateway, on the order's page: the QRIS code (drawn as SVG from
 * the gateway's QR string) with the time left and, on a phone, a button into the e-wallet app; the virtual account
 * with its bank; the card form (the card goes to the gateway for a token, never to the shop) and its 3-D Secure
 * page; and when the payment service does not answer, a new try or another way. The page turns "Paid" by itself
 * (the gateway tells the shop, and the order's steps come live).
 */
export function GatewayPayment({ order, gateway }: { order: Order; gateway: GatewaySettings | undefined }) {
  const payment = order.payment ?? null;
  const waiting = order.status === 'pending' && order.paymentStatus === 'awaiting-payment';
  if (!waiting) {
    // Cancelled because the payment expired or was declined: say so in the gateway's words.
    return order.status === 'cancelled' && payment?.message ? (
      <Alert tone="info" className="mt-8">
        {payment.message}
      </Alert>
    ) : null;
  }
  // Only orders paid through the gateway: a charge was made, or a card order waits for its card.
  const cardToCome = payment === null && order.paymentMethod === 'card' && gateway?.gateway != null;
  if (payment === null && !cardToCome) return null;
  const open = payment?.gatewayStatus === 'pending';
  return (
    <section aria-labelledby={`order-${order.id}-gateway`} className="mt-8 rounded-2xl bg-crema-soft px-5 py-5 text-espresso-deep">
      <h2 id={`order-${order.id}-gateway`} className="font-display text-lg font-bold">
        Pay <Price amount={order.summary.totalIdr} /> by {PAYMENT_METHOD_LABELS[order.paymentMethod]}
      </h2>
      {open && payment.qrString && <QrisPayment qrString={payment.qrString} deepLink={payment.deepLink} expiresAt={payment.expiresAt} />}
      {open && payment.vaNumber && (
        <div className="mt-3">
          <p>
            Transfer the exact amount to this {payment.bank ? VA_BANK_LABELS[payment.bank] : ''} virtual account from your bank&apos;s app or an ATM:
          </p>
          <p className="mt-2 font-display text-2xl font-bold tracking-wider" aria-label="Virtual account number">
            {payment.vaNumber}
          </p>
          <Countdown expiresAt={payment.expiresAt} />
        </div>
      )}
      {open && payment.redirectUrl && (
        <p className="mt-3">
          Your bank checks it is you.{' '}
          <a href={payment.redirectUrl} className={buttonStyles({ variant: 'primary', size: 'sm' })}>
            Continue to your bank&apos;s check
          </a>
        </p>
      )}
      {!open && order.paymentMethod === 'card' && gateway?.clientKey && gateway.apiUrl && (
        <CardForm orderId={order.id} gateway={{ clientKey: gateway.clientKey, apiUrl: gateway.apiUrl }} />
      )}
      {!open && payment?.message && (
        <Alert tone="danger" className="mt-3">
          {payment.message}
        </Alert>
      )}
      {!open && payment && <OtherWays order={order} methods={gateway?.methods ?? []} />}
      {open && <p className="mt-3 text-sm">This page shows “Paid” by itself as soon as the payment arrives; the kitchen starts on it then.</p>}
    </section>
  );
}

/** The QR (its modules drawn as one SVG path), the time left, and on a phone the e-wallet app's link. */
function QrisPayment({ qrString, deepLink, expiresAt }: { qrString: string; deepLink: string | null; expiresAt: string | null }) {
  const { size, path } = useMemo(() => {
    const qr = createQr(qrString, { errorCorrectionLevel: 'M' });
    const n = qr.modules.size;
    let d = '';
    for (let row = 0; row < n; row += 1) {
      for (let col = 0; col < n; col += 1) if (qr.modules.get(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
    }
    return { size: n + 8, path: d };
  }, [qrString]);
  const phone = typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches;
  return (
    <div className="mt-3 flex flex-col items-center gap-3 sm:items-start">
      <p>Scan with any e-wallet or bank app that takes QRIS (GoPay, OVO, DANA, ShopeePay, your bank&apos;s app).</p>
      <svg role="img" aria-label="QRIS code to scan" viewBox={`0 0 ${size} ${size}`} className="size-64 rounded-xl bg-white" shapeRendering="crispEdges">
        <rect width={size} height={size} fill="#fff" />
        <path d={path} fill="#000" />
      </svg>
      <Countdown expiresAt={expiresAt} />
      {phone && deepLink && (
        <a href={deepLink} className={buttonStyles({ variant: 'primary' })}>
          Open your e-wallet app
        </a>
      )}
    </div>
  );
}

/** "Pay within 14:32", counting down; then that the time has run out (the gateway then cancels the order). */
function Countdown({ expiresAt }: { expiresAt: string | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!expiresAt) return null;
  const left = Math.max(0, Math.floor((new Date(expiresAt).getTime() - now) / 1000));
  if (left === 0) return <p className="font-medium">The time to pay has run out.</p>;
  const minutes = Math.floor(left / 60);
  const seconds = String(left % 60).padStart(2, '0');
  return (
    <p className="font-medium" aria-live="off">
      Pay within <time dateTime={`PT${minutes}M${left % 60}S`}>{`${minutes}:${seconds}`}</time>
    </p>
  );
}

/** The card's details, sent to the gateway for a token; then the charge, and the bank's 3-D Secure page. */
function CardForm({ orderId, gateway }: { orderId: number; gateway: { clientKey: string; apiUrl: string } }) {
  const pay = usePayOrder();
  const [card, setCard] = useState({ number: '', expMonth: '', expYear: '', cvv: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      const tokenId = await tokeniseCard(gateway, card);
      const order = await pay.mutateAsync({ id: orderId, input: { method: 'card', tokenId } });
      if (order.payment?.redirectUrl) window.location.assign(order.payment.redirectUrl);
      else if (order.payment?.message) setFailure(order.payment.message);
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const field = (key: keyof typeof card, label: string, props: React.InputHTMLAttributes<HTMLInputElement>) => (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <input
        {...props}
        value={card[key]}
        onChange={(e) => setCard({ ...card, [key]: e.target.value })}
        className={inputStyles()}
        required
        inputMode="numeric"
      />
    </label>
  );
  return (
    <form onSubmit={(e) => void submit(e)} className="mt-3 grid gap-3 sm:grid-cols-4" aria-label="Card details">
      <div className="sm:col-span-4">{field('number', 'Card number', { autoComplete: 'cc-number', maxLength: 23 })}</div>
      {field('expMonth', 'Month (MM)', { autoComplete: 'cc-exp-month', maxLength: 2 })}
      {field('expYear', 'Year (YYYY)', { autoComplete: 'cc-exp-year', maxLength: 4 })}
      {field('cvv', 'CVV', { autoComplete: 'cc-csc', maxLength: 4 })}
      <div className="flex items-end">
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? 'Paying…' : 'Pay by card'}
        </Button>
      </div>
      {failure && (
        <Alert tone="danger" className="sm:col-span-4">
          {failure}
        </Alert>
      )}
    </form>
  );
}

/** After the payment service did not answer (or refused): the same again, or another way that needs no gateway. */
function OtherWays({ order, methods }: { order: Order; methods: readonly PaymentMethod[] }) {
  const pay = usePayOrder();
  const [failure, setFailure] = useState<string | null>(null);
  const choose = (method: PaymentMethod) => {
    setFailure(null);
    pay.mutate({ id: order.id, input: { method } }, { onError: (err) => setFailure(errorMessage(err)) });
  };
  const others = methods.filter((m) => m !== order.paymentMethod && m !== 'card');
  return (
    <div className="mt-3 flex flex-wrap gap-3">
      {order.paymentMethod !== 'card' && (
        <Button variant="primary" size="sm" onClick={() => choose(order.paymentMethod)} disabled={pay.isPending}>
          Try {PAYMENT_METHOD_LABELS[order.paymentMethod]} again
        </Button>
      )}
      {others.map((m) => (
        <Button key={m} variant="outline" size="sm" onClick={() => choose(m)} disabled={pay.isPending}>
          Pay by {PAYMENT_METHOD_LABELS[m]} instead
        </Button>
      ))}
      {failure && <Alert tone="danger">{failure}</Alert>}
    </div>
  );
}
