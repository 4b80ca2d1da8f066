import { Trans } from '@lingui/react/macro';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { formatShopMoment } from '../../../lib/shop-time';
import { useMarkQuestionAnswered, useOpenQuestions } from '../api/get-questions';

const ASKED: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' };

/**
 * Staff: the customers' open questions (Ask a Staff), oldest first, with the product named. Staff answer by mail or
 * phone to the contact given, then mark the question answered, which takes it off the list. When each was asked is on
 * the shop's clock (`timeZone`, from GET /shop).
 */
export function QuestionsPanel({ timeZone }: { timeZone?: string | undefined }) {
  const questions = useOpenQuestions();
  const markAnswered = useMarkQuestionAnswered();
  const open = questions.data ?? [];
  const count = open.length;

  return (
    <section aria-labelledby="questions-heading" className="mx-auto max-w-7xl px-4 pt-8 pb-12 sm:px-6 lg:px-8">
      <h2 id="questions-heading" className="font-display text-2xl font-bold text-espresso">
        {count > 0 ? <Trans>Questions ({count})</Trans> : <Trans>Questions</Trans>}
      </h2>
      {questions.isError && (
        <Alert tone="danger" className="mt-4">
          {errorMessage(questions.error)}
        </Alert>
      )}
      {markAnswered.isError && (
        <Alert tone="danger" className="mt-4" onClose={() => markAnswered.reset()}>
          {errorMessage(markAnswered.error)}
        </Alert>
      )}
      {questions.isSuccess && open.length === 0 && <p className="mt-3 text-muted"><Trans>No open questions from customers.</Trans></p>}
      {open.length > 0 && (
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {open.map((question) => {
            const asker = question.name;
            const productName = question.productName;
            return (
              <li key={question.id} className="rounded-3xl bg-white p-5 shadow-card">
                <article aria-labelledby={`question-${question.id}`}>
                  <h3 id={`question-${question.id}`} className="font-display text-lg font-bold text-ink">
                    {productName ? <Trans>About {productName}</Trans> : <Trans>A question</Trans>}
                  </h3>
                  <p className="mt-1 text-sm text-muted">
                    {question.name} · {question.contact} · {formatShopMoment(question.createdAt, ASKED, timeZone)}
                  </p>
                  <p className="mt-3 whitespace-pre-line text-ink">{question.message}</p>
                  <Button
                    variant="outline"
                    size="sm"
                    className="mt-4"
                    disabled={markAnswered.isPending && markAnswered.variables === question.id}
                    onClick={() => markAnswered.mutate(question.id)}
                  >
                    <Trans>
                      Mark answered<span className="sr-only">: {asker}'s question</span>
                    </Trans>
                  </Button>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
