/**
 * The transaction machine's chain actors (build, simulate, submit, wait, look up) over the ts-sdk,
 * shared by the browser (`src/actors/`) and the headless runner (`cli/`). Plain ts-sdk and xstate:
 * no DOM, no Node (`tsconfig.chainActors.json` has neither in scope).
 */
export {
  authenticatorVerifies,
  buildFromDraft,
  buildOptions,
  createChainActors,
  describeSignature,
  keyTypeOf,
  kindOf,
  signatureCountOf,
  signerSlots,
  toBuiltTransaction,
  transactionForSigner,
  toHex,
  transactionFromHex,
  u64Number,
} from './chainActors';
export { promiseActor } from './promiseActor';
export type { PromiseActorArgs } from './promiseActor';
export type { ChainActors, ChainActorsArgs } from './chainActors';
