import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-app.js';
import { isUniqueViolation } from './errors.js';

/** The driver's own error for a statement, or undefined when it ran. */
async function failureOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
    return undefined;
  } catch (err) {
    return err;
  }
}

describe('isUniqueViolation, on the database of this run', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
    const { db } = test.database;
    await sql`create table racers (id integer primary key, name varchar(20) not null, nick varchar(20))`.execute(db);
    await sql`create unique index racers_name_idx on racers (name)`.execute(db);
    await sql`create unique index racers_nick_idx on racers (nick)`.execute(db);
    await sql`insert into racers (id, name, nick) values (1, 'first', 'one')`.execute(db);
  });
  afterAll(() => test.drop());

  const insert = (id: number, name: string | null, nick: string) => () =>
    sql`insert into racers (id, name, nick) values (${id}, ${name}, ${nick})`.execute(test.database.db);

  it('knows a second row with the same unique value, and which index refused it', async () => {
    const err = await failureOf(insert(2, 'first', 'two'));
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation(err, { postgres: 'racers_name_idx', sqlite: 'racers.name' })).toBe(true);
    expect(isUniqueViolation(err, { postgres: 'racers_nick_idx', sqlite: 'racers.nick' })).toBe(false);
  });

  it('knows a repeated primary key', async () => {
    expect(isUniqueViolation(await failureOf(insert(1, 'other', 'three')))).toBe(true);
  });

  it('is false for every other failure, and for what is not a driver error', async () => {
    expect(isUniqueViolation(await failureOf(insert(3, null, 'four')))).toBe(false);
    expect(isUniqueViolation(new Error('UNIQUE constraint failed'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
