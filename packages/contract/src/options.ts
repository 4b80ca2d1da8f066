import { z } from 'zod';
import { dataOf } from './common.js';
import { BARISTA_NOTE_MAX_LENGTH } from './option-rules.js';

/*
 * Drink options: staff define groups of choices (Milk: regular, oat +8.000; Sugar: normal, less, none; Extra shot
 * +8.000; Syrup: choose up to 2) and attach them to products. Price deltas are whole rupiah; the API adds the
 * chosen deltas to the size's price, a client only shows them.
 */
export const OPTION_NAME_MAX_LENGTH = 60;
export const OPTION_GROUP_MAX_OPTIONS = 20;
export const MAX_OPTION_PRICE_DELTA_IDR = 1_000_000;

export const ProductOption = z
  .object({
    id: z.number().int().describe('The option id, sent in `optionIds` of a cart line'),
    name: z.string().describe('The option as shown (Oat, Less sugar, Hazelnut)'),
    priceDeltaIdr: z.number().int().describe('Added to the price of one item when chosen, in whole rupiah; 0 for a free choice'),
    isDefault: z.boolean().describe('Chosen when the customer says nothing about this group'),
  })
  .meta({ id: 'ProductOption', description: 'One choice of an option group' });
export type ProductOption = z.infer<typeof ProductOption>;

export const OptionGroup = z
  .object({
    id: z.number().int().describe('The option group id, as in `/option-groups/{id}`'),
    name: z.string().describe('The group as shown (Milk, Sugar, Ice, Extra shot, Syrup)'),
    minChoices: z.number().int().describe('Fewest options to choose: 1 for choose-one, 0 when the group may be left empty'),
    maxChoices: z.number().int().describe('Most options to choose: 1 for choose-one or on/off, more for choose-many'),
    options: z.array(ProductOption).describe('The choices, in the order shown'),
  })
  .meta({
    id: 'OptionGroup',
    description:
      'A set of choices for a product. A group the customer says nothing about gets its defaults; a group with minChoices 0 has no defaults',
  });
export type OptionGroup = z.infer<typeof OptionGroup>;

const optionName = z
  .string({ error: /*i18n*/ 'must be text' })
  .trim()
  .min(1, /*i18n*/ 'is required')
  .max(OPTION_NAME_MAX_LENGTH, /*i18n*/ 'must be at most 60 characters');

const choices = z
  .number({ error: /*i18n*/ 'must be a whole number' })
  .int(/*i18n*/ 'must be a whole number')
  .min(0, /*i18n*/ 'must be at least 0')
  .max(OPTION_GROUP_MAX_OPTIONS, /*i18n*/ 'must be at most 20');

export const OptionInput = z
  .object({
    id: z
      .number({ error: /*i18n*/ 'must be the id of an option of this group' })
      .int(/*i18n*/ 'must be the id of an option of this group')
      .positive(/*i18n*/ 'must be the id of an option of this group')
      .max(2_147_483_647, /*i18n*/ 'must be the id of an option of this group')
      .optional()
      .describe('Keep (and change) this existing option; absent for a new option. Options of the group left out are removed'),
    name: optionName.describe(`The option as shown, 1 to ${OPTION_NAME_MAX_LENGTH} characters`),
    priceDeltaIdr: z
      .number({ error: /*i18n*/ 'must be a whole number of rupiah' })
      .int(/*i18n*/ 'must be a whole number of rupiah')
      .min(0, /*i18n*/ 'must be at least 0')
      .max(MAX_OPTION_PRICE_DELTA_IDR, /*i18n*/ 'must be at most 1000000')
      .default(0)
      .describe('Added to the price of one item when chosen, in whole rupiah (8000 is IDR 8.000); 0 or absent: free'),
    isDefault: z.boolean({ error: /*i18n*/ 'must be true or false' }).default(false).describe('Chosen when the customer says nothing'),
  })
  .describe('One choice of the group');

/**
 * A whole group, as created or as it replaces the stored one. Defaults must themselves be a valid choice, so a
 * client that knows nothing of options can always order: none when the group may be empty, else between min and max.
 */
export const OptionGroupInput = z
  .object({
    name: optionName.describe(`The group as shown (Milk, Sugar...), 1 to ${OPTION_NAME_MAX_LENGTH} characters`),
    minChoices: choices.describe('Fewest options to choose: 1 for choose-one, 0 when the group may be left empty'),
    maxChoices: choices.min(1, /*i18n*/ 'must be at least 1').describe('Most options to choose: 1 for choose-one or on/off'),
    options: z
      .array(OptionInput, { error: /*i18n*/ 'must be a list of options' })
      .min(1, /*i18n*/ 'must have at least one option')
      .max(OPTION_GROUP_MAX_OPTIONS, /*i18n*/ 'must have at most 20 options')
      .describe('The choices, in the order shown'),
  })
  .superRefine((group, ctx) => {
    if (group.minChoices > group.maxChoices) {
      ctx.addIssue({ code: 'custom', path: ['minChoices'], message: /*i18n*/ 'must not be more than the most choices' });
    }
    if (group.minChoices > group.options.length) {
      ctx.addIssue({ code: 'custom', path: ['minChoices'], message: /*i18n*/ 'must not be more than the number of options' });
    }
    const names = new Set<string>();
    group.options.forEach((o, i) => {
      const key = o.name.toLowerCase();
      if (names.has(key)) ctx.addIssue({ code: 'custom', path: ['options', i, 'name'], message: /*i18n*/ 'is already an option of this group' });
      names.add(key);
    });
    const defaults = group.options.filter((o) => o.isDefault).length;
    if (group.minChoices === 0 && defaults > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: /*i18n*/ 'must have no default when the group may be left empty: a customer could not choose none',
      });
    } else if (group.minChoices > 0 && (defaults < group.minChoices || defaults > group.maxChoices)) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message:
          group.minChoices === group.maxChoices
            ? `must have exactly ${group.minChoices} default${group.minChoices === 1 ? '' : 's'}, chosen when the customer says nothing`
            : `must have ${group.minChoices} to ${group.maxChoices} defaults, chosen when the customer says nothing`,
      });
    }
  })
  .meta({ id: 'SaveOptionGroupInput', description: 'An option group with its options, as created or as it replaces the stored one' });
export type OptionGroupInput = z.infer<typeof OptionGroupInput>;
export type OptionGroupInputBody = z.input<typeof OptionGroupInput>;

export const OptionGroupResponse = dataOf(OptionGroup, 'The option group').describe('The option group');
export type OptionGroupResponse = z.infer<typeof OptionGroupResponse>;
export const OptionGroupListResponse = z
  .object({ data: z.array(OptionGroup).describe('Every option group, by name') })
  .describe('The option groups');
export type OptionGroupListResponse = z.infer<typeof OptionGroupListResponse>;

/** Option ids chosen for a cart line. */
export const OptionIdsInput = z
  .array(
    z
      .number({ error: /*i18n*/ 'must be option ids of the product' })
      .int(/*i18n*/ 'must be option ids of the product')
      .positive(/*i18n*/ 'must be option ids of the product')
      .max(2_147_483_647, /*i18n*/ 'must be option ids of the product'),
    { error: /*i18n*/ 'must be a list of option ids' },
  )
  .max(50, /*i18n*/ 'must have at most 50 options')
  .describe(
    "The chosen options, by id, from the product's `optionGroups`. A group none of whose options is named gets its defaults, so absent means every default",
  );

/** The note a customer leaves the barista on a line ("extra hot, please"); trimmed, '' for none. */
export const BaristaNoteInput = z
  .string({ error: /*i18n*/ 'must be text' })
  .trim()
  .max(BARISTA_NOTE_MAX_LENGTH, /*i18n*/ 'must be at most 140 characters')
  .describe(`A note to the barista for this line, at most ${BARISTA_NOTE_MAX_LENGTH} characters; empty for none`);

/** An option chosen on a line, as priced: in a cart from today's menu, in an order as ordered. */
export const ChosenOption = z
  .object({
    optionId: z.number().int().describe('The option, as in `optionGroups[].options[].id` of the product'),
    groupId: z.number().int().describe('Its group'),
    groupName: z.string().describe('The group as shown (Milk)'),
    name: z.string().describe('The option as shown (Oat)'),
    priceDeltaIdr: z.number().int().describe('What it adds to the price of one item, in whole rupiah'),
  })
  .meta({ id: 'ChosenOption', description: 'An option chosen on a line' });
export type ChosenOption = z.infer<typeof ChosenOption>;
