import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MoveAbort } from '../../../localnet/framework/context.ts';
import { abortReason, frameworkErrorMap } from '../../../localnet/move/vm/errorMap.ts';
import { FRAMEWORK_ERRORS } from '../../../localnet/move/vm/errorMapFramework.ts';
import { STD_ERRORS } from '../../../localnet/move/vm/errorMapStd.ts';
import { isFrameworkModule } from '../../../localnet/move/vm/frameworkModules.ts';
import { STATUS_CODES, statusType } from '../../../localnet/move/vm/statusCodes.ts';

/**
 * The chain's one catalog of VM statuses (move-core-types `StatusCode`) and the framework's
 * error map: known values, no second table of status numbers anywhere in `localnet/`, and the
 * map against the framework's sources (`../shared/reference/aptos-framework`, tests only).
 */
describe('the status catalog', () => {
  it("has move-core-types' numbers", () => {
    expect(STATUS_CODES).toMatchObject({
      INVALID_SIGNATURE: 1,
      SEQUENCE_NUMBER_TOO_OLD: 3,
      FEATURE_UNDER_GATING: 26,
      ACCOUNT_AUTHENTICATION_GAS_LIMIT_EXCEEDED: 41,
      TRANSACTION_EXPIRATION_TOO_FAR_IN_FUTURE: 44,
      INVALID_MAIN_FUNCTION_SIGNATURE: 1011,
      LINKER_ERROR: 1081,
      USER_DEFINED_NATIVE_NOT_ALLOWED: 1127,
      UNKNOWN_INVARIANT_VIOLATION_ERROR: 2000,
      TYPE_RESOLUTION_FAILURE: 2021,
      MALFORMED: 3001,
      CODE_DESERIALIZATION_ERROR: 3024,
      OUT_OF_GAS: 4002,
      MISSING_DATA: 4008,
      ABORTED: 4016,
      ARITHMETIC_ERROR: 4017,
      STRUCT_VARIANT_MISMATCH: 4038,
      ABORT_MESSAGE_LIMIT_EXCEEDED: 4043,
    });
    const numbers = Object.values(STATUS_CODES);
    expect(new Set(numbers).size, 'one name per number').toBe(numbers.length);
  });

  it('types codes by range, as StatusCode::status_type', () => {
    expect([7, 1081, 2021, 3024, 4016, 5000].map(statusType)).toEqual([
      'Validation',
      'Verification',
      'InvariantViolation',
      'Deserialization',
      'Execution',
      'Unknown',
    ]);
  });

  it('is the only status number table in localnet/', () => {
    const names = Object.keys(STATUS_CODES).join('|');
    // `NAME: 1234` (a table entry) or `('NAME', 1234)` (a status built with its number).
    const table = new RegExp(`\\b(${names})['"]?\\s*[:,]\\s*\\d+\\b`);
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        // The package's build output (`npm pack` writes it) and its installs are not sources.
        if (entry.isDirectory()) {
          if (entry.name !== 'dist' && entry.name !== 'node_modules') walk(path);
        } else if (
          path.endsWith('.ts') &&
          path !== join('localnet', 'move', 'vm', 'statusCodes.ts')
        ) {
          readFileSync(path, 'utf8')
            .split('\n')
            .forEach((line, i) => {
              if (table.test(line)) offenders.push(`${path}:${i + 1}: ${line.trim()}`);
            });
        }
      }
    };
    walk('localnet');
    expect(offenders).toEqual([]);
  });
});

const SOURCES = '../shared/reference/aptos-framework';
/** The modules the map covers, read back from its tables' module lines. */
const FRAMEWORK_MODULE_IDS = [STD_ERRORS, FRAMEWORK_ERRORS].flatMap((table) =>
  table.split('\n').filter((line) => /^0x[0-9a-f]+::\w+$/.test(line)),
);
const ADDRESSES: { [pkg: string]: string } = {
  MoveStdlib: '0x1',
  AptosStdlib: '0x1',
  AptosFramework: '0x1',
  AptosTokenObjects: '0x4',
};

/** `E…` constants of a Move source, as the compiler puts them in the error map. */
function sourceErrors(text: string): Map<bigint, { name: string; doc: string }> {
  const errors = new Map<bigint, { name: string; doc: string }>();
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const m =
      /^\s*const\s+(E\w*)\s*:\s*u(?:8|16|32|64|128|256)\s*=\s*(0x[0-9a-fA-F_]+|[0-9_]+)\s*;/.exec(
        line,
      );
    if (m === null) return;
    let j = i - 1;
    let testOnly = false;
    for (; j >= 0 && /^\s*#\[/.test(lines[j] as string); j -= 1) {
      if (/#\[test/.test(lines[j] as string)) testOnly = true;
    }
    if (testOnly) return;
    const doc: string[] = [];
    for (; j >= 0 && /^\s*\/\/\//.test(lines[j] as string); j -= 1) {
      doc.unshift((lines[j] as string).trim().slice(3).trim());
    }
    // Two constants of one value: the compiled error map keeps the first (features.mv names 1
    // EINVALID_FEATURE, not the later EFRAMEWORK_SIGNER_NEEDED).
    const code = BigInt((m[2] as string).replace(/_/g, ''));
    if (errors.has(code)) return;
    errors.set(code, {
      name: m[1] as string,
      doc: doc.join('\n').trim(),
    });
  });
  return errors;
}

describe("the framework's error map", () => {
  it('holds every E constant of the framework modules it names, with its doc comment', () => {
    let modules = 0;
    for (const [pkg, address] of Object.entries(ADDRESSES)) {
      const dir = join(SOURCES, pkg, 'sources');
      for (const file of readdirSync(dir)) {
        const text = readFileSync(join(dir, file), 'utf8');
        const name = /^\s*module\s+(?:0x[0-9a-fA-F]+|\w+)::(\w+)\s*\{/m.exec(text)?.[1] ?? '';
        const ours = frameworkErrorMap(`${address}::${name}`);
        const theirs = sourceErrors(text);
        if (ours === undefined) continue;
        modules += 1;
        expect(new Map(ours), `${address}::${name}`).toEqual(theirs);
      }
    }
    expect(modules).toBeGreaterThanOrEqual(70);
  });

  it('covers every framework module this chain implements', () => {
    const implemented = [
      ...'vector option string error signer bcs from_bcs hash aptos_hash type_info table_with_length simple_map smart_table smart_vector big_vector string_utils ordered_map math64 math128 fixed_point32 fixed_point64 ed25519 multi_ed25519 secp256k1'.split(
        ' ',
      ),
      ...'account account_abstraction aptos_account aptos_coin chain_status code coin event function_info fungible_asset multisig_account object primary_fungible_store timestamp transaction_context transaction_fee'.split(
        ' ',
      ),
    ].map((name) => `0x1::${name}`);
    const tokens = ['aptos_token', 'collection', 'property_map', 'royalty', 'token'].map(
      (name) => `0x4::${name}`,
    );
    // A module without E constants has no map: `error`, `signer`, `bcs`, `hash`, … name nothing.
    const withErrors = [...implemented, ...tokens].filter((module) => {
      const [address, name] = module.split('::') as [string, string];
      expect(isFrameworkModule(address, name), module).toBe(true);
      return frameworkErrorMap(module) !== undefined;
    });
    expect(withErrors.length).toBeGreaterThanOrEqual(30);
  });

  it('agrees with the codes the native framework raises (name and reason)', () => {
    const reasons = new Map<string, Set<bigint>>();
    for (const module of FRAMEWORK_MODULE_IDS) {
      for (const [code, { name }] of frameworkErrorMap(module) ?? []) {
        reasons.set(name, (reasons.get(name) ?? new Set()).add(code));
      }
    }
    const mismatches: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (path.endsWith('.ts')) {
          const text = readFileSync(path, 'utf8');
          const raised = /moduleError\(\s*[\w.]+,\s*(0x[0-9a-f]+|\d+)n,\s*'(E\w*)'/g;
          for (const [, reason, name] of text.matchAll(raised)) {
            const codes = reasons.get(name as string);
            // Modules outside the framework (the playground) have their own constants.
            if (codes !== undefined && !codes.has(BigInt(reason as string)))
              mismatches.push(`${path}: ${name} ${reason}`);
          }
        }
      }
    };
    walk(join('localnet', 'framework'));
    expect(mismatches).toEqual([]);
  });

  it("finds a code's constant as a node does: the low 12 bits, then the whole code", () => {
    const vector = frameworkErrorMap('0x1::vector');
    const coin = frameworkErrorMap('0x1::coin');
    expect(vector && abortReason(vector, 0x20000n)?.name).toBe('EINDEX_OUT_OF_BOUNDS');
    expect(coin && abortReason(coin, 0x10006n)?.name).toBe('EINSUFFICIENT_BALANCE');
    // Bits 12–15 are not the reason: 0x1006 looks up 6, as `code & 0xFFF` does.
    expect(coin && abortReason(coin, 0x1006n)?.name).toBe('EINSUFFICIENT_BALANCE');
    expect(vector && abortReason(vector, 0x30000n)).toBeNull();
  });

  it('names every abort in a framework module, whatever raised it', () => {
    expect(new MoveAbort('0x1::vector', 0x20000n).vmStatus).toBe(
      'Move abort in 0x1::vector: EINDEX_OUT_OF_BOUNDS(0x20000): The index into the vector is out of bounds',
    );
    // The framework's map wins over a reason the native gave.
    expect(new MoveAbort('0x1::coin', 0x60003n, { name: 'WRONG', doc: 'wrong' }).vmStatus).toBe(
      "Move abort in 0x1::coin: ECOIN_INFO_NOT_PUBLISHED(0x60003): `CoinType` hasn't been initialized as a coin",
    );
    expect(new MoveAbort('0xcafe::m', 7n, { name: 'E_MINE', doc: 'mine' }).vmStatus).toBe(
      'Move abort in 0xcafe::m: E_MINE(0x7): mine',
    );
    expect(new MoveAbort('0x1::table', 0x6500n).vmStatus).toBe('Move abort in 0x1::table: 0x6500');
  });
});
