import { z } from 'zod';
import { dataOf, idInput } from './common.js';
import { QUESTION_CONTACT_MAX_LENGTH, QUESTION_MESSAGE_MAX_LENGTH, QUESTION_NAME_MAX_LENGTH } from './question-limits.js';

export const AskQuestionInput = z
  .object({
    productId: idInput(/*i18n*/ 'must be a product id')
      .optional()
      .describe('The product the question is about (its page), if any'),
    name: z
      .string({ error: /*i18n*/ 'is required' })
      .trim()
      .min(1, /*i18n*/ 'is required')
      .max(QUESTION_NAME_MAX_LENGTH, /*i18n*/ 'must be at most 80 characters')
      .describe('Who asks, as staff should greet them'),
    contact: z
      .string({ error: /*i18n*/ 'is required' })
      .trim()
      .min(3, /*i18n*/ 'is required: an email address or phone number so we can answer')
      .max(QUESTION_CONTACT_MAX_LENGTH, /*i18n*/ 'must be at most 120 characters')
      .describe('An email address or phone number staff answer to'),
    message: z
      .string({ error: /*i18n*/ 'is required' })
      .trim()
      .min(1, /*i18n*/ 'is required')
      .max(QUESTION_MESSAGE_MAX_LENGTH, /*i18n*/ 'must be at most 1000 characters')
      .describe(`The question, at most ${QUESTION_MESSAGE_MAX_LENGTH} characters`),
  })
  .meta({ id: 'AskQuestionInput', description: 'A question for the shop staff' });
export type AskQuestionInput = z.infer<typeof AskQuestionInput>;

export const Question = z
  .object({
    id: z.number().int().describe('The question\'s number'),
    productId: z.number().int().nullable().describe('The product asked about; null when none, or removed since'),
    productName: z.string().nullable().describe('The product\'s name when the question was asked'),
    name: z.string().describe('Who asked, as they gave their name'),
    contact: z.string().describe('The email address or phone number to answer to'),
    message: z.string().describe('The question as the customer wrote it'),
    createdAt: z.string().describe('When it was asked (ISO 8601)'),
    answeredAt: z.string().nullable().describe('When staff marked it answered; null while open'),
  })
  .meta({ id: 'Question', description: 'A customer question from a product page' });
export type Question = z.infer<typeof Question>;

export const QuestionResponse = dataOf(Question, 'The question').describe('The question');
export const QuestionListResponse = dataOf(z.array(Question), 'The questions, oldest first').describe(
  'The questions with the asked status, oldest first',
);
export type QuestionListResponse = z.infer<typeof QuestionListResponse>;

export const ListQuestionsQuery = z.object({
  status: z
    .enum(['open', 'answered'], { error: () => /*i18n*/ 'must be open or answered' })
    .default('open')
    .describe('open (default): questions still waiting for an answer; answered: those staff marked answered'),
});

export const UpdateQuestionInput = z
  .object({ answered: z.boolean({ error: /*i18n*/ 'must be true or false' }).describe('true marks it answered; false opens it again') })
  .meta({ id: 'UpdateQuestionInput', description: 'Mark a question answered (or open again)' });
export type UpdateQuestionInput = z.infer<typeof UpdateQuestionInput>;
