import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { ApiError, errorMessage } from '../../../lib/api-client';

/**
 * An order page whose order did not load, with a way back to the list: a missing order (404) is said so, with
 * nothing to retry; any other failure can be tried again.
 */
export function OrderNotLoaded({
  order,
  missing,
  failedTitle,
  backHref,
  backLabel,
}: {
  order: { error: Error; refetch: () => unknown; isFetching: boolean };
  /** What a missing order is called; without `message`, the server's own words. */
  missing: { title: string; message?: string };
  failedTitle: string;
  backHref: string;
  backLabel: string;
}) {
  const notFound = order.error instanceof ApiError && order.error.isNotFound;
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <ErrorState
        title={notFound ? missing.title : failedTitle}
        message={(notFound && missing.message) || errorMessage(order.error)}
        {...(notFound ? {} : { onRetry: () => void order.refetch(), retrying: order.isFetching })}
      >
        <Link to={backHref} className={buttonStyles({ variant: 'outline', size: 'sm' })}>
          {backLabel}
        </Link>
      </ErrorState>
    </div>
  );
}
