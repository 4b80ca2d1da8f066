// Part of `npm run lint`: every API module is a room with one door (docs/architecture.md, "Modules").
//  1. A repository (`modules/<x>/*.repository.ts`) is imported only by files of its own module, tests included,
//     and no file hands a repository on (`export { createXRepository }`, `export * from './x.repository.js'`).
//  2. A module's code names only its own tables in its queries (Kysely's selectFrom, insertInto, updateTable,
//     deleteFrom, joins, and `from`/`join`/`into`/`update` inside sql`...`); TABLE_OWNERS says whose each table is.
//  3. No function in apps/*/src (tests and test helpers aside) is longer than MAX_FUNCTION_LINES: a longer one is doing
//     several things, and is split along what it does.
// `checkRooms` is exported for its test (scripts/check-module-rooms.test.ts), which shows each rule failing.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

/** Every table of db/schema.ts and the one module whose repositories may name it. */
export const TABLE_OWNERS: Readonly<Record<string, string>> = {
  users: 'users',
  setup_links: 'users',
  sessions: 'auth',
  password_reset_tokens: 'auth',
  password_reset_requests: 'auth',
  user_identities: 'auth',
  products: 'products',
  product_sizes: 'products',
  store_sold_out: 'stores',
  option_groups: 'options',
  options: 'options',
  product_option_groups: 'options',
  stores: 'stores',
  slot_counters: 'stores',
  carts: 'cart',
  cart_items: 'cart',
  cart_idempotency_keys: 'cart',
  orders: 'orders',
  order_lines: 'orders',
  order_events: 'orders',
  order_idempotency_keys: 'orders',
  refund_accounts: 'orders',
  order_sales_hours: 'orders',
  order_sales_days: 'orders',
  order_sales_products: 'orders',
  promotions: 'promotions',
  cart_coupons: 'promotions',
  promotion_redemptions: 'promotions',
  member_cards: 'promotions',
  questions: 'questions',
  payment_charges: 'payments',
  push_subscriptions: 'push',
  staff_invitations: 'staff',
  audit_records: 'staff',
  loyalty_settings: 'loyalty',
  loyalty_accounts: 'loyalty',
  loyalty_entries: 'loyalty',
  loyalty_rewards: 'loyalty',
  favourite_drinks: 'favourites',
};

export const MAX_FUNCTION_LINES = 150;

export interface SourceFile {
  /** Relative to the repository root, with forward slashes. */
  path: string;
  text: string;
}

const MODULES = 'apps/api/src/modules/';
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
// Application code whose functions are held to the length limit: apps/<app>/src, tests and test helpers aside.
const isAppSource = (file: string) => /^apps\/[^/]+\/src\//.test(file) && !isTest(file) && !/\/(test|testing)\//.test(file);
const moduleOf = (file: string): string | undefined => (file.startsWith(MODULES) ? file.slice(MODULES.length).split('/')[0] : undefined);
const isRepository = (file: string) => file.startsWith(MODULES) && file.endsWith('.repository.ts');

function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  // Paths are relative to the repository root: one that climbs out of it (none do) names nothing of ours.
  return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier)).replace(/\.js$/, '.ts');
}

const KYSELY_TABLE_CALLS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'mergeInto', 'using']);
const SQL_TABLE = /\b(?:from|join|into|update)\s+"?([a-z_]+)"?/gi;

/** The table a Kysely argument names: 'orders', 'orders as o' or 'orders.id'. */
const tableOfArgument = (text: string): string => text.split(/\s+as\s+|\s/)[0]!.split('.')[0]!;

export function checkRooms(
  files: readonly SourceFile[],
  tables: Readonly<Record<string, string>> = TABLE_OWNERS,
  maxLines = MAX_FUNCTION_LINES,
): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true);
    const owner = moduleOf(file.path);
    const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    const where = (node: ts.Node) => `${file.path}:${line(node)}`;

    const visit = (node: ts.Node) => {
      // 1. Repositories stay in their room.
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        const target = resolveSpecifier(file.path, node.moduleSpecifier.text);
        if (target && isRepository(target)) {
          if (moduleOf(target) !== owner) {
            problems.push(`${where(node)}: imports ${target}; another module's repository is reached only through its service (<name>.service.ts)`);
          }
          if (ts.isExportDeclaration(node) && !isRepository(file.path)) {
            const names = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements.map((e) => e.name.text) : ['*'];
            const handedOn = names.filter((name) => name === '*' || /Repository$/.test(name));
            if (handedOn.length > 0) problems.push(`${where(node)}: re-exports ${handedOn.join(', ')} of ${target}; a module's door never hands on its repository`);
          }
        }
      }
      if (ts.isExportSpecifier(node) && !isRepository(file.path) && /^create\w*Repository$/.test((node.propertyName ?? node.name).text)) {
        problems.push(`${where(node)}: exports ${node.name.text}; a module's door never hands on its repository`);
      }
      // 2. Queries name only the module's own tables (code of a module; tests build their state as they need).
      if (owner && !isTest(file.path)) {
        if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && KYSELY_TABLE_CALLS.has(node.expression.name.text)) {
          const [first] = node.arguments;
          if (first && ts.isStringLiteralLike(first)) {
            const table = tableOfArgument(first.text);
            const tableOwner = tables[table];
            if (tableOwner === undefined) problems.push(`${where(node)}: names the table ${table}, which TABLE_OWNERS (scripts/check-module-rooms.ts) gives to no module`);
            else if (tableOwner !== owner) problems.push(`${where(node)}: the ${owner} module names ${table}, a table of the ${tableOwner} module: ask its service`);
          }
        }
        if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') {
          for (const match of node.template.getText(source).matchAll(SQL_TABLE)) {
            const table = match[1]!.toLowerCase();
            const tableOwner = tables[table];
            if (tableOwner !== undefined && tableOwner !== owner) problems.push(`${where(node)}: the ${owner} module's sql names ${table}, a table of the ${tableOwner} module: ask its service`);
          }
        }
      }
      // 3. No function longer than maxLines.
      if (isAppSource(file.path) && (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node))) {
        const lines = source.getLineAndCharacterOfPosition(node.getEnd()).line - source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        const name = (node as ts.FunctionLikeDeclaration).name?.getText(source) ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText(source) : '(anonymous)');
        if (lines > maxLines) problems.push(`${where(node)}: ${name} is ${lines} lines, over ${maxLines}: split it along what it does`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return problems;
}

/** Every table of the Database interface in db/schema.ts. */
export function schemaTables(schemaText: string): string[] {
  const body = /export interface Database \{([^}]*)\}/.exec(schemaText)?.[1] ?? '';
  return [...body.matchAll(/^\s*([a-z_]+):/gm)].map((m) => m[1]!);
}

function listSources(root: string, dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name.startsWith('dist') ? [] : listSources(root, relative);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [relative] : [];
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const files = ['apps/api/src', 'apps/web/src', 'bench', 'e2e'].flatMap((dir) => listSources(root, dir)).map((file) => ({ path: file, text: fs.readFileSync(path.join(root, file), 'utf8') }));
  const problems = checkRooms(files, TABLE_OWNERS, MAX_FUNCTION_LINES);
  const unowned = schemaTables(fs.readFileSync(path.join(root, 'apps/api/src/db/schema.ts'), 'utf8')).filter((table) => !(table in TABLE_OWNERS));
  for (const table of unowned) problems.push(`apps/api/src/db/schema.ts: the table ${table} has no owner in TABLE_OWNERS (scripts/check-module-rooms.ts)`);
  if (problems.length > 0) {
    console.error(`Modules out of their rooms (${problems.length}):\n\n  ${problems.join('\n  ')}\n`);
    process.exit(1);
  }
  console.log(`Every module keeps to its rooms: ${files.length} files, ${Object.keys(TABLE_OWNERS).length} tables, no function over ${MAX_FUNCTION_LINES} lines.`);
}
