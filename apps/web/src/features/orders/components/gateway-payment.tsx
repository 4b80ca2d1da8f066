import { useEffect, useMemo, useState } from 'react';
import { create as createQr } from 'qrcode';
import { Trans, useLingui } from '@lingui/react/macro';
import { PAYMENT_METHOD_LABELS, VA_BANK_LABELS } from '@coffee/contract';
import type { Order, PaymentMethod, ShopSettings } from '@coffee/contract';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonStyles } from '../../../components/ui/button';
import { inputStyles } from '../../../components/ui/form-field';
import { Price } from '../../../components/ui/price';
import { errorMessage } from '../../../lib/api-client';
import { offeredMethods, usePhone } from '../../../lib/phone';
import { tokeniseCard, usePayOrder } from '../api/pay-order';
import { paymentMethodName } from '../../../lib/payment-words';

export type GatewaySettings = NonNullable<ShopSettings['payments']>;

/**
 * How the customer pays an order through the payment gateway, on the order's page: the QRIS code (drawn as SVG from
 * the gateway's QR string) with the time left and, on a phone, a button into the e-wallet app; GoPay and ShopeePay
 * (a phone's own wallet app, opened by the gateway's deep link) with the time left; the virtual account
 * with its bank; the card form (the card goes to the gateway for a token, never to the shop) and its 3-D Secure
 * page; and when the payment service does not answer, a new try or another way. The page turns "Paid" by itself
 * (the gateway tells the shop, and the order's steps come live).
 */
export function GatewayPayment({ order, gateway }: { order: Order; gateway: GatewaySettings | undefined }) {
  const { t } = useLingui();
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
  const method = paymentMethodName(order.paymentMethod);
  return (
    <section aria-labelledby={`order-${order.id}-gateway`} className="mt-8 rounded-2xl bg-crema-soft px-5 py-5 text-espresso-deep">
      <h2 id={`order-${order.id}-gateway`} className="font-display text-lg font-bold">
        <Trans>
          Pay <Price amount={order.summary.totalIdr} /> by {method}
        </Trans>
      </h2>
      {open && payment.qrString && <QrisPayment orderId={order.id} qrString={payment.qrString} deepLink={payment.deepLink} expiresAt={payment.expiresAt} />}
      {open && !payment.qrString && payment.deepLink && (order.paymentMethod === 'gopay' || order.paymentMethod === 'shopeepay') && (
        <WalletPayment wallet={PAYMENT_METHOD_LABELS[order.paymentMethod]} deepLink={payment.deepLink} expiresAt={payment.expiresAt} />
      )}
      {open && payment.vaNumber && (
        <VirtualAccount bank={payment.bank ? VA_BANK_LABELS[payment.bank] : t`bank`} vaNumber={payment.vaNumber} totalIdr={order.summary.totalIdr} expiresAt={payment.expiresAt} />
      )}
      {open && payment.redirectUrl && (
        <p className="mt-3">
          <Trans>Your bank checks it is you.</Trans>{' '}
          <a href={payment.redirectUrl} className={buttonStyles({ variant: 'primary', size: 'sm' })}>
            <Trans>Continue to your bank&apos;s check</Trans>
          </a>
        </p>
      )}
      {!open && order.paymentMethod === 'card' && gateway?.clientKey && gateway.apiUrl && (
        <CardForm orderId={order.id} gateway={{ clientKey: gateway.clientKey, apiUrl: gateway.apiUrl }} again={payment !== null} />
      )}
      {!open && payment?.message && (
        <Alert tone="danger" className="mt-3">
          {payment.message}
        </Alert>
      )}
      {payment && <OtherWays order={order} methods={gateway?.methods ?? []} open={open} />}
      {open && (
        <p className="mt-3 text-sm">
          <Trans>This page shows “Paid” by itself as soon as the payment arrives; the kitchen starts on it then.</Trans>
        </p>
      )}
    </section>
  );
}

/** The QR (its modules drawn as one SVG path), the time left, and on a phone the e-wallet app's link. */
function QrisPayment({ orderId, qrString, deepLink, expiresAt }: { orderId: number; qrString: string; deepLink: string | null; expiresAt: string | null }) {
  const { t } = useLingui();
  const { size, path, dark } = useMemo(() => {
    const qr = createQr(qrString, { errorCorrectionLevel: 'M' });
    const n = qr.modules.size;
    let d = '';
    const cells: [number, number][] = [];
    for (let row = 0; row < n; row += 1) {
      for (let col = 0; col < n; col += 1) {
        if (!qr.modules.get(row, col)) continue;
        d += `M${col + 4} ${row + 4}h1v1h-1z`;
        cells.push([col + 4, row + 4]);
      }
    }
    return { size: n + 8, path: d, dark: cells };
  }, [qrString]);
  const phone = typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches;
  return (
    <div className="mt-3 flex flex-col items-center gap-3 sm:items-start">
      <p>
        <Trans>Scan with any e-wallet or bank app that takes QRIS (GoPay, OVO, DANA, ShopeePay, your bank&apos;s app).</Trans>
      </p>
      <svg role="img" aria-label={t`QRIS code to scan`} viewBox={`0 0 ${size} ${size}`} className="size-64 rounded-xl bg-white" shapeRendering="crispEdges">
        <rect width={size} height={size} fill="#fff" />
        <path d={path} fill="#000" />
      </svg>
      <Countdown expiresAt={expiresAt} />
      {/* One phone both shows and scans: the QR saved to the pictures is opened from the e-wallet's "scan from gallery". */}
      <Button variant="outline" size="sm" onClick={() => saveQrPicture(`order-${orderId}-qris.png`, size, dark)}>
        <Trans>Save QR to your pictures</Trans>
      </Button>
      {phone && deepLink && (
        <a href={deepLink} className={buttonStyles({ variant: 'primary' })}>
          <Trans>Open your e-wallet app</Trans>
        </a>
      )}
    </div>
  );
}

/** Draws the QR as a PNG (12 pixels a module) and hands it to the browser as a download. */
function saveQrPicture(fileName: string, size: number, dark: readonly [number, number][]): void {
  const scale = 12;
  const canvas = document.createElement('canvas');
  canvas.width = size * scale;
  canvas.height = size * scale;
  const pen = canvas.getContext('2d');
  if (!pen) return;
  pen.fillStyle = '#fff';
  pen.fillRect(0, 0, canvas.width, canvas.height);
  pen.fillStyle = '#000';
  for (const [x, y] of dark) pen.fillRect(x * scale, y * scale, scale, scale);
  const link = document.createElement('a');
  link.href = canvas.toDataURL('image/png');
  link.download = fileName;
  link.click();
}

/** The virtual account: its number and the amount with copy buttons, the steps in a bank app or at an ATM. */
function VirtualAccount({ bank, vaNumber, totalIdr, expiresAt }: { bank: string; vaNumber: string; totalIdr: number; expiresAt: string | null }) {
  const { t } = useLingui();
  return (
    <div className="mt-3">
      <p>
        <Trans>Transfer the exact amount to this {bank} virtual account from your bank&apos;s app or an ATM:</Trans>
      </p>
      <p className="mt-2 flex flex-wrap items-center gap-3">
        <span className="font-display text-2xl font-bold tracking-wider" aria-label={t`Virtual account number`}>
          {vaNumber}
        </span>
        <CopyButton text={vaNumber} label={t`Copy number`} />
      </p>
      <p className="mt-1 flex flex-wrap items-center gap-3">
        <span>
          <Trans>
            Amount: <Price amount={totalIdr} />
          </Trans>
        </span>
        <CopyButton text={String(totalIdr)} label={t`Copy amount`} />
      </p>
      <ol className="mt-2 list-decimal pl-5 text-sm">
        <li>
          <Trans>In your bank&apos;s app: Transfer → Virtual Account ({bank}), paste the number.</Trans>
        </li>
        <li>
          <Trans>At an ATM: Other transactions → Transfer → Virtual Account, key in the number.</Trans>
        </li>
        <li>
          <Trans>Check that the amount is the one above, then confirm with your PIN.</Trans>
        </li>
      </ol>
      <Countdown expiresAt={expiresAt} />
    </div>
  );
}

/** Copies `text` and says so for a moment. */
function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        });
      }}
    >
      {copied ? t`Copied` : label}
    </Button>
  );
}

/** "Pay within 14:32", counting down; then that the time has run out (the shop then cancels the order). */
function Countdown({ expiresAt }: { expiresAt: string | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!expiresAt) return null;
  const left = Math.max(0, Math.floor((new Date(expiresAt).getTime() - now) / 1000));
  if (left === 0) return (
      <p className="font-medium">
        <Trans>The time to pay has run out.</Trans>
      </p>
    );
  const minutes = Math.floor(left / 60);
  const seconds = String(left % 60).padStart(2, '0');
  const clock = `${minutes}:${seconds}`;
  return (
    <p className="font-medium" aria-live="off">
      <Trans>
        Pay within <time dateTime={`PT${minutes}M${left % 60}S`}>{clock}</time>
      </Trans>
    </p>
  );
}

/** The card's details, sent to the gateway for a token; then the charge, and the bank's 3-D Secure page. */
function CardForm({ orderId, gateway, again }: { orderId: number; gateway: { clientKey: string; apiUrl: string }; again: boolean }) {
  const { t } = useLingui();
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
    <form onSubmit={(e) => void submit(e)} className="mt-3 grid gap-3 sm:grid-cols-4" aria-label={t`Card details`}>
      <div className="sm:col-span-4">{field('number', t`Card number`, { autoComplete: 'cc-number', maxLength: 23 })}</div>
      {field('expMonth', t`Month (MM)`, { autoComplete: 'cc-exp-month', maxLength: 2 })}
      {field('expYear', t`Year (YYYY)`, { autoComplete: 'cc-exp-year', maxLength: 4 })}
      {field('cvv', 'CVV', { autoComplete: 'cc-csc', maxLength: 4 })}
      <div className="flex items-end">
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? t`Paying…` : again ? t`Try another card` : t`Pay by card`}
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

/** GoPay or ShopeePay: the wallet app opens at the gateway's deep link, and brings the customer back here paid. */
function WalletPayment({ wallet, deepLink, expiresAt }: { wallet: string; deepLink: string; expiresAt: string | null }) {
  return (
    <div className="mt-3 flex flex-col items-center gap-3 sm:items-start">
      <p>
        <Trans>Pay in the {wallet} app: it brings you back here when you are done.</Trans>
      </p>
      <a href={deepLink} className={buttonStyles({ variant: 'primary' })}>
        <Trans>Open {wallet}</Trans>
      </a>
      <Countdown expiresAt={expiresAt} />
    </div>
  );
}

/**
 * A second chance: after the payment ended unpaid (declined, expired) or the service did not answer, the same again or
 * another way; while a QR or virtual account is open, another way (the open one is closed first, so it is paid once).
 */
function OtherWays({ order, methods, open }: { order: Order; methods: readonly PaymentMethod[]; open: boolean }) {
  const { t } = useLingui();
  const pay = usePayOrder();
  const phone = usePhone();
  const [failure, setFailure] = useState<string | null>(null);
  const choose = (method: PaymentMethod) => {
    setFailure(null);
    pay.mutate({ id: order.id, input: { method } }, { onError: (err) => setFailure(errorMessage(err)) });
  };
  const others = offeredMethods(methods, phone).filter((m) => m !== order.paymentMethod && m !== 'card');
  const current = paymentMethodName(order.paymentMethod);
  return (
    <div className="mt-3 flex flex-wrap gap-3">
      {!open && order.paymentMethod !== 'card' && (
        <Button variant="primary" size="sm" onClick={() => choose(order.paymentMethod)} disabled={pay.isPending}>
          <Trans>Try {current} again</Trans>
        </Button>
      )}
      {others.map((m) => {
        const other = paymentMethodName(m);
        return (
          <Button key={m} variant="outline" size="sm" onClick={() => choose(m)} disabled={pay.isPending}>
            {t`Pay by ${other} instead`}
          </Button>
        );
      })}
      {failure && <Alert tone="danger">{failure}</Alert>}
    </div>
  );
}
