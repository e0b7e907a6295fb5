/**
 * The test generator alone (replay/exportTest.ts), on runs built by hand: which accounts it
 * recreates and how the draft names them, what it says of a devnet run, and that what it writes
 * is TypeScript whatever the run's strings hold.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { WorkbenchRun } from '../../machines';
import { exportTestFile, ExportTestError, expectedOutcome } from '../../replay/exportTest';
import type { ExportInputs } from '../../replay/exportTestInputs';
import { sampleRun } from './sampleRuns';

const A = `0x${'a1'.repeat(32)}`;
const B = `0x${'b2'.repeat(32)}`;
const C = `0x${'c3'.repeat(32)}`;
const PUBLISHER = `0x${'0d'.repeat(32)}`;
const STRANGER = `0x${'ee'.repeat(32)}`;

const inputs = (over: Partial<ExportInputs> = {}): ExportInputs => ({
  packagesVersion: '41',
  balancesVersion: '40',
  notes: [],
  balances: { [A]: '100', [B]: '200', [C]: '18446744073709551615' },
  packages: [],
  ...over,
});

function failedRun(over: Partial<WorkbenchRun> = {}): WorkbenchRun {
  const run = sampleRun({ id: '0123456789abcdef', state: 'failed', tags: ['error', 'outcome'] });
  return {
    ...run,
    chain: {
      ...run.chain,
      version: '41',
      success: false,
      vmStatus: `Move abort in 0xd0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d::pool: ENOPE(0x10001): it's "no"`,
    },
    ...over,
  };
}

/** Syntax errors TypeScript finds in a file. */
function syntaxErrors(text: string): string[] {
  const out = ts.transpileModule(text, { reportDiagnostics: true, fileName: 'x.test.ts' });
  return (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

/** The string literals in the values of every property `name` of a file. */
function stringsOf(text: string, name: string): string[] {
  const found: string[] = [];
  const collect = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text);
    ts.forEachChild(node, collect);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && node.name.getText() === name) collect(node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true));
  return found;
}

describe('exportTestFile', () => {
  it('recreates each account once and names them in the draft, the type arguments and the status', () => {
    const run = failedRun({
      draft: {
        sender: A,
        kind: 'multiAgentSponsored',
        secondarySigners: [B],
        feePayer: C,
        payload: {
          function: `${PUBLISHER}::pool::swap`,
          typeArguments: [`${PUBLISHER}::coin::Mine<${A}::x::Y>`, '0x1::aptos_coin::AptosCoin'],
          functionArguments: [A, [B, STRANGER], "it's", true, '1000'],
        },
        options: { maxGasAmount: '5000', gasUnitPrice: '150' },
      },
    });
    const pkg = {
      address: PUBLISHER,
      metadata: {
        name: 'Pool',
        upgrade_policy: { policy: 1 },
        upgrade_number: '0',
        source_digest: 'D',
        manifest: '0x',
        modules: [{ name: 'pool', source: '0x', source_map: '0x', extension: { vec: [] } }],
        deps: [{ account: '0x1', package_name: 'AptosFramework' }],
        extension: { vec: [] },
      },
      modules: [{ name: 'pool', bytecode: '0xa11ceb0b' }],
    };
    const { text, fileName } = exportTestFile(run, inputs({ packages: [pkg] }));
    expect(fileName).toBe('run-01234567.test.ts');
    expect(syntaxErrors(text)).toEqual([]);
    expect(text).toContain(`/* 0 */ { role: 'sender', was: '${A}', balance: 100n }`);
    expect(text).toContain(`/* 1 */ { role: 'secondary signer 1', was: '${B}', balance: 200n }`);
    expect(text).toContain(
      `/* 2 */ { role: 'fee payer', was: '${C}', balance: 18446744073709551615n }`,
    );
    expect(text).toContain(
      `/* 3 */ { role: 'publisher of Pool', was: '${PUBLISHER}', balance: 100000000n }`,
    );
    expect(text).toContain('Some balances could not be read from the chain');
    expect(text).toContain('build.multiAgent');
    expect(text).toContain('secondarySignerAddresses: [address(1)]');
    expect(text).toContain('withFeePayer: true');
    expect(text).toContain('function: `${address(3)}::pool::swap`');
    expect(text).toContain(
      "typeArguments: [`${address(3)}::coin::Mine<${address(0)}::x::Y>`, '0x1::aptos_coin::AptosCoin']",
    );
    expect(text).toContain(
      `functionArguments: [address(0), [address(1), '${STRANGER}'], 'it\\'s', true, '1000']`,
    );
    expect(text).toContain("options: { maxGasAmount: gas('5000'), gasUnitPrice: gas('150') }");
    expect(text).toContain('const result = await submit(transaction, [0, 1], 2);');
    expect(text).toContain(
      'vmStatus: `Move abort in ${short(3)}::pool: ENOPE(0x10001): it\'s "no"`',
    );
    expect(text).toContain("abortCode: '0x10001'");
    expect(text).toContain('publishes Pool again');
    expect(text).not.toContain('NOT REPRODUCED OFFLINE');
  });

  it('says what a devnet run cannot reproduce, and still runs the same call', () => {
    const run = failedRun({
      network: { name: 'devnet', chainId: 174, nodeUrl: 'https://api.devnet.aptoslabs.com/v1' },
    });
    const { text } = exportTestFile(run, inputs());
    expect(syntaxErrors(text)).toEqual([]);
    expect(text).toContain('NOT REPRODUCED OFFLINE: the run was on devnet.');
    expect(text).toContain("the rest of devnet's state");
    expect(text).toContain("function: '0x1::aptos_account::transfer'");
    expect(text).toContain('const result = await submit(transaction, [0], null);');
  });

  it('simulates a run that stopped at its simulation, and gives a fee payer it did not name a fresh account', () => {
    const base = sampleRun({ id: 'sim', state: 'simulated.failure', tags: ['error', 'outcome'] });
    const run: WorkbenchRun = {
      ...base,
      draft: { ...base.draft, sender: A, kind: 'sponsored', feePayer: null },
      chain: {
        ...base.chain,
        simulation: {
          success: false,
          vmStatus: 'INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE',
          gasUsed: '0',
          gasUnitPrice: '100',
          events: [],
          changes: [],
        },
      },
    };
    const { text } = exportTestFile(run, inputs());
    expect(syntaxErrors(text)).toEqual([]);
    expect(text).toContain("/* 1 */ { role: 'fee payer', was: null, balance: 100000000n }");
    expect(text).toContain('const result = await simulate(transaction, [0], 1);');
    expect(text).toContain("vmStatus: 'INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE'");
    expect(text).toContain('abortCode: null');
    expect(text).toContain('the failure "INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE"');
  });

  it('writes TypeScript whatever the run’s strings hold', () => {
    const hostile = "ends */ a comment,\n a line, `a template ${x}`, \\ and 'quotes'";
    const base = failedRun();
    const run = failedRun({
      chain: { ...base.chain, vmStatus: hostile },
      draft: {
        ...base.draft,
        payload: { ...base.draft.payload, functionArguments: [hostile, [hostile]] },
      },
    });
    const { text } = exportTestFile(run, inputs({ notes: [hostile] }));
    expect(syntaxErrors(text)).toEqual([]);
    // The strings stay whole: the status the test expects, and the argument it sends.
    expect(stringsOf(text, 'vmStatus')).toContain(hostile);
    expect(stringsOf(text, 'functionArguments')).toEqual([hostile, hostile]);
  });

  it('submits a run the node refused and asserts the refusal; one tied to the sequence number or the clock cannot be reproduced', () => {
    const refusedRun = (name: string) => {
      const run = sampleRun({ id: name, state: 'submitRejected', tags: ['error', 'outcome'] });
      return {
        ...run,
        // A simulation that passed before the refusal is not what the test asserts.
        chain: {
          ...run.chain,
          simulation: {
            success: true,
            vmStatus: 'Executed successfully',
            gasUsed: '5',
            gasUnitPrice: '100',
            events: [],
            changes: [],
          },
        },
        outcome: {
          step: 'submit' as const,
          state: 'submitRejected' as const,
          details: {
            summary: 'refused',
            source: 'node' as const,
            vmErrorCode: 5,
            vmErrorName: name,
          },
        },
      };
    };
    const { text } = exportTestFile(
      refusedRun('INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE'),
      inputs(),
    );
    expect(syntaxErrors(text)).toEqual([]);
    expect(text).toContain('const result = await submitOrRefusal(transaction, [0], null);');
    expect(text).toContain("vmStatus: 'INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE'");
    expect(text).toContain("the node's refusal INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE");
    for (const name of ['SEQUENCE_NUMBER_TOO_OLD', 'TRANSACTION_EXPIRED']) {
      expect(() => exportTestFile(refusedRun(name), inputs())).toThrow(
        `was refused with ${name}, which follows that account's sequence number or the clock`,
      );
    }
  });

  it('refuses a run the chain never executed', () => {
    const run = sampleRun({ id: 'rejected', state: 'rejected', tags: ['error', 'outcome'] });
    expect(() => expectedOutcome(run)).toThrow(ExportTestError);
    expect(() => exportTestFile(run, inputs())).toThrow(
      'Run rejected ended at rejected before the chain executed it',
    );
  });
});
