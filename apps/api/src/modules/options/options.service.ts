import type { Kysely, Transaction } from 'kysely';
import type { ChosenOption, OptionGroup, OptionGroupInput } from '@coffee/contract';
import type { Database } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Text } from '../../lib/i18n.js';
import { createOptionRepository } from './options.repository.js';

export type ResolvedOptions =
  | { ok: true; options: ChosenOption[]; optionIds: number[]; deltaIdr: number }
  | { ok: false; message: Text };

/**
 * Names as the values of "{several, select, yes {{rest} or {last}} other {{last}}}": "Hot, Iced or Blended" in
 * English, the conjunction in the reader's language (a select, not a plural: Indonesian has no "one" form).
 */
const listOf = (names: readonly string[]) => ({ several: names.length > 1 ? 'yes' : 'no', rest: names.slice(0, -1).join(', '), last: names.at(-1) ?? '' });

/**
 * The options a line gets: the chosen ids checked against the product's groups, with the defaults of every
 * group none of whose options was named (absent ids: every default), so clients that know nothing of options
 * still order. Refuses an id the product does not offer and a group with too few or too many choices.
 */
export function resolveOptions(productName: string, groups: readonly OptionGroup[], optionIds: readonly number[] | undefined): ResolvedOptions {
  const wanted = new Set(optionIds ?? []);
  const options: ChosenOption[] = [];
  for (const group of groups) {
    const named = group.options.filter((o) => wanted.has(o.id));
    for (const o of named) wanted.delete(o.id);
    const chosen = named.length > 0 ? named : group.options.filter((o) => o.isDefault);
    if (chosen.length < group.minChoices) {
      return {
        ok: false,
        message:
          group.minChoices === 1
            ? /*i18n*/ {
                id: 'Choose the {group} for {product}: {several, select, yes {{rest} or {last}} other {{last}}}',
                values: { group: group.name.toLowerCase(), product: productName, ...listOf(group.options.map((o) => o.name)) },
              }
            : /*i18n*/ {
                id: 'Choose at least {min} of {group} for {product}',
                values: { min: group.minChoices, group: group.name, product: productName },
              },
      };
    }
    if (chosen.length > group.maxChoices) {
      return {
        ok: false,
        message:
          group.maxChoices === 1
            ? /*i18n*/ { id: 'Choose only one {group} for {product}', values: { group: group.name.toLowerCase(), product: productName } }
            : /*i18n*/ {
                id: 'Choose at most {max} of {group} for {product}',
                values: { max: group.maxChoices, group: group.name, product: productName },
              },
      };
    }
    for (const o of chosen) {
      options.push({ optionId: o.id, groupId: group.id, groupName: group.name, name: o.name, priceDeltaIdr: o.priceDeltaIdr });
    }
  }
  if (wanted.size > 0) {
    return {
      ok: false,
      message:
        groups.length === 0
          ? /*i18n*/ { id: '{product} has no options to choose', values: { product: productName } }
          : /*i18n*/ {
              id: 'That option is not offered for {product}: choose from its {several, select, yes {{rest} or {last}} other {{last}}} options',
              values: { product: productName, ...listOf(groups.map((g) => g.name.toLowerCase())) },
            },
    };
  }
  return {
    ok: true,
    options,
    optionIds: options.map((o) => o.optionId).sort((a, b) => a - b),
    deltaIdr: options.reduce((sum, o) => sum + o.priceDeltaIdr, 0),
  };
}

/** Group ids are positive integers that fit the `integer` column of both databases. */
function parseGroupId(raw: string): number | null {
  if (!/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

export interface OptionServiceDeps {
  /** The module builds its own repository over it: only this module touches option_groups, options and product_option_groups. */
  db: Kysely<Database>;
  /**
   * Product answers show their groups: a group change must drop the cached catalogue answers, in every process
   * before the change is answered (so a client reading from another process next sees it).
   */
  onCatalogueChange?: (() => void | Promise<void>) | undefined;
  now?: (() => Date) | undefined;
}

/** What products and the cart ask of the options module: the groups each product offers, and setting them. */
export interface ProductOptionGroups {
  /** The groups each product offers, in the product's order (products without groups are left out). */
  groupsOfProducts(productIds: readonly number[], trx?: Transaction<Database>): Promise<Map<number, OptionGroup[]>>;
  /** Replaces the groups a product offers, in this order, in the product write's transaction. */
  setProductGroups(productId: number, groupIds: readonly number[], trx: Transaction<Database>): Promise<void>;
}

/** Staff management of option groups (who may write is checked by the routes). */
export function createOptionService(deps: OptionServiceDeps) {
  const { db } = deps;
  const repo = createOptionRepository(db);
  const now = deps.now ?? (() => new Date());
  const groupNotFound = (raw: string) => notFound(/*i18n*/ { id: 'There is no option group {id}', values: { id: raw.slice(0, 20) } });

  async function findGroup(rawId: string): Promise<OptionGroup> {
    const id = parseGroupId(rawId);
    const group = id === null ? undefined : await repo.findGroup(id);
    if (!group) throw groupNotFound(rawId);
    return group;
  }

  async function write<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    const result = await db.transaction().execute(work);
    await deps.onCatalogueChange?.();
    return result;
  }

  const productGroups: ProductOptionGroups = {
    groupsOfProducts: (productIds, trx) => repo.listGroupsOfProducts(productIds, trx),
    setProductGroups: (productId, groupIds, trx) => repo.setProductGroups(productId, groupIds, trx),
  };

  return {
    ...productGroups,

    listGroups: (): Promise<OptionGroup[]> => repo.listGroups(),

    getGroup: findGroup,

    async createGroup(input: OptionGroupInput): Promise<OptionGroup> {
      if (input.options.some((o) => o.id !== undefined)) {
        throw badRequest(/*i18n*/ 'A new option group has no options yet: leave out the option ids', 'options');
      }
      const id = await write((trx) => repo.insertGroup(input, now().toISOString(), trx));
      return findGroup(String(id));
    },

    /** A group written in the caller's transaction (the demo menu loads its groups with its products); answers its id. */
    insertGroupIn: (input: OptionGroupInput, trx: Transaction<Database>): Promise<number> => repo.insertGroup(input, now().toISOString(), trx),

    async replaceGroup(rawId: string, input: OptionGroupInput): Promise<OptionGroup> {
      const before = await findGroup(rawId);
      const own = new Set(before.options.map((o) => o.id));
      const stranger = input.options.findIndex((o) => o.id !== undefined && !own.has(o.id));
      if (stranger >= 0) {
        throw badRequest(
          /*i18n*/ { id: 'That option is not part of {group}: leave out its id to add it as a new option', values: { group: before.name } },
          `options.${stranger}.id`,
        );
      }
      await write((trx) => repo.replaceGroup(before.id, input, now().toISOString(), trx));
      return findGroup(String(before.id));
    },

    /** Removes the group from every product; past orders keep the options as ordered. */
    async deleteGroup(rawId: string): Promise<void> {
      const group = await findGroup(rawId);
      await write((trx) => repo.deleteGroup(group.id, trx));
    },

    /** Refuses ids that name no group, before a product is written with them. */
    async checkGroupIds(ids: readonly number[]): Promise<void> {
      const existing = await repo.existingGroupIds(ids);
      const missing = ids.findIndex((id) => !existing.has(id));
      if (missing >= 0) {
        throw badRequest(/*i18n*/ { id: 'There is no option group {id}: choose groups from the list', values: { id: ids[missing] ?? '' } }, `optionGroupIds.${missing}`);
      }
    },
  };
}

export type OptionService = ReturnType<typeof createOptionService>;
