import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useIssueMemberCard } from '../api/issue-member-card';

/** Staff at the counter give the customer a member card (the card that member coupons need). */
export function IssueMemberCard({ customerId }: { customerId: number }) {
  const issue = useIssueMemberCard();
  return (
    <div className="flex flex-col gap-1">
      <Button variant="outline" size="sm" disabled={issue.isPending} onClick={() => issue.mutate(customerId)}>
        Issue member card
      </Button>
      <p role="status" className="min-h-5 text-sm text-muted">
        {issue.isSuccess
          ? `Member card ${issue.data.number}${issue.data.issuedBy === 'threshold' ? ' (the customer already had it)' : ''}`
          : issue.isError
            ? errorMessage(issue.error)
            : ''}
      </p>
    </div>
  );
}
