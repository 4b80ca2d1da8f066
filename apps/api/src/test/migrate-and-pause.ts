// A child process for the interrupted-migration test (db/migrate.interrupted.test.ts): runs the shop's own
// migrateToLatest on the database named in MIGRATE_DATABASE (openDatabase's options as JSON), and once a statement
// matching PAUSE_AFTER has run, says "paused" and waits for ever: the test kills it there with SIGKILL.
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

const pauseAfter = new RegExp(process.env.PAUSE_AFTER ?? '^$', 'i');
const database = openDatabase(JSON.parse(process.env.MIGRATE_DATABASE ?? '{}') as Parameters<typeof openDatabase>[0]);
const watched = new Set<string>();

/** The SQL text of a raw statement (the rebuild's statements are all raw); other nodes are not watched. */
const textOf = (node: RootOperationNode): string =>
  node.kind === 'RawNode' ? node.sqlFragments.join('?') : '';

const pausing: KyselyPlugin = {
  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (pauseAfter.test(textOf(node))) watched.add(queryId.queryId);
    return node;
  },
  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (watched.has(queryId.queryId)) {
      process.stdout.write('paused\n');
      await new Promise(() => {});
    }
    return result;
  },
};

await migrateToLatest({ ...database, db: database.db.withPlugin(pausing) });
process.stdout.write('finished\n');
await database.destroy();
