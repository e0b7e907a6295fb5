/**
 * The gas model's arithmetic, exactly (localnet/README.md): intrinsic gas by size, the meter's
 * execution and io counters, rounding up to whole units, and the limit at equality.
 */
import { describe, expect, it } from 'vitest';
import { GasMeter, intrinsicGasUnits, OutOfGas } from '../../localnet/executor/gas.ts';

describe('intrinsicGasUnits', () => {
  it('2.76 units up to 600 bytes, plus 0.001147 per byte above, rounded up', () => {
    expect(intrinsicGasUnits(0)).toBe(3n);
    expect(intrinsicGasUnits(600)).toBe(3n);
    // 2,760,000 + 1,147 internal units: still 3 whole units.
    expect(intrinsicGasUnits(601)).toBe(3n);
    // 2,760,000 + 400 × 1,147 = 3,218,800: 4 units.
    expect(intrinsicGasUnits(1000)).toBe(4n);
    // 2,760,000 + 210 × 1,147 = 3,000,870: just over 3 units.
    expect(intrinsicGasUnits(810)).toBe(4n);
    // 2,760,000 + 209 × 1,147 = 2,999,723: 3 units.
    expect(intrinsicGasUnits(809)).toBe(3n);
  });
});

describe('GasMeter', () => {
  it('starts at the intrinsic cost and adds execution and io separately', () => {
    const meter = new GasMeter(10n, 700);
    expect(meter.transactionBytes).toBe(700);
    expect(meter.execution).toBe(2_760_000 + 100 * 1_147);
    expect(meter.io).toBe(0);
    meter.chargeExecution(1_500_000);
    meter.chargeIo(300_000);
    expect(meter.execution).toBe(2_874_700 + 1_500_000);
    expect(meter.io).toBe(300_000);
    expect(meter.used).toBe(4_674_700);
    expect(meter.units()).toBe(5n);
  });

  it('allows exactly max gas, and stops one internal unit past it', () => {
    const meter = new GasMeter(5n, 600);
    meter.chargeExecution(2_000_000);
    meter.chargeIo(240_000);
    expect(meter.used).toBe(5_000_000);
    expect(meter.units()).toBe(5n);
    let caught: unknown;
    try {
      meter.chargeIo(1);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(OutOfGas);
    expect((caught as Error).name).toBe('OutOfGas');
    const execution = new GasMeter(3n, 600);
    expect(() => execution.chargeExecution(240_001)).toThrow(OutOfGas);
  });
});
