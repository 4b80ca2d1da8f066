// The pure rules of a cart line: whether it can be ordered now and at what price, and when two lines are one.
import { SIZE_LABELS, type ChosenOption, type SizeCode } from '@coffee/contract';
import { englishOf, type Text } from '../../lib/i18n.js';
import { promoPriceIdr, unitPriceWithOptions } from '../checkout/checkout.service.js';
import { resolveOptions } from '../options/options.service.js';
import type { CatalogueEntry } from '../products/products.service.js';
import type { CartLineRow, LineIdentity } from './cart.repository.js';

/** A cart line with the product as it is now on the menu. */
export interface CartLineRecord extends CartLineRow {
  product: CatalogueEntry;
}

export { parseId } from '../../lib/ids.js';

/**
 * Why a line cannot be ordered: `text` in the reader's language, `unorderable` the same said when the customer asks
 * for more of it, and `message` the English wording (orders joins it into its own refusal).
 */
export interface LineRefusal {
  ok: false;
  kind: 'removed' | 'sold-out' | 'size' | 'options';
  text: Text;
  unorderable: Text;
  message: string;
}

export type LineCheck = { ok: true; unitPriceIdr: number } | LineRefusal;

/** A line as it can be ordered now: the size's price plus its options' deltas, with the options as priced. */
export type PricedCheck = { ok: true; unitPriceIdr: number; options: ChosenOption[]; optionIds: number[] } | LineRefusal;

const refused = (kind: LineRefusal['kind'], text: Text, unorderable: Text = text): LineRefusal => ({
  ok: false,
  kind,
  text,
  unorderable,
  message: englishOf(text),
});

export const describeItem = (name: string, size: SizeCode | null) => (size ? `${name} (${SIZE_LABELS[size]})` : name);

/**
 * Whether a product in a size can be ordered now, and at what price: the size's price for a product
 * sold in sizes, the product's price for a one-size product, less the product's promotion percent when it is on
 * promotion. Prices always come from the menu, so the order charges what the menu shows today.
 */
export function checkLine(product: CatalogueEntry, size: SizeCode | null): LineCheck {
  const values = { product: product.name };
  if (product.isDeleted) {
    return refused(
      'removed',
      /*i18n*/ { id: '{product} is no longer on the menu', values },
      /*i18n*/ { id: '{product} is no longer on the menu: it cannot be ordered now', values },
    );
  }
  if (product.isSoldOut) {
    return refused('sold-out', /*i18n*/ { id: '{product} is sold out', values }, /*i18n*/ { id: '{product} is sold out: it cannot be ordered now', values });
  }
  if (product.sizes.length === 0) {
    if (size !== null) {
      return refused(
        'size',
        /*i18n*/ { id: '{product} comes in one size only: leave the size empty', values },
        /*i18n*/ { id: '{product} comes in one size only: leave the size empty: it cannot be ordered now', values },
      );
    }
    return { ok: true, unitPriceIdr: promoPriceIdr(product.priceIdr, product.promoPercentOff) };
  }
  const offered = { ...values, offered: product.sizes.map((s) => s.code).join(', ') };
  if (size === null) {
    return refused(
      'size',
      /*i18n*/ { id: '{product} comes in sizes: choose one of {offered}', values: offered },
      /*i18n*/ { id: '{product} comes in sizes: choose one of {offered}: it cannot be ordered now', values: offered },
    );
  }
  const match = product.sizes.find((s) => s.code === size);
  if (!match) {
    // The size by its code, so each language names it (Regular, Large, Extra Large in English).
    const wrong = { ...offered, size };
    return refused(
      'size',
      /*i18n*/ { id: '{product} is not sold in {size, select, R {Regular} L {Large} other {Extra Large}}: choose one of {offered}', values: wrong },
      /*i18n*/ {
        id: '{product} is not sold in {size, select, R {Regular} L {Large} other {Extra Large}}: choose one of {offered}: it cannot be ordered now',
        values: wrong,
      },
    );
  }
  return { ok: true, unitPriceIdr: promoPriceIdr(match.priceIdr, product.promoPercentOff) };
}

/**
 * checkLine plus the options: the chosen ids checked against the product's groups (defaults for a group none of
 * whose options is named; every default when `optionIds` is absent), and their deltas added to the price.
 */
export function checkLineWithOptions(product: CatalogueEntry, size: SizeCode | null, optionIds: readonly number[] | undefined): PricedCheck {
  const base = checkLine(product, size);
  if (!base.ok) return base;
  const resolved = resolveOptions(product.name, product.optionGroups, optionIds);
  if (!resolved.ok) return refused('options', resolved.message);
  return {
    ok: true,
    unitPriceIdr: unitPriceWithOptions(base.unitPriceIdr, resolved.options),
    options: resolved.options,
    optionIds: resolved.optionIds,
  };
}

/** A cart line priced from today's menu. */
export interface PricedCartLine {
  record: CartLineRecord;
  check: PricedCheck;
}

/** Stored lines whose options no longer fit the product (staff removed or changed them) must be chosen again. */
export const priceCartLines = (lines: readonly CartLineRecord[]): PricedCartLine[] =>
  lines.map((record) => {
    const check = checkLineWithOptions(record.product, record.sizeCode, record.optionIds);
    return {
      record,
      check:
        !check.ok && check.kind === 'options'
          ? refused(
              'options',
              /*i18n*/ { id: 'The options of {product} changed: choose them again', values: { product: record.product.name } },
              /*i18n*/ { id: 'The options of {product} changed: choose them again: it cannot be ordered now', values: { product: record.product.name } },
            )
          : check,
    };
  });

/** Two lines are one when product, size, options and note are the same. */
export const lineKey = (productId: number, line: LineIdentity): string =>
  `${productId}:${line.sizeCode ?? ''}:${line.optionIds.join(',')}:${line.baristaNote}`;

/** A line to add as the client sent it: options not yet resolved (absent: every default). */
export interface Addition {
  productId: number;
  sizeCode: SizeCode | null;
  optionIds?: readonly number[] | undefined;
  baristaNote: string;
  quantity: number;
}

