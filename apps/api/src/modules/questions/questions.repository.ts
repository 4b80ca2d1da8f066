import type { Question } from '@coffee/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, QuestionTable } from '../../db/schema.js';

export interface NewQuestion {
  productId: number | null;
  productName: string | null;
  userId: number | null;
  name: string;
  contact: string;
  message: string;
  createdAt: string;
}

const toQuestion = (row: Selectable<QuestionTable>): Question => ({
  id: row.id,
  productId: row.product_id,
  productName: row.product_name,
  name: row.name,
  contact: row.contact,
  message: row.message,
  createdAt: row.created_at,
  answeredAt: row.answered_at,
});

export function createQuestionRepository(db: Kysely<Database>) {
  return {
    async insertQuestion(input: NewQuestion, trx?: Transaction<Database>): Promise<Question> {
      const row = await (trx ?? db)
        .insertInto('questions')
        .values({
          product_id: input.productId,
          product_name: input.productName,
          user_id: input.userId,
          name: input.name,
          contact: input.contact,
          message: input.message,
          created_at: input.createdAt,
          answered_at: null,
          answered_by: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toQuestion(row);
    },

    /** Open questions oldest first (the longest waiting on top); answered ones newest first. */
    async listQuestions(status: 'open' | 'answered', limit: number, trx?: Transaction<Database>): Promise<Question[]> {
      const base = (trx ?? db).selectFrom('questions').selectAll();
      const rows =
        status === 'open'
          ? await base.where('answered_at', 'is', null).orderBy('created_at', 'asc').orderBy('id', 'asc').limit(limit).execute()
          : await base.where('answered_at', 'is not', null).orderBy('answered_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toQuestion);
    },

    /** undefined when no question has this id. */
    async setAnswered(
      id: number,
      answered: { at: string; by: number } | null,
      trx?: Transaction<Database>,
    ): Promise<Question | undefined> {
      const row = await (trx ?? db)
        .updateTable('questions')
        .set({ answered_at: answered?.at ?? null, answered_by: answered?.by ?? null })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row ? toQuestion(row) : undefined;
    },
  };
}

export type QuestionRepository = ReturnType<typeof createQuestionRepository>;
