/**
 * Captures what the real ts-sdk produces against the embedded local chain, for the classifier's
 * table test: `npx tsx tests/cli/captureSdkFixtures.ts` rewrites tests/fixtures/sdkResults.json.
 *
 * Each entry is `{ step, produced: { output } | { error } }`, serialized with the machines' own
 * `toJsonValue` (errors keep name, message and own fields such as `status` and `data`). The
 * wallet adapter's errors are derived the way the adapter derives them: it throws
 * `generalizedErrorMessage(error)`, i.e. the SDK error's `message` string, and a user rejection
 * as the string "User has rejected the request" (wallet-adapter-core src/WalletCore.ts).
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Account } from '@aptos-labs/ts-sdk';
import type { Aptos } from '@aptos-labs/ts-sdk';
import { format, resolveConfig } from 'prettier';
import { startLocalnet } from '../../localnet/index';
import { toJsonValue } from '../../machines';
import type { EntryFunctionDraft, JsonValue, OutcomeStep } from '../../machines';
import { buildFromDraft, transactionFromHex, toBuiltTransaction } from '../../cli/actors';
import { createAptos } from '../../cli/headless';

/** One captured result. */
export interface SdkFixture {
  step: OutcomeStep;
  produced: { output: JsonValue } | { error: JsonValue };
}

export const FIXTURE_FILE = fileURLToPath(new URL('../fixtures/sdkResults.json', import.meta.url));

/** JSON of a thrown value, without the request body (large, and not what classification reads). */
export function serializeThrown(error: unknown): JsonValue {
  const json = toJsonValue(error);
  if (json !== null && typeof json === 'object' && !Array.isArray(json)) {
    const request = json.request;
    if (request !== null && typeof request === 'object' && !Array.isArray(request)) {
      json.request = {
        method: request.method ?? null,
        url: request.url ?? null,
        path: request.path ?? null,
      };
    }
  }
  return json;
}

async function produced(run: () => Promise<unknown>): Promise<SdkFixture['produced']> {
  try {
    return { output: toJsonValue(await run()) };
  } catch (error) {
    return { error: serializeThrown(error) };
  }
}

const transfer = (to: string, amount: string): EntryFunctionDraft => ({
  function: '0x1::aptos_account::transfer',
  typeArguments: [],
  functionArguments: [to, amount],
});

/** Provokes every result the classifier must tell apart; returns them by name. */
export async function captureSdkFixtures(): Promise<Record<string, SdkFixture>> {
  const localnet = await startLocalnet({ blockTimeMs: 0, ephemeral: true, ports: 'auto' });
  const fixtures: Record<string, SdkFixture> = {};
  const capture = async (name: string, step: OutcomeStep, run: () => Promise<unknown>) => {
    fixtures[name] = { step, produced: await produced(run) };
  };
  try {
    const aptos = createAptos({
      nodeUrl: localnet.urls.rest,
      faucetUrl: localnet.urls.faucet,
      indexerUrl: localnet.urls.indexer,
    });
    const dead = createAptos({ nodeUrl: 'http://127.0.0.1:9/v1' });
    const alice = Account.generate();
    const bob = Account.generate().accountAddress.toString();
    await aptos.fundAccount({ accountAddress: alice.accountAddress, amount: 100_000_000 });
    const draft = (payload: EntryFunctionDraft, options = {}) => ({
      sender: alice.accountAddress.toString(),
      payload,
      options,
    });
    const build = (client: Aptos, payload = transfer(bob, '1000'), options = {}) =>
      buildFromDraft(client, draft(payload, options), Date.now());
    const signAndSubmit = async (options = {}, payload = transfer(bob, '1000')) => {
      const transaction = await build(aptos, payload, options);
      return aptos.signAndSubmitTransaction({ signer: alice, transaction });
    };

    await capture('build.moduleNotFound', 'build', () =>
      build(aptos, { ...transfer(bob, '1'), function: '0x1::no_such_module::transfer' }),
    );
    await capture('build.functionNotFound', 'build', () =>
      build(aptos, { ...transfer(bob, '1'), function: '0x1::aptos_account::no_such_function' }),
    );
    await capture('build.badArgument', 'build', () => build(aptos, transfer(bob, 'not-a-number')));

    const simulate = async (client: Aptos, payload = transfer(bob, '1000'), options = {}) =>
      client.transaction.simulate.simple({
        signerPublicKey: alice.publicKey,
        transaction: transactionFromHex(
          toBuiltTransaction(await build(aptos, payload, options)).rawTransactionHex,
        ),
      });
    await capture('simulate.success', 'simulate', () => simulate(aptos));
    await capture('simulate.insufficientBalance', 'simulate', () =>
      simulate(aptos, transfer(bob, '1000000000000')),
    );

    // The SDK's HTTP client retries a refused connection for about 3 s: capture these together.
    const transaction = await build(aptos);
    const someHash = `0x${'00'.repeat(32)}`;
    await Promise.all([
      capture('build.transport', 'build', () => build(dead)),
      capture('simulate.transport', 'simulate', () => simulate(dead)),
      capture('submit.transport', 'submit', () =>
        dead.signAndSubmitTransaction({ signer: alice, transaction }),
      ),
      capture('wait.transport', 'wait', () =>
        dead.waitForTransaction({ transactionHash: someHash, options: { timeoutSecs: 1 } }),
      ),
      capture('lookup.transport', 'lookup', () =>
        dead.getTransactionByHash({ transactionHash: someHash }),
      ),
    ]);

    const first = await signAndSubmit();
    await capture('wait.committed', 'wait', () =>
      aptos.waitForTransaction({ transactionHash: first.hash }),
    );
    await capture('lookup.committed', 'lookup', async () => ({
      status: 'found',
      transaction: await aptos.getTransactionByHash({ transactionHash: first.hash }),
    }));
    await capture('simulate.sequenceNumberTooOld', 'simulate', () =>
      simulate(aptos, transfer(bob, '1'), { sequenceNumber: '0' }),
    );
    await capture('submit.accepted', 'submit', () => signAndSubmit());
    await capture('submit.sequenceNumberTooOld', 'submit', () =>
      signAndSubmit({ sequenceNumber: '0' }),
    );
    await capture('submit.transactionExpired', 'submit', () =>
      signAndSubmit({ expirationSecs: -10 }),
    );
    const pauper = Account.generate();
    await capture('submit.insufficientBalanceForFee', 'submit', async () => {
      const transaction = await buildFromDraft(
        aptos,
        { sender: pauper.accountAddress.toString(), payload: transfer(bob, '1'), options: {} },
        Date.now(),
      );
      return aptos.signAndSubmitTransaction({ signer: pauper, transaction });
    });
    localnet.node.setFaults({ rejectNext: 1 });
    await capture('submit.mempoolFull', 'submit', () => signAndSubmit());

    const playground = `${localnet.playgroundAddress}::playground`;
    const abort = await signAndSubmit(
      {},
      {
        function: `${playground}::abort_with` as `${string}::${string}::${string}`,
        typeArguments: [],
        functionArguments: ['42'],
      },
    );
    await capture('wait.moveAbort', 'wait', () =>
      aptos.waitForTransaction({ transactionHash: abort.hash }),
    );
    await capture('wait.moveAbortUnchecked', 'wait', () =>
      aptos.waitForTransaction({ transactionHash: abort.hash, options: { checkSuccess: false } }),
    );
    const outOfGas = await signAndSubmit(
      { maxGasAmount: '50' },
      {
        function: `${playground}::burn_gas` as `${string}::${string}::${string}`,
        typeArguments: [],
        functionArguments: ['1000000'],
      },
    );
    await capture('wait.outOfGas', 'wait', () =>
      aptos.waitForTransaction({ transactionHash: outOfGas.hash }),
    );

    localnet.node.setFaults({ holdNext: 1 });
    const held = await signAndSubmit({ expirationSecs: 30 });
    await capture('wait.timeout', 'wait', () =>
      aptos.waitForTransaction({ transactionHash: held.hash, options: { timeoutSecs: 1 } }),
    );
    await capture('lookup.pending', 'lookup', async () => ({
      status: 'found',
      transaction: await aptos.getTransactionByHash({ transactionHash: held.hash }),
    }));
    localnet.node.dropPending(held.hash);
    await capture('lookup.notFoundError', 'lookup', () =>
      aptos.getTransactionByHash({ transactionHash: held.hash }),
    );

    const tooOld = fixtures['submit.sequenceNumberTooOld']?.produced;
    const expired = fixtures['submit.transactionExpired']?.produced;
    const messageOf = (result: SdkFixture['produced'] | undefined) => {
      const error = result && 'error' in result ? result.error : null;
      return error !== null && typeof error === 'object' && !Array.isArray(error)
        ? String(error.message)
        : '';
    };
    fixtures['adapter.signAndSubmitSequenceNumberTooOld'] = {
      step: 'signAndSubmit',
      produced: { error: messageOf(tooOld) },
    };
    fixtures['adapter.signAndSubmitExpired'] = {
      step: 'signAndSubmit',
      produced: { error: messageOf(expired) },
    };
    fixtures['adapter.signRejected'] = {
      step: 'sign',
      produced: { error: 'User has rejected the request' },
    };
    fixtures['adapter.signAndSubmitRejected'] = {
      step: 'signAndSubmit',
      produced: { error: 'User has rejected the request' },
    };
    return fixtures;
  } finally {
    await localnet.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const fixtures = await captureSdkFixtures();
  const options = await resolveConfig(FIXTURE_FILE);
  const text = await format(JSON.stringify(fixtures), { ...options, filepath: FIXTURE_FILE });
  await writeFile(FIXTURE_FILE, text);
  process.stdout.write(`wrote ${Object.keys(fixtures).length} fixtures to ${FIXTURE_FILE}\n`);
}
