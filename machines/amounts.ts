/**
 * Amounts as decimal strings, never through `number`: the one formatter the app's display
 * (`src/format/amounts.ts`) and the command line (`cli/`) share.
 */

/** APT has 8 decimals: 1 APT = 100,000,000 octas. */
export const APT_DECIMALS = 8;

/** `1234567` → `1,234,567`. */
export function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Formats an integer amount of the smallest unit (a decimal string, u64 or wider) with its
 * decimals, without going through `number`: `formatUnits('123456789', 8)` is `'1.23456789'`.
 *
 * @param options.group - group the whole part in thousands (default `true`).
 * @throws Error when `amount` is not an unsigned integer.
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
  const wholeText = group ? groupDigits(whole.toString()) : whole.toString();
  return fraction ? `${wholeText}.${fraction}` : wholeText;
}
