import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../../test/test-app.js';
import { migrateToLatest } from '../migrate.js';

let test: TestDatabase | undefined;
afterAll(async () => {
  await test?.drop();
});

const at = '2026-11-20T03:00:00.000Z';
const insertUser = (email: string, language?: string) =>
  language === undefined
    ? sql`insert into users (email, password_hash, role, created_at, updated_at) values (${email}, null, 'customer', ${at}, ${at})`
    : sql`insert into users (email, password_hash, role, language, created_at, updated_at) values (${email}, null, 'customer', ${language}, ${at}, ${at})`;

describe("migration 030: the customer's language", () => {
  it(`reads English for every account made before it, and holds only en or id (${testDialect})`, async () => {
    test = await createTestDatabase({ upTo: '028-wallet-payments' });
    const db = test.database.db;
    await insertUser('before@example.com').execute(db);

    expect(await migrateToLatest(test.database)).toContain('030-user-language');
    await insertUser('new@example.com').execute(db);
    await insertUser('baru@example.com', 'id').execute(db);
    const rows = await sql<{ email: string; language: string }>`select email, language from users order by id`.execute(db);
    expect(rows.rows).toEqual([
      { email: 'before@example.com', language: 'en' },
      { email: 'new@example.com', language: 'en' },
      { email: 'baru@example.com', language: 'id' },
    ]);
    await expect(insertUser('fr@example.com', 'fr').execute(db)).rejects.toThrow();
    await expect(sql`update users set language = null where email = 'new@example.com'`.execute(db)).rejects.toThrow();
  }, 60_000);
});
