/** `tx-workbench run`'s draft file: what it accepts, and what it says when it cannot. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDraftFile } from '../../cli/draftFile';
import { UsageError } from '../../cli/options';

const dir = mkdtempSync(join(tmpdir(), 'draft-file-'));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
const payload = {
  function: '0x1::aptos_account::transfer',
  typeArguments: [],
  functionArguments: ['0xb0b', '100'],
};

function failure(path: string): UsageError {
  try {
    readDraftFile(path);
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error('expected a UsageError');
}

describe('readDraftFile', () => {
  it('reads a draft, and the first draft of a run file', () => {
    const options = { maxGasAmount: '2000' };
    expect(readDraftFile(file('d.json', JSON.stringify({ payload, options })))).toEqual({
      payload,
      options,
    });
    const run = file('r.json', JSON.stringify({ runs: [{ draft: { payload } }] }));
    expect(readDraftFile(run)).toEqual({ payload });
  });

  it('says there is no such file, and what a draft looks like', () => {
    const { message } = failure(join(dir, 'nope.json'));
    expect(message).toContain(
      `Cannot read the draft ${join(dir, 'nope.json')}: there is no such file.`,
    );
    expect(message).toContain('A draft is JSON: { "payload": { "function"');
  });

  it('says a file is not JSON, with the parser’s position', () => {
    const { message } = failure(file('bad.json', '{"payload": {"function": "0x1::a::b"'));
    expect(message).toMatch(/it is not JSON \(.*position \d+\)/);
  });

  it('names the shape when the payload or its function is missing or malformed', () => {
    expect(failure(file('shape.json', JSON.stringify({ function: 'x' }))).message).toContain(
      'A draft is JSON',
    );
    expect(
      failure(file('fn.json', JSON.stringify({ payload: { function: 'transfer' } }))).message,
    ).toContain('payload.function must look like 0x1::module::function');
  });
});
