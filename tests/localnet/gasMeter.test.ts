/**
 * The gas model's arithmetic, exactly (localnet/CHAIN.md, "Gas"; the v1.48.0 schedule): intrinsic
 * gas by size, the meter's execution and io counters, rounding up to whole units, and the limit at
 * equality.
 */
import { describe, expect, it } from 'vitest';
import { GasMeter, intrinsicGasUnits, OutOfGas } from '../../localnet/executor/gas.ts';

describe('intrinsicGasUnits', () => {
  it('27.6 units up to 600 bytes, plus 0.01158 per byte above, rounded up', () => {
    expect(intrinsicGasUnits(0)).toBe(28n);
    expect(intrinsicGasUnits(600)).toBe(28n);
    // 27,600,000 + 11,580 internal units: still 28 whole units.
    expect(intrinsicGasUnits(601)).toBe(28n);
    // 27,600,000 + 400 × 11,580 = 32,232,000: 33 units.
    expect(intrinsicGasUnits(1000)).toBe(33n);
    // 27,600,000 + 35 × 11,580 = 28,005,300: just over 28 units.
    expect(intrinsicGasUnits(635)).toBe(29n);
    // 27,600,000 + 34 × 11,580 = 27,993,720: 28 units.
    expect(intrinsicGasUnits(634)).toBe(28n);
  });
});

describe('GasMeter', () => {
  it('starts at the intrinsic cost and adds execution and io separately', () => {
    const meter = new GasMeter(100n, 700);
    expect(meter.transactionBytes).toBe(700);
    expect(meter.execution).toBe(27_600_000 + 100 * 11_580);
    expect(meter.io).toBe(0);
    meter.chargeExecution(1_500_000);
    meter.chargeIo(3_023_850);
    expect(meter.execution).toBe(28_758_000 + 1_500_000);
    expect(meter.io).toBe(3_023_850);
    expect(meter.used).toBe(33_281_850);
    expect(meter.units()).toBe(34n);
  });

  it('allows exactly max gas, and stops one internal unit past it', () => {
    const meter = new GasMeter(50n, 600);
    meter.chargeExecution(20_000_000);
    meter.chargeIo(2_400_000);
    expect(meter.used).toBe(50_000_000);
    expect(meter.units()).toBe(50n);
    let caught: unknown;
    try {
      meter.chargeIo(1);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(OutOfGas);
    expect((caught as Error).name).toBe('OutOfGas');
    const execution = new GasMeter(28n, 600);
    expect(() => execution.chargeExecution(400_001)).toThrow(OutOfGas);
  });
});
