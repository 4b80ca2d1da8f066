import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { PaymentMethod, VaBank } from '@coffee/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { offeredMethods, usePhone } from '../../../lib/phone';
import { PaymentMethodCard } from './checkout-cards';
import type { CheckoutShop } from './checkout-cards';
import { VaBankChoice } from './va-bank-choice';

/** How the customer pays: QRIS first with a gateway (any e-wallet or bank app pays it); without one, Bank Account. */
export function usePaymentChoice(shop: CheckoutShop | undefined) {
  const gateway = shop?.payments?.gateway ?? null;
  const [payment, setPayment] = useState<PaymentMethod>(gateway ? 'qris' : 'bank-account');
  const [bank, setBank] = useState<VaBank>('bca');
  return { gateway, payment, setPayment, bank, setBank };
}

type PaymentChoiceProps = {
  shop: CheckoutShop | undefined;
  choice: ReturnType<typeof usePaymentChoice>;
  failure: string | null;
  onDismissFailure: () => void;
  onConfirm: () => void;
  placing: boolean;
  disabled: boolean;
  orderable: boolean;
};

/** The Payment Method card: the methods this device can use, the virtual account's bank, and "Confirm and pay". */
export function PaymentChoice({ shop, choice, failure, onDismissFailure, onConfirm, placing, disabled, orderable }: PaymentChoiceProps): ReactNode {
  const phone = usePhone();
  const { t } = useLingui();
  const { gateway, payment, setPayment, bank, setBank } = choice;
  return (
    <PaymentMethodCard value={payment} onChange={setPayment} methods={offeredMethods(shop?.payments?.methods, phone)}>
      {gateway && payment === 'bank-account' && <VaBankChoice value={bank} onChange={setBank} />}
      {failure && (
        <Alert tone="danger" onClose={onDismissFailure} className="mt-6">
          {failure}
        </Alert>
      )}
      <Button
        variant="primary"
        size="lg"
        shape="soft"
        onClick={onConfirm}
        disabled={disabled}
        aria-describedby={orderable ? undefined : 'nothing-to-order'}
        className="mt-6 w-full font-bold"
      >
        {placing ? t`Placing your order…` : t`Confirm and pay`}
      </Button>
      {!orderable && (
        <p id="nothing-to-order" className="mt-3 text-sm text-muted">
          <Trans>Nothing in your cart can be ordered right now.</Trans>
        </p>
      )}
    </PaymentMethodCard>
  );
}
