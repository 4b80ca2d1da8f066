import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QuestionListResponse, QuestionResponse } from '@coffee/contract';
import type { Question } from '@coffee/contract';
import { apiGet, apiRequest } from '../../../lib/api-client';

/** GET /api/v1/questions (staff): the open questions, oldest first. */
export async function getOpenQuestions(signal?: AbortSignal): Promise<Question[]> {
  const { data } = await apiGet('/questions', { params: { status: 'open' }, schema: QuestionListResponse, signal });
  return data;
}

export const openQuestionsQueryOptions = () =>
  queryOptions({
    queryKey: ['questions', 'open'] as const,
    queryFn: ({ signal }) => getOpenQuestions(signal),
    // Staff keep the orders screen open: new questions show up without a reload.
    refetchInterval: 30_000,
  });

export function useOpenQuestions() {
  return useQuery(openQuestionsQueryOptions());
}

/** PATCH /api/v1/questions/:id (staff): marks it answered; the open list is fetched again. */
export async function markQuestionAnswered(id: number): Promise<Question> {
  const { data } = await apiRequest(`/questions/${id}`, { method: 'PATCH', body: { answered: true }, schema: QuestionResponse });
  return data;
}

export function useMarkQuestionAnswered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markQuestionAnswered,
    onSettled: () => queryClient.invalidateQueries({ queryKey: openQuestionsQueryOptions().queryKey }),
  });
}
