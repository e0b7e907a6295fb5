import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrations, parseRunFile, RunFileError, serializeRunFile } from '../../schemas/runFile';
import { RUN_RECORD_SCHEMA_VERSION } from '../../machines';
import { sampleRun } from './sampleRuns';

function refusal(text: string): RunFileError {
  try {
    parseRunFile(text);
  } catch (error) {
    if (error instanceof RunFileError) return error;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('run files (schemas/run-record.schema.json)', () => {
  it('round-trips runs through export and import', () => {
    const runs = [sampleRun({ id: 'a' }), sampleRun({ id: 'b', retryOf: 'a', attempt: 2 })];
    const parsed = parseRunFile(serializeRunFile(runs, new Date(0)));
    expect(parsed.runs).toEqual(runs);
    expect(parsed.exportedAt).toBe('1970-01-01T00:00:00.000Z');
  });

  it('round-trips a sponsored multi-agent run: kind, signers, fee payer and who paid', () => {
    const base = sampleRun({ id: 'multi' });
    const signers = [
      { role: 'sender' as const, address: '0xa11ce', index: 0 },
      { role: 'secondary' as const, address: '0xb0b', index: 1 },
      { role: 'feePayer' as const, address: null, index: 2 },
    ];
    const run = {
      ...base,
      draft: {
        ...base.draft,
        kind: 'multiAgentSponsored' as const,
        secondarySigners: ['0xb0b'],
        feePayer: null,
      },
      chain: {
        ...base.chain,
        built: {
          rawTransactionHex: '0x00',
          sender: '0xa11ce',
          sequenceNumber: '0',
          maxGasAmount: '2000',
          gasUnitPrice: '100',
          expirationTimestampSecs: '1700000060',
          chainId: 4,
          kind: 'multiAgentSponsored' as const,
          signers,
          feePayerAddress: '0x0',
        },
        simulation: {
          success: true,
          vmStatus: 'Executed successfully',
          gasUsed: '7',
          gasUnitPrice: '100',
          events: [],
          changes: [],
          feePaidBy: '0xca5e',
        },
      },
      walletRequests: [
        {
          request: 'signTransaction' as const,
          status: 'APPROVED' as const,
          attempt: 1,
          signer: signers[1],
        },
      ],
    };
    expect(parseRunFile(serializeRunFile([run], new Date(0))).runs).toEqual([run]);
    const wrongRole = {
      ...run,
      walletRequests: [{ ...run.walletRequests[0], signer: { ...signers[1], role: 'cosigner' } }],
    };
    expect(() => parseRunFile(serializeRunFile([wrongRole as typeof run], new Date(0)))).toThrow(
      /role/,
    );
  });

  it('is published as a JSON Schema file', () => {
    const schema = JSON.parse(readFileSync('schemas/run-record.schema.json', 'utf8')) as {
      $schema: string;
      properties: { schemaVersion: { const: number } };
    };
    expect(schema.$schema).toContain('json-schema.org');
    expect(schema.properties.schemaVersion.const).toBe(RUN_RECORD_SCHEMA_VERSION);
  });

  it('names the first bad path and what was expected', () => {
    const file = JSON.parse(serializeRunFile([sampleRun({ id: 'a' })])) as {
      runs: Array<{ chain: { hash: unknown } }>;
    };
    file.runs[0].chain.hash = 42;
    const error = refusal(JSON.stringify(file));
    expect(error.code).toBe('invalid');
    expect(error.path).toBe('runs[0].chain.hash');
    expect(error.message).toMatch(/^runs\[0\]\.chain\.hash: expected /);
  });

  it('names a missing field', () => {
    const file = JSON.parse(serializeRunFile([sampleRun({ id: 'a' })])) as {
      runs: Array<Record<string, unknown>>;
    };
    delete file.runs[0].draft;
    expect(refusal(JSON.stringify(file)).message).toBe('runs[0]: expected a field "draft".');
  });

  it('refuses text that is not JSON, and a wrong schemaVersion, clearly', () => {
    expect(refusal('{ not json').code).toBe('notJson');
    const newer = refusal(
      JSON.stringify({ format: 'transaction-workbench.runs', schemaVersion: 3, runs: [] }),
    );
    expect(newer.code).toBe('schemaVersion');
    expect(newer.message).toContain('schemaVersion 3');
    expect(newer.message).toContain('newer workbench');
    expect(refusal(JSON.stringify({ runs: [] })).message).toContain(
      'This file has no schemaVersion: it is not a run file',
    );
  });

  it('names a visualizer export and a draft for what they are, and where they go', () => {
    const exported = refusal(
      JSON.stringify({ format: 'workbench-visualizer', version: 1, title: 'Run a', runId: 'a' }),
    );
    expect(exported.path).toBe('format');
    expect(exported.message).toMatch(/^This is a visualizer export .*Visualizer’s Load JSON file/);
    const draft = refusal(
      JSON.stringify({ payload: { function: '0x1::aptos_account::transfer' }, options: {} }),
    );
    expect(draft.message).toMatch(
      /^This is a draft .*tx-workbench run draft\.json --out run\.json/,
    );
  });

  it('takes one run record on its own as a file of one run, checked the same way', () => {
    const run = sampleRun({ id: 'solo' });
    expect(parseRunFile(JSON.stringify(run)).runs).toEqual([run]);
    expect(() => parseRunFile(JSON.stringify({ ...run, transitions: 'x' }))).toThrow(RunFileError);
    const bad = refusal(JSON.stringify({ ...run, draft: undefined }));
    expect(bad.message).toBe('runs[0]: expected a field "draft".');
  });

  it('refuses a file with a private key inside', () => {
    const file = JSON.parse(serializeRunFile([sampleRun({ id: 'a' })])) as {
      runs: Array<{ replay: { answers: unknown[] } }>;
    };
    file.runs[0].replay.answers.push({
      actor: 'signTransaction',
      output: { note: `ed25519-priv-0x${'11'.repeat(32)}` },
    });
    const error = refusal(JSON.stringify(file));
    expect(error.code).toBe('secret');
    expect(error.path).toBe('runs[0].replay.answers[0].output.note');
  });

  it('upgrades a version 1 file (no Move traces) and its runs to version 2', () => {
    expect(Object.keys(migrations)).toEqual(['1']);
    const file = JSON.parse(serializeRunFile([sampleRun({ id: 'old' })], new Date(0))) as {
      schemaVersion: number;
      runs: Array<{ schemaVersion: number }>;
    };
    file.schemaVersion = 1;
    for (const run of file.runs) run.schemaVersion = 1;
    const parsed = parseRunFile(JSON.stringify(file));
    expect(parsed.schemaVersion).toBe(2);
    expect(parsed.runs).toEqual([sampleRun({ id: 'old' })]);
  });
});
