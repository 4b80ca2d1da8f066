import type { Transaction } from 'kysely';
import type { UpdateCartLineInput } from '@coffee/contract';
import type { OrderSettings } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { englishOf, type Text } from '../../lib/i18n.js';
import type { CatalogueEntry } from '../products/products.service.js';
import {
  checkLineWithOptions,
  describeItem,
  lineKey,
  parseId,
  priceCartLines,
  type Addition,
  type CartLineRecord,
  type PricedCheck,
} from './cart-pricing.js';
import type { CartRecord, CartRepository, LineIdentity, NewCartLine } from './cart.repository.js';

/** A change in progress: the customer's locked cart and its lines as they were before it. */
export interface Work {
  trx: Transaction<Database>;
  cart: CartRecord;
  lines: CartLineRecord[];
  nowIso: string;
}

export interface CartLinesDeps {
  repo: CartRepository;
  settings: OrderSettings;
  /** The products module's door: the products as they are on the menu now. */
  /** The products as the cart's store can sell them now (sold out there counts as sold out). */
  catalogue(productIds: readonly number[], storeId: number | null, trx?: Transaction<Database>): Promise<Map<number, CatalogueEntry>>;
}

/** The product page's refusal of more than a limit leaves room for: the line's (per product and size) or the order's. */
function addAtMost(settings: OrderSettings, more: number, lineBound: boolean, item: string, has: number, count: number): Text {
  if (!lineBound) {
    const max = settings.maxOrderItems;
    return /*i18n*/ { id: 'You can add at most {more} more: we take at most {max} items per order and your cart has {count}.', values: { more, max, count } };
  }
  const max = settings.maxLineQuantity;
  return has > 0
    ? /*i18n*/ {
        id: 'You can add at most {more} more: we take at most {max} of {item} per order and your cart already has {has}.',
        values: { more, max, item, has },
      }
    : /*i18n*/ { id: 'You can add at most {more} more: we take at most {max} of {item} per order.', values: { more, max, item } };
}

/** The cart's lines: adding (strict or best-effort), reshaping and removing them within the limits. */
export function createCartLines(deps: CartLinesDeps) {
  const { repo, settings } = deps;

  function findLine(lines: readonly CartLineRecord[], rawId: string): CartLineRecord {
    const id = parseId(rawId);
    const line = id === null ? undefined : lines.find((l) => l.id === id);
    // Another customer's line id is "not in your cart", exactly like an id that does not exist.
    if (!line) throw notFound(/*i18n*/ { id: 'There is no line {id} in your cart', values: { id: rawId.slice(0, 20) } });
    return line;
  }

  type Mode = 'strict' | 'best-effort';

  /** Why one line from the product page cannot go in, as an error naming the field to fix. */
  const refusal = (check: Extract<PricedCheck, { ok: false }>) =>
    check.kind === 'size'
      ? badRequest(check.text, 'size')
      : check.kind === 'options'
        ? badRequest(check.text, 'optionIds')
        : conflict(check.unorderable, 'productId');

  /**
   * Adds lines; the same product, size, options and note add up. 'strict' (one line from the product page) refuses
   * with an error naming the field; 'best-effort' (a browser cart at sign-in, "order again") adds what it
   * can, caps quantities at the limits, and returns a note for each line it skipped or shortened.
   */
  async function addLines(w: Work, additions: readonly Addition[], mode: Mode): Promise<string[]> {
    const notes: string[] = [];
    const catalogue = await deps.catalogue(additions.map((a) => a.productId), w.cart.storeId, w.trx);
    const quantities = new Map<string, { id: number | null; quantity: number }>();
    for (const l of w.lines) quantities.set(lineKey(l.productId, l), { id: l.id, quantity: l.quantity });
    let itemCount = w.lines.reduce((n, l) => n + l.quantity, 0);

    for (const addition of additions) {
      const product = catalogue.get(addition.productId);
      if (!product || product.isDeleted) {
        const text: Text = product
          ? /*i18n*/ { id: '{product} is no longer on the menu', values: { product: product.name } }
          : /*i18n*/ { id: 'There is no product with id {id} on the menu', values: { id: addition.productId } };
        if (mode === 'strict') throw new AppError(404, text, 'productId');
        notes.push(englishOf(text));
        continue;
      }
      const check = checkLineWithOptions(product, addition.sizeCode, addition.optionIds);
      if (!check.ok) {
        if (mode === 'strict') throw refusal(check);
        notes.push(check.message);
        continue;
      }
      const item = describeItem(product.name, addition.sizeCode);
      const line: NewCartLine = { ...addition, optionIds: check.optionIds, quantity: 0 };
      const k = lineKey(addition.productId, line);
      const existing = quantities.get(k) ?? { id: null, quantity: 0 };
      const wanted = addition.quantity;
      const lineRoom = settings.maxLineQuantity - existing.quantity;
      const orderRoom = settings.maxOrderItems - itemCount;
      const quantity = Math.max(0, Math.min(wanted, lineRoom, orderRoom));
      if (quantity < wanted) {
        const limit =
          lineRoom <= orderRoom
            ? `at most ${settings.maxLineQuantity} of ${item} per order${existing.quantity > 0 ? ` and your cart already has ${existing.quantity}` : ''}`
            : `at most ${settings.maxOrderItems} items per order and your cart has ${itemCount}`;
        if (mode === 'strict') throw badRequest(addAtMost(settings, Math.max(0, Math.min(lineRoom, orderRoom)), lineRoom <= orderRoom, item, existing.quantity, itemCount), 'quantity');
        notes.push(quantity > 0 ? `${item}: ${quantity} added instead of ${wanted} (${limit})` : `${item}: not added (${limit})`);
      }
      if (quantity <= 0) continue;
      const total = existing.quantity + quantity;
      if (existing.id === null) {
        const id = await repo.insertLine(w.cart.id, { ...line, quantity: total }, w.nowIso, w.trx);
        quantities.set(k, { id, quantity: total });
      } else {
        await repo.setLineQuantity(w.cart.id, existing.id, total, w.nowIso, w.trx);
        quantities.set(k, { id: existing.id, quantity: total });
      }
      itemCount += quantity;
    }
    return notes;
  }

  /**
   * Changes a line's quantity, size, options or note. A line given another size, options or note is checked
   * like a new one, and joins an identical line of the cart if there is one (the quantities add up).
   */
  async function updateLine(w: Work, rawLineId: string, input: UpdateCartLineInput): Promise<void> {
    const line = findLine(w.lines, rawLineId);
    const quantity = input.quantity ?? line.quantity;
    const reshaped = input.size !== undefined || input.optionIds !== undefined || input.baristaNote !== undefined;
    let identity: LineIdentity = line;
    if (reshaped) {
      const sizeCode = input.size !== undefined ? input.size : line.sizeCode;
      const check = checkLineWithOptions(line.product, sizeCode, input.optionIds ?? line.optionIds);
      if (!check.ok) throw refusal(check);
      identity = { sizeCode, optionIds: check.optionIds, baristaNote: input.baristaNote ?? line.baristaNote };
    } else if (quantity > line.quantity) {
      const check = priceCartLines([line])[0]?.check;
      // Fewer of an unavailable item is fine (on the way to removing it); more is adding it.
      if (check && !check.ok) throw conflict(check.unorderable, 'quantity');
    }
    const item = describeItem(line.product.name, identity.sizeCode);
    const twin = reshaped
      ? w.lines.find((l) => l.id !== line.id && l.productId === line.productId && lineKey(l.productId, l) === lineKey(line.productId, identity))
      : undefined;
    const lineQuantity = quantity + (twin?.quantity ?? 0);
    if (lineQuantity > settings.maxLineQuantity) {
      throw badRequest(
        twin
          ? /*i18n*/ {
              id: 'You can order at most {max} of {item}, and your cart already has {twin} like it',
              values: { max: settings.maxLineQuantity, item, twin: twin.quantity },
            }
          : /*i18n*/ { id: 'You can order at most {max} of {item}', values: { max: settings.maxLineQuantity, item } },
        'quantity',
      );
    }
    const itemCount = w.lines.reduce((n, l) => n + l.quantity, 0) - line.quantity + quantity;
    if (itemCount > settings.maxOrderItems) {
      throw badRequest(
        /*i18n*/ { id: 'An order can have at most {max} items; this would make {count}', values: { max: settings.maxOrderItems, count: itemCount } },
        'quantity',
      );
    }
    if (twin) {
      await repo.deleteLine(w.cart.id, line.id, w.trx);
      await repo.setLineQuantity(w.cart.id, twin.id, lineQuantity, w.nowIso, w.trx);
    } else if (reshaped) {
      await repo.changeLine(w.cart.id, line.id, { ...identity, quantity }, w.nowIso, w.trx);
    } else {
      await repo.setLineQuantity(w.cart.id, line.id, quantity, w.nowIso, w.trx);
    }
  }

  async function removeLine(w: Work, rawLineId: string): Promise<void> {
    const line = findLine(w.lines, rawLineId);
    await repo.deleteLine(w.cart.id, line.id, w.trx);
  }

  return { addLines, updateLine, removeLine };
}
