import { useMutation } from '@tanstack/react-query';
import type { AskQuestionInput, Question } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/questions: anyone may ask; the shop's staff see it on their orders screen and by mail. */
export async function askQuestion(input: AskQuestionInput): Promise<Question> {
  // Asked from the product page: the schema is imported lazily, so that page loads without zod.
  const schema = () => import('@coffee/contract').then((contract) => contract.QuestionResponse);
  const { data } = await apiRequest('/questions', { method: 'POST', body: input, schema, on401: 'ignore' });
  return data;
}

export function useAskQuestion() {
  return useMutation({ mutationFn: askQuestion });
}
