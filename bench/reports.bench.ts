/**
 * The reports section of `npm run bench`: the built shop on a PostgreSQL database of its own (BENCH_DATABASE_URL, or
 * the local one the tests use; dropped afterwards) holding a year of 1,000,000 orders over 50 stores, written by
 * generate_series in SQL. Times the owner's month and year reports over HTTP (median of a few, after one to warm the
 * cache), a month of one store, and streams the year's orders as CSV while watching the shop's memory.
 * `tsx bench/reports.bench.ts` runs it alone.
 */
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { REBUILD_ORDER_SALES } from '../apps/api/src/db/migrations/029-order-sales.js';
import { createPostgresDatabase, machine, printTable, startShop, staffToken, type Figure } from './lib.js';

const ORDERS = Number(process.env.BENCH_REPORT_ORDERS ?? 1_000_000);
const STORES = 50;
const YEAR = 2025;
const TARGET_MS = 1_000;

/**
 * 49 more stores like the demo's first, then a year of paid, unpaid and cancelled orders with one or two lines each;
 * written around the order moves, so the sales summary is then filled as migration 029 fills it.
 */
export async function writeOrders(client: pg.Client): Promise<number[]> {
  const columns = (await client.query<{ column_name: string }>(`select column_name from information_schema.columns where table_schema = current_schema() and table_name = 'stores' and column_name <> 'id'`)).rows.map((r) => r.column_name);
  const copied = columns.map((c) => (c === 'name' ? `name || ' ' || g` : `"${c}"`)).join(', ');
  await client.query(`insert into stores (${columns.map((c) => `"${c}"`).join(', ')}) select ${copied} from stores, generate_series(2, ${STORES}) g where stores.id = (select min(id) from stores)`);
  const stores = (await client.query<{ id: number }>('select id from stores order by id limit $1', [STORES])).rows.map((r) => r.id);
  const products = (await client.query<{ id: number }>('select id from products where deleted_at is null order by id')).rows.map((r) => r.id);
  const user = (await client.query<{ id: number }>('select min(id) as id from users')).rows[0]!.id;
  // Order g is paid at an even step through the year, shop time (+07:00); one in twenty never paid, one in thirty
  // cancelled (half of those after paying); one in ten with a 5.000 coupon; a third for door delivery.
  await client.query(`
    insert into orders (user_id, status, payment_method, payment_status, delivery_method, scheduled_for, scheduled_at, is_asap,
      subtotal_idr, discount_idr, tax_and_fees_idr, shipping_idr, total_idr, tax_rate_bp, item_count, placed_at, updated_at, paid_at,
      store_id, refund_status)
    select $1, o.status, (array['card', 'bank-account', 'cash-on-delivery'])[1 + g % 3], o.payment_status,
      (array['pick-up', 'dine-in', 'door-delivery'])[1 + (g / 3) % 3], to_char(o.at at time zone 'Asia/Jakarta', 'YYYY-MM-DD"T"HH24:MI'), o.iso, 1,
      o.items - o.discount, o.discount, round((o.items - o.discount) / 10.0), o.shipping,
      o.items - o.discount + round((o.items - o.discount) / 10.0) + o.shipping, 1000, 1 + g % 2, o.iso, o.iso,
      case when o.payment_status = 'paid' then o.iso end, ($2::int[])[1 + g % ${STORES}],
      case when o.status = 'cancelled' and o.payment_status = 'paid' then 'refund-due' end
    from generate_series(1, $3::int) g,
      lateral (select timestamptz '${YEAR}-01-01 00:00+07' + (g * (365.0 * 86400 / $3::int)) * interval '1 second' as at) t,
      lateral (select t.at, to_char(t.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as iso,
        case when g % 30 = 0 then 'cancelled' else 'delivered' end as status,
        case when g % 20 = 0 or (g % 30 = 0 and g % 60 <> 0) then 'awaiting-payment' else 'paid' end as payment_status,
        (20000 + (g % 7) * 5000) * (1 + g % 2) as items,
        case when g % 10 = 0 then 5000 else 0 end as discount,
        case when (g / 3) % 3 = 2 then 15000 else 0 end as shipping) o`,
    [user, stores, ORDERS],
  );
  await client.query(`
    insert into order_lines (order_id, product_id, product_name, quantity, unit_price_idr, line_total_idr)
    select o.id, ($1::int[])[1 + (o.id + k) % array_length($1::int[], 1)], 'Bench drink', 1, (o.subtotal_idr + o.discount_idr) / o.item_count,
      (o.subtotal_idr + o.discount_idr) / o.item_count
    from orders o, generate_series(1, o.item_count) k`,
    [products],
  );
  for (const statement of REBUILD_ORDER_SALES) await client.query(statement);
  for (const table of ['orders', 'order_lines', 'order_sales_hours', 'order_sales_days', 'order_sales_products']) await client.query(`vacuum analyze ${table}`);
  return stores;
}

async function timed(url: string, token: string): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.text();
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${body.slice(0, 200)}`);
  return { ms: performance.now() - started, body };
}

async function medianMs(url: string, token: string, runs = 5): Promise<number> {
  await timed(url, token);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await timed(url, token)).ms);
  return Math.round(times.sort((a, b) => a - b)[Math.floor(runs / 2)]!);
}

/** The year's orders as CSV, read as it arrives: bytes, time, and the shop's largest resident memory meanwhile. */
async function streamYear(url: string, token: string, rssMb: () => number) {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  let bytes = 0;
  let rows = 0;
  let peak = rssMb();
  let last = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const b of chunk) if (b === 10) rows++;
    if (performance.now() - last > 200) {
      peak = Math.max(peak, rssMb());
      last = performance.now();
    }
  }
  return { seconds: (performance.now() - started) / 1000, mb: bytes / 1e6, rows: rows - 1, peakMb: peak };
}

export async function benchReportsSection(): Promise<Figure[]> {
  console.log(`\nReports: ${ORDERS.toLocaleString('en')} orders over ${STORES} stores on PostgreSQL (${machine()})`);
  const database = await createPostgresDatabase('reports');
  const shop = await startShop({ env: { DATABASE_URL: database.url } });
  try {
    const token = await staffToken(shop);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const writeStarted = performance.now();
    const stores = await writeOrders(client);
    const writeSeconds = Math.round((performance.now() - writeStarted) / 1000);
    await client.end();
    const base = `${shop.url}/api/v1/staff/reports`;
    const month = await medianMs(`${base}?range=month&date=${YEAR}-06-15`, token);
    const year = await medianMs(`${base}?range=custom&from=${YEAR}-01-01&to=${YEAR}-12-31`, token);
    const storeMonth = await medianMs(`${base}?range=month&date=${YEAR}-06-15&storeId=${stores[7]}`, token);
    const yearReport = JSON.parse((await timed(`${base}?range=custom&from=${YEAR}-01-01&to=${YEAR}-12-31`, token)).body) as { data: { totals: { orders: number } } };
    const rssBefore = shop.rssMb();
    const csv = await streamYear(`${base}/orders.csv?range=custom&from=${YEAR}-01-01&to=${YEAR}-12-31`, token, () => shop.rssMb());
    const rows = [
      { figure: 'orders written (generate_series), s', value: writeSeconds, target: '' },
      { figure: 'month report, all stores, ms (median of 5)', value: month, target: `< ${TARGET_MS}`, met: month < TARGET_MS },
      { figure: 'year report, all stores, ms (median of 5)', value: year, target: `< ${TARGET_MS}`, met: year < TARGET_MS },
      { figure: 'month report, one store, ms (median of 5)', value: storeMonth, target: `< ${TARGET_MS}`, met: storeMonth < TARGET_MS },
      { figure: 'paid orders counted in the year', value: yearReport.data.totals.orders, target: '' },
      { figure: `orders CSV of the year: rows, MB, s`, value: `${csv.rows}, ${csv.mb.toFixed(0)}, ${csv.seconds.toFixed(1)}`, target: '' },
      { figure: 'shop memory while streaming it, MB (before, peak)', value: `${rssBefore}, ${csv.peakMb}`, target: '' },
    ];
    printTable('Reports', rows.map(({ figure, value, target }) => ({ figure, value, target: target || '–' })));
    return rows.map((r) => ({ section: 'reports', figure: r.figure, value: String(r.value), target: r.target, met: r.met }));
  } finally {
    await shop.stop();
    await database.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchReportsSection();
