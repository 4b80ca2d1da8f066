/**
 * CSV a spreadsheet opens as it is (RFC 4180): UTF-8 with a byte-order mark (so Excel reads the rupiah names and
 * accents right), CRLF line ends, every text cell quoted. Money is written as plain whole rupiah with no separator.
 */
export const CSV_BOM = '\uFEFF';

export type Cell = string | number | null;

/**
 * A text cell a spreadsheet would read as a formula (=, +, -, @, or a tab or carriage return before one) gets a
 * leading apostrophe, so a product or coupon name can never run as a formula on the accountant's machine.
 */
export function textCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function csvLine(cells: readonly Cell[]): string {
  return cells.map((cell) => (cell === null ? '' : typeof cell === 'number' ? String(Math.trunc(cell)) : textCell(cell))).join(',') + '\r\n';
}
