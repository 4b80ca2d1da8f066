import { useMutation } from '@tanstack/react-query';
import type { AskQuestionInput, Question } from '@coffee/contract';
import { apiRequest } from '../../../lib/api-client';
import { contractSchema } from '../../../lib/contract-schema';

/** POST /api/v1/questions: anyone may ask; the shop's staff see it on their orders screen and by mail. */
export async function askQuestion(input: AskQuestionInput): Promise<Question> {
  // Asked from the product page: named, so that page loads without zod.
  const schema = contractSchema('QuestionResponse');
  const { data } = await apiRequest('/questions', { method: 'POST', body: input, schema, on401: 'ignore' });
  return data;
}

export function useAskQuestion() {
  return useMutation({ mutationFn: askQuestion });
}
