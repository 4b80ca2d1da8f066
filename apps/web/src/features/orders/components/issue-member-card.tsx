import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useIssueMemberCard } from '../api/issue-member-card';

/** Staff at the counter give the customer a member card (the card that member coupons need). */
export function IssueMemberCard({ customerId }: { customerId: number }) {
  const { t } = useLingui();
  const issue = useIssueMemberCard();
  const number = issue.data?.number ?? '';
  return (
    <div className="flex flex-col gap-1">
      <Button variant="outline" size="sm" disabled={issue.isPending} onClick={() => issue.mutate(customerId)}>
        <Trans>Issue member card</Trans>
      </Button>
      <p role="status" className="min-h-5 text-sm text-muted">
        {issue.isSuccess
          ? issue.data.issuedBy === 'threshold'
            ? t`Member card ${number} (the customer already had it)`
            : t`Member card ${number}`
          : issue.isError
            ? errorMessage(issue.error)
            : ''}
      </p>
    </div>
  );
}
