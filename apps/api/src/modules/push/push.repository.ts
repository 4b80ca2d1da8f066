import type { PushDevice } from '@coffee/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, PushSubscriptionTable } from '../../db/schema.js';

/** What a push is sent with: the endpoint and the device's keys (never shown to anyone). */
export interface PushTarget {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface NewSubscription {
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string;
  createdAt: string;
}

const toDevice = (row: Selectable<PushSubscriptionTable>): PushDevice => ({
  id: row.id,
  device: row.device,
  createdAt: row.created_at,
  lastSentAt: row.last_sent_at,
  endpoint: row.endpoint,
});

/** The only code that touches push_subscriptions (modules/push is a room with one door: push.service.ts). */
export function createPushRepository(db: Kysely<Database>) {
  return {
    /**
     * Keeps the subscription under `userId`: a new endpoint gets a row, a known one (the same device turned on again,
     * or by another account signed in on it) gets its keys and owner replaced, so a device is never told twice.
     */
    async upsert(input: NewSubscription): Promise<PushDevice> {
      const row = await db
        .insertInto('push_subscriptions')
        .values({
          user_id: input.userId,
          endpoint: input.endpoint,
          p256dh: input.p256dh,
          auth: input.auth,
          device: input.device,
          created_at: input.createdAt,
        })
        .onConflict((oc) =>
          oc.column('endpoint').doUpdateSet({
            user_id: input.userId,
            p256dh: input.p256dh,
            auth: input.auth,
            device: input.device,
            created_at: input.createdAt,
          }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      return toDevice(row);
    },

    async listForUser(userId: number): Promise<PushDevice[]> {
      const rows = await db
        .selectFrom('push_subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toDevice);
    },

    async targetsOf(userId: number): Promise<PushTarget[]> {
      return db
        .selectFrom('push_subscriptions')
        .select(['id', 'endpoint', 'p256dh', 'auth'])
        .where('user_id', '=', userId)
        .execute();
    },

    /** True when the user had that device. */
    async removeForUser(userId: number, id: number): Promise<boolean> {
      const result = await db.deleteFrom('push_subscriptions').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The push service said the subscription is gone (404/410). */
    async remove(id: number): Promise<void> {
      await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
    },

    async markSent(id: number, at: string): Promise<void> {
      await db.updateTable('push_subscriptions').set({ last_sent_at: at }).where('id', '=', id).execute();
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
