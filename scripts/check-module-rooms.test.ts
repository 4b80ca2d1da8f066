import { describe, expect, it } from 'vitest';
import { checkRooms, MAX_FUNCTION_LINES, schemaTables, type SourceFile } from './check-module-rooms.js';

const file = (path: string, text: string): SourceFile => ({ path, text });
const OWNERS = { orders: 'orders', order_lines: 'orders', users: 'users', carts: 'cart' };

describe('the rooms check (npm run lint)', () => {
  it('passes a module that imports another through its service and queries its own tables', () => {
    const problems = checkRooms(
      [
        file('apps/api/src/modules/orders/orders.repository.ts', "export const q = (db) => db.selectFrom('orders as o').innerJoin('order_lines', 'x', 'y');"),
        file('apps/api/src/modules/orders/orders.service.ts', "import { createOrderRepository } from './orders.repository.js';\nimport type { UserService } from '../users/users.service.js';"),
      ],
      OWNERS,
    );
    expect(problems).toEqual([]);
  });

  it("fails on an import of another module's repository, from a module, the app or a test alike", () => {
    const problems = checkRooms(
      [
        file('apps/api/src/modules/orders/orders.service.ts', "import { createCartRepository } from '../cart/cart.repository.js';"),
        file('apps/api/src/app.ts', "import { createCartRepository } from './modules/cart/cart.repository.js';"),
        file('apps/api/src/seed/load.test.ts', "import type { CartRepository } from '../modules/cart/cart.repository.js';"),
      ],
      OWNERS,
    );
    expect(problems).toHaveLength(3);
    for (const problem of problems) expect(problem).toMatch(/imports apps\/api\/src\/modules\/cart\/cart\.repository\.ts; another module's repository/);
  });

  it('fails on a door that hands its repository on, by re-export or by name', () => {
    const problems = checkRooms(
      [
        file('apps/api/src/modules/cart/cart.service.ts', "export { createCartRepository, type CartRecord } from './cart.repository.js';"),
        file('apps/api/src/modules/users/users.service.ts', "export * from './users.repository.js';"),
        file('apps/api/src/modules/orders/orders.service.ts', "import { createOrderRepository } from './orders.repository.js';\nexport { createOrderRepository };"),
      ],
      OWNERS,
    );
    expect(problems).toEqual([
      expect.stringMatching(/cart\.service\.ts:1: re-exports createCartRepository of .*; a module's door never hands on its repository/),
      expect.stringMatching(/cart\.service\.ts:1: exports createCartRepository; a module's door never hands on its repository/),
      expect.stringMatching(/users\.service\.ts:1: re-exports \* of /),
      expect.stringMatching(/orders\.service\.ts:2: exports createOrderRepository/),
    ]);
  });

  it("fails on a query naming another module's table, in Kysely or in sql, and on a table nobody owns", () => {
    const problems = checkRooms(
      [
        file(
          'apps/api/src/modules/orders/orders.repository.ts',
          [
            "const a = (db) => db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id');",
            "const b = (db) => db.selectFrom('orders').select(sql`(select min(id) from carts)`);",
            "const c = (db) => db.insertInto('audit_log');",
          ].join('\n'),
        ),
      ],
      OWNERS,
    );
    expect(problems).toEqual([
      expect.stringMatching(/orders\.repository\.ts:1: the orders module names users, a table of the users module/),
      expect.stringMatching(/orders\.repository\.ts:2: the orders module's sql names carts, a table of the cart module/),
      expect.stringMatching(/orders\.repository\.ts:3: names the table audit_log, which TABLE_OWNERS .* gives to no module/),
    ]);
  });

  it('fails on a function of more than 150 lines in apps/*/src, and leaves tests, helpers and other folders alone', () => {
    const fn = (bodyLines: number) => `export const createThing = () => {\n${'  const x = 1;\n'.repeat(bodyLines)}};\n`;
    expect(MAX_FUNCTION_LINES).toBe(150);
    expect(checkRooms([file('apps/web/src/lib/thing.ts', fn(148))], OWNERS)).toEqual([]);
    expect(checkRooms([file('apps/web/src/lib/thing.ts', fn(149))], OWNERS)).toEqual([
      expect.stringMatching(/apps\/web\/src\/lib\/thing\.ts:1: createThing is 151 lines, over 150/),
    ]);
    const long = fn(200);
    expect(checkRooms([file('apps/api/src/lib/thing.test.ts', long)], OWNERS)).toEqual([]);
    expect(checkRooms([file('apps/api/src/test/thing.ts', long)], OWNERS)).toEqual([]);
    expect(checkRooms([file('bench/thing.ts', long)], OWNERS)).toEqual([]);
  });

  it("reads every table of the schema's Database interface", () => {
    expect(schemaTables('export interface Database {\n  orders: OrderTable;\n  order_lines: OrderLineTable;\n}')).toEqual(['orders', 'order_lines']);
  });
});
