/** APT has 8 decimals: 1 APT = 100,000,000 octas. */
export const APT_DECIMALS = 8;

/**
 * Formats an integer amount of the smallest unit (a decimal string, u64 or wider) with its
 * decimals, without going through `number`: `formatUnits('123456789', 8)` is `'1.23456789'`.
 */
export function formatUnits(
  amount: string,
  decimals: number = APT_DECIMALS,
  { group = true }: { group?: boolean } = {},
): string {
  if (!/^\d+$/.test(amount)) throw new Error(`Not an unsigned integer amount: ${amount}`);
  const value = BigInt(amount);
  const base = 10n ** BigInt(decimals);
  const whole = value / base;
  const fraction = (value % base).toString().padStart(decimals, '0').replace(/0+$/, '');
  const wholeText = group
    ? whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')
    : whole.toString();
  return fraction ? `${wholeText}.${fraction}` : wholeText;
}

/** `gas_used × gas_unit_price`, as a decimal string. */
export function multiplyAmounts(a: string, b: string): string {
  return (BigInt(a) * BigInt(b)).toString();
}
