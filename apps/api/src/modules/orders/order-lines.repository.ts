import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { ChosenOption, SizeCode } from '@coffee/contract';
import type { Database } from '../../db/schema.js';
import type { NewOrderLine, OrderLineRecord, OrderLookups } from './order-records.js';

const StoredOptions = z.array(ChosenOption);

/** The options column of a line; a damaged cell shows no options rather than taking the order down. */
function parseOptions(text: string): ChosenOption[] {
  try {
    const parsed = StoredOptions.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** An order's lines: written once when it is placed, read with their products' pictures as they are now. */
export function createOrderLineRepository(db: Kysely<Database>, pictureAddresses: OrderLookups['pictureAddresses']) {
  async function linesOf(orderIds: readonly number[], trx?: Transaction<Database>): Promise<Map<number, OrderLineRecord[]>> {
    const byOrder = new Map<number, OrderLineRecord[]>();
    if (orderIds.length === 0) return byOrder;
    const rows = await (trx ?? db)
      .selectFrom('order_lines')
      .select([
        'order_lines.id',
        'order_lines.order_id',
        'order_lines.product_id',
        'order_lines.product_name',
        'order_lines.size_code',
        'order_lines.size_label',
        'order_lines.quantity',
        'order_lines.unit_price_idr',
        'order_lines.line_total_idr',
        'order_lines.options',
        'order_lines.barista_note',
        'order_lines.done_at',
      ])
      .where('order_lines.order_id', 'in', [...orderIds])
      .orderBy('order_lines.id', 'asc')
      .execute();
    const pictures = await pictureAddresses(rows.map((r) => r.product_id), trx);
    for (const r of rows) {
      const size = SizeCode.safeParse(r.size_code);
      const line: OrderLineRecord = {
        id: r.id,
        productId: r.product_id,
        name: r.product_name,
        imageUrl: pictures.get(r.product_id) ?? null,
        sizeCode: size.success ? size.data : null,
        sizeLabel: r.size_label,
        options: parseOptions(r.options),
        baristaNote: r.barista_note,
        quantity: r.quantity,
        unitPriceIdr: Number(r.unit_price_idr),
        lineTotalIdr: Number(r.line_total_idr),
        doneAt: r.done_at,
      };
      const list = byOrder.get(r.order_id);
      if (list) list.push(line);
      else byOrder.set(r.order_id, [line]);
    }
    return byOrder;
  }

  async function insertLines(orderId: number, lines: readonly NewOrderLine[], trx?: Transaction<Database>): Promise<void> {
    if (lines.length === 0) return;
    await (trx ?? db)
      .insertInto('order_lines')
      .values(
      lines.map((l) => ({
        order_id: orderId,
        product_id: l.productId,
        product_name: l.name,
        size_code: l.sizeCode,
        size_label: l.sizeLabel,
        quantity: l.quantity,
        unit_price_idr: l.unitPriceIdr,
        line_total_idr: l.lineTotalIdr,
        options: JSON.stringify(l.options),
        barista_note: l.baristaNote,
      })),
      )
      .execute();
  }

  /** Ticks a line made (or not, `at` null) on the kitchen display; false when the order has no such line. */
  async function markLineDone(orderId: number, lineId: number, at: string | null): Promise<boolean> {
    const result = await db.updateTable('order_lines').set({ done_at: at }).where('id', '=', lineId).where('order_id', '=', orderId).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  return { linesOf, insertLines, markLineDone };
}
