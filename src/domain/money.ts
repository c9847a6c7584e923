// Money is euros as floating numbers; every total is rounded to cents so sums like 0.1 + 0.2 show 0.3.

/** Rounds to 2 decimals, half away from zero, without the 1.005 → 1.00 float artefact. */
export function roundMoney(amount: number): number {
  return roundTo(amount, 2);
}

export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * factor + Number.EPSILON * factor)) / factor;
  return rounded === 0 ? 0 : rounded; // never -0
}

export function sumMoney(amounts: readonly number[]): number {
  return roundMoney(amounts.reduce((sum, a) => sum + a, 0));
}
