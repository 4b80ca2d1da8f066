import { isEan13 } from '@coffee/contract';

/**
 * EAN-13 bars, drawn by us (no barcode library): the member card's number is an in-store EAN-13 (prefix 20-29), which
 * every counter scanner reads. Returns the 95 modules, '1' a bar and '0' a space, or null when the number is not a
 * valid EAN-13 (13 digits with the right check digit).
 */
const L = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
const R = L.map((code) => [...code].map((bit) => (bit === '1' ? '0' : '1')).join(''));
const G = R.map((code) => [...code].reverse().join(''));
/** The first digit is not drawn: it is told by which left digits use the G set. */
const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

export function ean13Modules(text: string): string | null {
  if (!isEan13(text)) return null;
  const digits = [...text].map(Number);
  const parity = PARITY[digits[0] ?? 0] ?? 'LLLLLL';
  const left = digits.slice(1, 7).map((d, i) => (parity[i] === 'G' ? G : L)[d]).join('');
  const right = digits.slice(7).map((d) => R[d]).join('');
  return `101${left}01010${right}101`;
}
