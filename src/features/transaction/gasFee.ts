import { formatUnits, multiplyAmounts } from '../../format/amounts';

/** `gas used × gas unit price = fee`, every figure a decimal string. */
export interface GasFee {
  gasUsed: string;
  gasUnitPrice: string;
  /** Octas, decimal string. */
  feeOctas: string;
  /** The fee in APT, e.g. `0.001204`. */
  feeApt: string;
}

const UNSIGNED = /^\d+$/;

/**
 * The fee a transaction paid (or would pay): gas used × gas unit price, in BigInt so no u64 is
 * ever rounded.
 *
 * @returns the fee, or `null` when either figure is missing or not an unsigned integer.
 * @example
 * ```ts
 * gasFee({ gasUsed: '1204', gasUnitPrice: '100' }); // { feeOctas: '120400', feeApt: '0.001204', … }
 * ```
 */
export function gasFee(args: {
  gasUsed: string | null | undefined;
  gasUnitPrice: string | null | undefined;
}): GasFee | null {
  const { gasUsed, gasUnitPrice } = args;
  if (gasUsed == null || gasUnitPrice == null) return null;
  if (!UNSIGNED.test(gasUsed) || !UNSIGNED.test(gasUnitPrice)) return null;
  const feeOctas = multiplyAmounts(gasUsed, gasUnitPrice);
  return {
    gasUsed: BigInt(gasUsed).toString(),
    gasUnitPrice: BigInt(gasUnitPrice).toString(),
    feeOctas,
    feeApt: formatUnits(feeOctas),
  };
}

/**
 * A signed amount of octas as APT: `-0.25`, `+1.5`, `0`.
 *
 * @example
 * ```ts
 * formatSignedOctas('-25000000'); // '-0.25'
 * ```
 */
export function formatSignedOctas(octas: string): string {
  const value = BigInt(octas);
  if (value === 0n) return '0';
  const sign = value < 0n ? '-' : '+';
  return `${sign}${formatUnits((value < 0n ? -value : value).toString())}`;
}
