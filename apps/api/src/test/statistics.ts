/**
 * Mann-Whitney U test (two-sided, normal approximation with tie correction): the chance of samples this different
 * if both came from one distribution. For timing tests: a p-value near 0 means the two kinds are told apart.
 */
export function mannWhitneyP(a: readonly number[], b: readonly number[]): number {
  const all = [...a.map((v) => ({ v, g: 0 })), ...b.map((v) => ({ v, g: 1 }))].sort((x, y) => x.v - y.v);
  const ranks = new Array<number>(all.length);
  let tieTerm = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j + 1 < all.length && all[j + 1]!.v === all[i]!.v) j += 1;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k += 1) ranks[k] = rank;
    const t = j - i + 1;
    tieTerm += t ** 3 - t;
    i = j + 1;
  }
  const n1 = a.length;
  const n2 = b.length;
  const r1 = all.reduce((sum, item, i) => (item.g === 0 ? sum + ranks[i]! : sum), 0);
  const u = r1 - (n1 * (n1 + 1)) / 2;
  const mean = (n1 * n2) / 2;
  const n = n1 + n2;
  const variance = ((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1)));
  if (variance <= 0) return 1;
  const z = (Math.abs(u - mean) - 0.5) / Math.sqrt(variance);
  return Math.min(1, 2 * (1 - normalCdf(Math.max(0, z))));
}

/** Standard normal CDF (Abramowitz-Stegun 7.1.26, error below 1.5e-7). */
function normalCdf(z: number): number {
  const t = 1 / (1 + 0.3275911 * (Math.abs(z) / Math.SQRT2));
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(z * z) / 2);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Hodges-Lehmann estimate of how much `a` is shifted from `b` (the median of every difference a_i - b_j) with its
 * distribution-free 95% confidence interval, the one the Mann-Whitney test gives (normal approximation): the
 * difference an equivalence check bounds.
 */
export function hodgesLehmann(a: readonly number[], b: readonly number[]): { shift: number; low: number; high: number } {
  const differences: number[] = [];
  for (const x of a) for (const y of b) differences.push(x - y);
  differences.sort((x, y) => x - y);
  const n1 = a.length;
  const n2 = b.length;
  const m = differences.length;
  const k = Math.max(0, Math.floor((n1 * n2) / 2 - 1.96 * Math.sqrt((n1 * n2 * (n1 + n2 + 1)) / 12)));
  return { shift: median(differences), low: differences[k]!, high: differences[Math.max(k, m - 1 - k)]! };
}
