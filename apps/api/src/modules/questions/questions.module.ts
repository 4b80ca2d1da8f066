import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type ModuleContext } from '../../plugins/module-context.js';
import type { ProductService } from '../products/products.service.js';
import { questionRoutes } from './questions.routes.js';
import { createQuestionService, type QuestionService } from './questions.service.js';

/** Questions one client address may send per RATE_LIMIT_WINDOW_MINUTES: enough for a family, not for a flood of mail. */
const QUESTIONS_PER_ADDRESS = 5;

/** "Ask a Staff" without a chat link: owns `questions`, kept for the staff orders screen and mailed to the shop. */
export async function questionsModule(app: FastifyInstance, ctx: ModuleContext & { products: ProductService }): Promise<QuestionService> {
  const { config, products } = ctx;
  const questions = createQuestionService({
    db: ctx.db,
    productName: async (id) => (await products.getProduct(String(id)).catch(() => undefined))?.name,
    mailer: ctx.mailer,
    shopEmail: config.shopEmail,
    publicUrl: config.publicUrl,
    now: ctx.now,
  });
  await app.register(questionRoutes, { prefix: API_PREFIX, questions, limit: { max: QUESTIONS_PER_ADDRESS, windowMs: config.rateLimits.windowMs } });
  return questions;
}
