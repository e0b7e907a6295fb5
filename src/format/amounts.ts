import { APT_DECIMALS, formatUnits, groupDigits } from '../../machines';

export { APT_DECIMALS, formatUnits };

const U64_MAX = (1n << 64n) - 1n;
const OCTAS_PER_APT = 10n ** BigInt(APT_DECIMALS);

/**
 * An amount of octas as APT and octas together, the way every amount is shown.
 *
 * @example
 * ```ts
 * formatApt('10000000'); // '0.1 APT (10,000,000 octas)'
 * formatApt('1'); // '0.00000001 APT (1 octa)'
 * ```
 */
export function formatApt(octas: string): string {
  return `${formatUnits(octas)} APT (${groupDigits(octas)} ${octas === '1' ? 'octa' : 'octas'})`;
}

/** `gas_used × gas_unit_price`, as a decimal string. */
export function multiplyAmounts(a: string, b: string): string {
  return (BigInt(a) * BigInt(b)).toString();
}

/** What an amount without a unit means: APT in a wallet's form, octas in a Move `u64` argument. */
export type BareUnit = 'apt' | 'octas';

/**
 * Reads an amount as typed, in APT or in octas, into octas as a decimal string, without floating
 * point. A unit may follow the number (`1.5 APT`, `150000000 octas`); a bare number is read in
 * `bareUnit`. Underscores and thousands commas are allowed (`1_000`, `1,000`).
 *
 * @param input - what was typed.
 * @param options.bareUnit - the unit of a number without one (default `apt`).
 * @param options.allowZero - whether 0 is an amount (default false).
 * @returns `{ octas }`, or `{ error }` saying what is allowed.
 * @example
 * ```ts
 * parseAmount('1.5'); // { octas: '150000000' }
 * parseAmount('250 octas'); // { octas: '250' }
 * parseAmount('0.5 APT', { bareUnit: 'octas' }); // { octas: '50000000' }
 * parseAmount('0.000000001 APT'); // { error: 'APT has 8 decimals: …' }
 * ```
 */
export function parseAmount(
  input: string,
  { bareUnit = 'apt', allowZero = false }: { bareUnit?: BareUnit; allowZero?: boolean } = {},
): { octas: string } | { error: string } {
  const match = /^([\d_,]*)(?:\.([\d_]*))?\s*(apt|octas?)?$/i.exec(input.trim());
  const wholeText = match?.[1]?.replace(/[_,]/g, '') ?? '';
  const fraction = match?.[2]?.replace(/_/g, '') ?? '';
  const unit =
    match?.[3] === undefined ? bareUnit : match[3].toLowerCase() === 'apt' ? 'apt' : 'octas';
  const badGrouping = match?.[1]?.includes(',') === true && !/^\d{1,3}(,\d{3})+$/.test(match[1]);
  if (match === null || badGrouping || (wholeText === '' && fraction === '')) {
    return { error: 'Enter an amount such as 0.1 APT or 10000000 octas.' };
  }
  let octas: bigint;
  if (unit === 'octas') {
    if (match[2] !== undefined) {
      return { error: 'Octas are whole numbers (1 APT = 100000000 octas); drop the decimals.' };
    }
    octas = BigInt(wholeText);
  } else {
    if (fraction.length > APT_DECIMALS) {
      return {
        error: `APT has ${APT_DECIMALS} decimals: 0.00000001 APT (1 octa) is the smallest amount.`,
      };
    }
    octas =
      BigInt(wholeText === '' ? '0' : wholeText) * OCTAS_PER_APT +
      BigInt(fraction.padEnd(APT_DECIMALS, '0') || '0');
  }
  if (octas === 0n && !allowZero) return { error: 'The amount must be more than 0.' };
  if (octas > U64_MAX) {
    return {
      error: `The amount is larger than any account can hold (u64: at most ${formatApt(U64_MAX.toString())}).`,
    };
  }
  return { octas: octas.toString() };
}

/**
 * A count of units (gas units, an asset's smallest units) with the noun in agreement: `1 unit`,
 * `-1 unit`, `6 units`.
 *
 * @param count - a decimal string, optionally signed.
 * @example
 * ```ts
 * unitsText('1'); // '1 unit'
 * ```
 */
export function unitsText(count: string): string {
  return `${count} ${count.replace(/^[+-]/, '') === '1' ? 'unit' : 'units'}`;
}
