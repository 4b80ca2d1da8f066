// The encoder lives with the API's test helpers; it needs node:zlib only, never sharp.
import { encodePng } from '../apps/api/src/test/png.js';

/**
 * A real PNG made in the test (pictures are checked by content and re-encoded by the API): a square with
 * a two-colour diagonal, so it is more than one flat colour.
 */
export function makePng(size = 32, colours: [[number, number, number], [number, number, number]] = [[106, 64, 41], [255, 186, 51]]): Buffer {
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0); // filter: none
    for (let x = 0; x < size; x++) rows.push(...(x > y ? colours[0] : colours[1]));
  }
  return encodePng({ width: size, height: size, bitDepth: 8, colourType: 'rgb', rows: Buffer.from(rows) });
}
