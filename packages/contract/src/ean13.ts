/**
 * EAN-13, the number on the member card: 20-29 is its in-store range (never a retail product's number), and the
 * check digit (weights 1 and 3 from the left) is what every counter scanner verifies. The API makes the number and
 * the web app draws its bars, so both compute the digit here.
 */
export function ean13CheckDigit(first12: string): number {
  const sum = [...first12].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

/** 13 digits whose last is the check digit of the first 12. */
export const isEan13 = (text: string): boolean =>
  /^\d{13}$/.test(text) && ean13CheckDigit(text.slice(0, 12)) === Number(text[12]);
