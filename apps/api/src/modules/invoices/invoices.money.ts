// Invoice arithmetic in whole cents (decision 026): integers only, half up, tax once on the subtotal.

/** round(subtotal x basisPoints / 10000), half up; exact for any subtotal (BigInt, no floating point). */
export function taxOf(subtotalCents: number, basisPoints: number): number {
  const sign = subtotalCents < 0 ? -1n : 1n;
  const product = BigInt(Math.abs(subtotalCents)) * BigInt(basisPoints);
  return Number(sign * ((product + 5_000n) / 10_000n));
}

/** A whole number of cents as the documents show it: "$1,234.50", "-$12.00". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.trunc(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** A quantity kept in hundredths as text: 150 -> "1.5", 100 -> "1". */
export function formatQuantity(hundredths: number): string {
  const whole = Math.trunc(hundredths / 100);
  const rest = hundredths % 100;
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** `2026-000123`. */
export const invoiceNumber = (year: number, sequence: number) => `${year}-${String(sequence).padStart(6, '0')}`;
