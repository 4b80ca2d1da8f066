import type { Kysely, Transaction } from 'kysely';
import type { OptionGroup, OptionGroupInput } from '@coffee/contract';
import type { Database } from '../../db/schema.js';

/**
 * Option group SQL: the groups, their options, and which products offer them. Every function takes an optional
 * open transaction last; product writes pass theirs so a product and its groups change together.
 */
export function createOptionRepository(db: Kysely<Database>) {
  async function optionsOf(groupIds: readonly number[], trx?: Transaction<Database>) {
    const byGroup = new Map<number, OptionGroup['options']>();
    if (groupIds.length === 0) return byGroup;
    const rows = await (trx ?? db)
      .selectFrom('options')
      .select(['id', 'group_id', 'name', 'price_delta_idr', 'is_default'])
      .where('group_id', 'in', [...new Set(groupIds)])
      .orderBy('group_id')
      .orderBy('position')
      .orderBy('id')
      .execute();
    for (const r of rows) {
      const option = { id: r.id, name: r.name, priceDeltaIdr: Number(r.price_delta_idr), isDefault: r.is_default === 1 };
      const list = byGroup.get(r.group_id);
      if (list) list.push(option);
      else byGroup.set(r.group_id, [option]);
    }
    return byGroup;
  }

  async function listGroups(ids?: readonly number[], trx?: Transaction<Database>): Promise<OptionGroup[]> {
    if (ids?.length === 0) return [];
    let query = (trx ?? db).selectFrom('option_groups').select(['id', 'name', 'min_choices', 'max_choices']);
    if (ids) query = query.where('id', 'in', [...ids]);
    const rows = await query.orderBy('name').orderBy('id').execute();
    const options = await optionsOf(rows.map((r) => r.id), trx);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      minChoices: r.min_choices,
      maxChoices: r.max_choices,
      options: options.get(r.id) ?? [],
    }));
  }

  async function insertOptions(groupId: number, options: OptionGroupInput['options'], trx: Transaction<Database>) {
    for (const [position, o] of options.entries()) {
      if (o.id !== undefined) {
        await trx
          .updateTable('options')
          .set({ name: o.name, price_delta_idr: o.priceDeltaIdr, is_default: o.isDefault ? 1 : 0, position })
          .where('id', '=', o.id)
          .where('group_id', '=', groupId)
          .execute();
      } else {
        await trx
          .insertInto('options')
          .values({ group_id: groupId, name: o.name, price_delta_idr: o.priceDeltaIdr, is_default: o.isDefault ? 1 : 0, position })
          .execute();
      }
    }
  }

  return {
    /** Every group (or those of `ids`), by name, with its options in their order. */
    listGroups,

    async findGroup(id: number, trx?: Transaction<Database>): Promise<OptionGroup | undefined> {
      return (await listGroups([id], trx))[0];
    },

    /** The option ids that belong to the group now. */
    async optionIdsOf(groupId: number, trx?: Transaction<Database>): Promise<number[]> {
      const rows = await (trx ?? db).selectFrom('options').select('id').where('group_id', '=', groupId).execute();
      return rows.map((r) => r.id);
    },

    async insertGroup(input: OptionGroupInput, nowIso: string, trx: Transaction<Database>): Promise<number> {
      const { id } = await trx
        .insertInto('option_groups')
        .values({ name: input.name, min_choices: input.minChoices, max_choices: input.maxChoices, created_at: nowIso, updated_at: nowIso })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertOptions(id, input.options, trx);
      return id;
    },

    /** Replaces name, rules and options; options sent with their id keep it (cart lines name options by id). */
    async replaceGroup(id: number, input: OptionGroupInput, nowIso: string, trx: Transaction<Database>): Promise<void> {
      await trx
        .updateTable('option_groups')
        .set({ name: input.name, min_choices: input.minChoices, max_choices: input.maxChoices, updated_at: nowIso })
        .where('id', '=', id)
        .execute();
      const kept = input.options.flatMap((o) => (o.id === undefined ? [] : [o.id]));
      let removal = trx.deleteFrom('options').where('group_id', '=', id);
      if (kept.length > 0) removal = removal.where('id', 'not in', kept);
      await removal.execute();
      await insertOptions(id, input.options, trx);
    },

    async deleteGroup(id: number, trx?: Transaction<Database>): Promise<boolean> {
      const result = await (trx ?? db).deleteFrom('option_groups').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The groups each product offers, in the product's order. */
    async listGroupsOfProducts(productIds: readonly number[], trx?: Transaction<Database>): Promise<Map<number, OptionGroup[]>> {
      const byProduct = new Map<number, OptionGroup[]>();
      if (productIds.length === 0) return byProduct;
      const links = await (trx ?? db)
        .selectFrom('product_option_groups')
        .select(['product_id', 'group_id'])
        .where('product_id', 'in', [...new Set(productIds)])
        .orderBy('product_id')
        .orderBy('position')
        .execute();
      if (links.length === 0) return byProduct;
      const groups = new Map((await listGroups([...new Set(links.map((l) => l.group_id))], trx)).map((g) => [g.id, g]));
      for (const link of links) {
        const group = groups.get(link.group_id);
        if (!group) continue;
        const list = byProduct.get(link.product_id);
        if (list) list.push(group);
        else byProduct.set(link.product_id, [group]);
      }
      return byProduct;
    },

    /** Replaces the groups a product offers, in this order. */
    async setProductGroups(productId: number, groupIds: readonly number[], trx: Transaction<Database>): Promise<void> {
      await trx.deleteFrom('product_option_groups').where('product_id', '=', productId).execute();
      if (groupIds.length === 0) return;
      await trx
        .insertInto('product_option_groups')
        .values(groupIds.map((groupId, position) => ({ product_id: productId, group_id: groupId, position })))
        .execute();
    },

    /** Which of these ids name a stored group. */
    async existingGroupIds(ids: readonly number[], trx?: Transaction<Database>): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await (trx ?? db).selectFrom('option_groups').select('id').where('id', 'in', [...ids]).execute();
      return new Set(rows.map((r) => r.id));
    },
  };
}

export type OptionRepository = ReturnType<typeof createOptionRepository>;
