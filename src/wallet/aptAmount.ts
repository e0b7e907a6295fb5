import { APT_DECIMALS } from '../format/amounts';

const U64_MAX = (1n << 64n) - 1n;

/**
 * Reads an amount of APT as typed (`1.5`, `0.00000001`, `12`) into octas as a decimal string,
 * without floating point: 1 APT = 100,000,000 octas.
 *
 * @returns `{ octas }`, or `{ error }` saying what is allowed.
 * @example
 * ```ts
 * parseAptToOctas('1.5'); // { octas: '150000000' }
 * parseAptToOctas('0.000000001'); // { error: 'APT has 8 decimals: …' }
 * ```
 */
export function parseAptToOctas(input: string): { octas: string } | { error: string } {
  const value = input.trim().replace(/_/g, '');
  const match = /^(\d*)(?:\.(\d*))?$/.exec(value);
  if (value === '' || value === '.' || match === null) {
    return { error: 'Enter an amount of APT, such as 1 or 0.25.' };
  }
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (fraction.length > APT_DECIMALS) {
    return {
      error: `APT has ${APT_DECIMALS} decimals: 0.00000001 APT (1 octa) is the smallest amount.`,
    };
  }
  const octas =
    BigInt(whole === '' ? '0' : whole) * 10n ** BigInt(APT_DECIMALS) +
    BigInt(fraction.padEnd(APT_DECIMALS, '0') || '0');
  if (octas === 0n) return { error: 'The amount must be more than 0.' };
  if (octas > U64_MAX) return { error: 'The amount is larger than any account can hold (u64).' };
  return { octas: octas.toString() };
}
