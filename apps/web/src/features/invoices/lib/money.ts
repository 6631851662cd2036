// Amounts typed and shown in dollars, kept and sent in whole cents (no floating point on the way).

/** 12345 -> "$123.45"; -500 -> "-$5.00". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.trunc(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

/** "123.45", "$1,234.5", "80" -> whole cents; anything else (negative, three decimals, words) -> null. */
export function parseCents(text: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.replace(/[$,\s]/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 825 basis points -> "8.25%". */
export function formatRate(basisPoints: number): string {
  const rest = String(basisPoints % 100).padStart(2, '0').replace(/0+$/, '');
  return `${Math.trunc(basisPoints / 100)}${rest ? `.${rest}` : ''}%`;
}

/** 150 hundredths -> "1.5". */
export function formatQuantity(hundredths: number): string {
  const rest = String(hundredths % 100).padStart(2, '0').replace(/0+$/, '');
  return `${Math.trunc(hundredths / 100)}${rest ? `.${rest}` : ''}`;
}
