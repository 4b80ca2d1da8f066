import type { AskQuestionInput, Question } from '@coffee/contract';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { createQuestionRepository } from './questions.repository.js';

export interface QuestionServiceDeps {
  /** The module builds its own repository over it: only this module touches questions. */
  db: Kysely<Database>;
  /** The live product's name, or undefined when there is none with this id (the products module answers it). */
  productName: (id: number) => Promise<string | undefined>;
  mailer: Pick<Mailer, 'sendLater'>;
  /** Where questions are mailed (SHOP_EMAIL, else MAIL_FROM's address). */
  shopEmail: string;
  /** Staff open the questions from here, in the mail. */
  publicUrl: string;
  now: () => Date;
}

/** The staff screen shows at most this many; the oldest open ones first, so none is starved. */
const LIST_LIMIT = 200;

/**
 * "Ask a Staff" when the shop has no chat link: a question is kept for the staff orders screen and mailed to the
 * shop, so it reaches someone whether staff are at the counter or at their mail. Answering happens outside the
 * shop (by mail or phone to the contact given); staff only mark a question answered.
 */
export function createQuestionService(deps: QuestionServiceDeps) {
  const { now } = deps;
  const questionRepository = createQuestionRepository(deps.db);
  return {
    async askQuestion(input: AskQuestionInput, asker: { userId: number | null }): Promise<Question> {
      let productName: string | null = null;
      if (input.productId !== undefined) {
        productName = (await deps.productName(input.productId)) ?? null;
        if (productName === null) throw badRequest(/*i18n*/ 'That product is no longer on the menu. Please ask about another one.', 'productId');
      }
      const question = await questionRepository.insertQuestion({
        productId: input.productId ?? null,
        productName,
        userId: asker.userId,
        name: input.name,
        contact: input.contact,
        message: input.message,
        createdAt: now().toISOString(),
      });
      // After the row is saved, never in the answer's way: the staff screen has it even if the mail is slow or fails.
      deps.mailer.sendLater({
        to: deps.shopEmail,
        subject: productName ? `Question about ${productName} from ${question.name}` : `Question from ${question.name}`,
        text: [
          `${question.name} (${question.contact}) asks${productName ? ` about ${productName}` : ''}:`,
          '',
          question.message,
          '',
          `Answer them at ${question.contact}, then mark the question answered: ${deps.publicUrl}/staff/orders`,
        ].join('\n'),
      });
      return question;
    },

    listQuestions(status: 'open' | 'answered'): Promise<Question[]> {
      return questionRepository.listQuestions(status, LIST_LIMIT);
    },

    async markAnswered(rawId: string, answered: boolean, staffId: number): Promise<Question> {
      const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : null;
      const updated = id === null ? undefined : await questionRepository.setAnswered(id, answered ? { at: now().toISOString(), by: staffId } : null);
      if (!updated) throw notFound(/*i18n*/ 'This question is not there any more. Please reload the list.');
      return updated;
    },
  };
}

export type QuestionService = ReturnType<typeof createQuestionService>;
