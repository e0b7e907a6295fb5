import { readFileSync } from 'node:fs';
import type { DraftOptions } from '../machines';
import type { HeadlessPayload } from './headless';
import { UsageError } from './options';

/** A draft file for `tx-workbench run`: the payload and options (the sender is the key's). */
export interface DraftFile {
  payload: HeadlessPayload;
  options?: DraftOptions;
}

const DRAFT_SHAPE =
  'A draft is JSON: { "payload": { "function": "0x1::module::function", "functionArguments": [...] }, "options": {...} }.';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a draft file: `{ "payload": { "function": "0x1::m::f", "typeArguments": [],
 * "functionArguments": [] }, "options": { "maxGasAmount": "2000" } }`. A run file's draft
 * (`runs[0].draft`) is accepted too.
 *
 * @throws UsageError naming what is wrong.
 */
export function readDraftFile(path: string): DraftFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new UsageError(
      missing
        ? `Cannot read the draft ${path}: there is no such file. ${DRAFT_SHAPE}`
        : `Cannot read the draft ${path}: ${(error as Error).message}`,
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `Cannot read the draft ${path}: it is not JSON (${(error as Error).message}). ${DRAFT_SHAPE}`,
    );
  }
  const fromRun =
    isObject(data) && Array.isArray(data.runs) && isObject(data.runs[0])
      ? data.runs[0].draft
      : data;
  if (
    !isObject(fromRun) ||
    !isObject(fromRun.payload) ||
    typeof fromRun.payload.function !== 'string'
  ) {
    throw new UsageError(`${path}: ${DRAFT_SHAPE}`);
  }
  if (!/^[^:]+::[^:]+::[^:]+$/.test(fromRun.payload.function)) {
    throw new UsageError(`${path}: payload.function must look like 0x1::module::function.`);
  }
  return {
    payload: fromRun.payload as unknown as HeadlessPayload,
    ...(isObject(fromRun.options) ? { options: fromRun.options as DraftOptions } : {}),
  };
}
