import { readFileSync } from 'node:fs';
import { Account } from '@aptos-labs/ts-sdk';
import type { Aptos, Ed25519Account } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAptos, createHeadlessSession, runHeadless } from '../../cli/headless';
import type { HeadlessOptions } from '../../cli/headless';
import { transactionFromHex } from '../../cli/actors';
import { startLocalnet } from '../../localnet/index';
import type { Localnet } from '../../localnet/index';
import { classifyOutcome } from '../../machines';
import type { OutcomeStep, Produced, RunRecord } from '../../machines';
import { captureSdkFixtures } from './captureSdkFixtures';

let localnet: Localnet;
let aptos: Aptos;
let alice: Ed25519Account;
let base: Omit<HeadlessOptions, 'payload'>;

const transfer = (amount: string) => ({
  function: '0x1::aptos_account::transfer' as const,
  functionArguments: [Account.generate().accountAddress.toString(), amount],
});
const playground = (name: string, ...args: string[]) => ({
  function:
    `${localnet.playgroundAddress}::playground::${name}` as `${string}::${string}::${string}`,
  functionArguments: args,
});
const path = (record: RunRecord) => record.transitions.map((t) => t.target);

beforeAll(async () => {
  localnet = await startLocalnet({ blockTimeMs: 0, ephemeral: true, ports: 'auto' });
  aptos = createAptos({
    nodeUrl: localnet.urls.rest,
    faucetUrl: localnet.urls.faucet,
    indexerUrl: localnet.urls.indexer,
  });
  alice = Account.generate();
  await aptos.fundAccount({ accountAddress: alice.accountAddress, amount: 1_000_000_000 });
  base = {
    nodeUrl: localnet.urls.rest,
    networkName: 'local',
    privateKey: alice.privateKey.toAIP80String(),
    aptos,
  };
}, 30_000);

afterAll(async () => {
  await localnet?.stop();
});

describe('headless driver against the local chain', { timeout: 30_000 }, () => {
  it('reaches committed, with the chain facts in the record', async () => {
    const record = await runHeadless({ ...base, payload: transfer('1000') });
    expect(record.state).toBe('committed');
    expect(path(record)).toEqual([
      'editing',
      'building',
      'built',
      'simulating',
      'simulated.success',
      'signing.signOnly',
      'signed',
      'submitting',
      'pending',
      'committed',
    ]);
    expect(record.network).toEqual({ name: 'local', chainId: 4, nodeUrl: localnet.urls.rest });
    expect(record.walletRequests).toEqual([
      { request: 'signTransaction', status: 'APPROVED', attempt: 1 },
    ]);
    const onChain = await aptos.getTransactionByHash({ transactionHash: record.chain.hash ?? '' });
    expect(onChain).toMatchObject({
      hash: record.chain.hash,
      version: record.chain.version,
      success: true,
    });
    expect(record.chain.gasUsed).toMatch(/^\d+$/);
    expect(record.chain.events.length).toBeGreaterThan(0);
    const raw = transactionFromHex(record.chain.rawTransactionHex ?? '').rawTransaction;
    expect(raw.sender.toString()).toBe(alice.accountAddress.toString());
    expect(record.timing.stepDurationsMs.pending).toBeGreaterThanOrEqual(0);
    const text = JSON.stringify(record);
    expect(JSON.parse(text)).toEqual(record);
    expect(text).not.toContain(alice.privateKey.toString().slice(2));
  });

  it('goes signing → pending directly with a sign-and-submit signer', async () => {
    const record = await runHeadless({
      ...base,
      signingMode: 'signAndSubmit',
      payload: transfer('1'),
    });
    expect(record.state).toBe('committed');
    expect(path(record)).toContain('signing.signAndSubmit');
    expect(path(record)).not.toContain('signed');
    expect(record.walletRequests).toEqual([
      { request: 'signAndSubmitTransaction', status: 'APPROVED', attempt: 1 },
    ]);
  });

  it('stops at simulated.failure on insufficient balance', async () => {
    const record = await runHeadless({ ...base, payload: transfer('100000000000000') });
    expect(record.state).toBe('simulated.failure');
    expect(record.chain.simulation?.success).toBe(false);
    expect(record.chain.simulation?.vmStatus).toMatch(/EINSUFFICIENT_BALANCE/);
    expect(record.chain.hash).toBeNull();
  });

  it('reaches failed on a playground abort, keeping VM status and gas', async () => {
    const record = await runHeadless({
      ...base,
      simulation: 'submitAnyway',
      payload: playground('abort_with', '42'),
    });
    expect(record.state).toBe('failed');
    expect(path(record)).toContain('simulated.failure');
    expect(record.outcome?.details).toMatchObject({
      vmStatus: 'Move abort in 0xcafe::playground: 0x2a',
    });
    expect(record.chain).toMatchObject({
      success: false,
      vmStatus: 'Move abort in 0xcafe::playground: 0x2a',
    });
    expect(Number(record.chain.gasUsed)).toBeGreaterThan(0);
  });

  it('reaches failed when out of gas, charging max gas', async () => {
    const record = await runHeadless({
      ...base,
      simulation: 'submitAnyway',
      options: { maxGasAmount: '50' },
      payload: playground('burn_gas', '1000000'),
    });
    expect(record.state).toBe('failed');
    expect(record.chain).toMatchObject({ success: false, vmStatus: 'Out of gas', gasUsed: '50' });
  });

  it('reaches submitRejected on a stale sequence number', async () => {
    const record = await runHeadless({
      ...base,
      simulation: 'skip',
      options: { sequenceNumber: '0' },
      payload: transfer('1'),
    });
    expect(record.state).toBe('submitRejected');
    expect(path(record)).not.toContain('simulating');
    expect(record.outcome?.details).toMatchObject({
      httpStatus: 400,
      errorCode: 'vm_error',
      vmErrorCode: 3,
      vmErrorName: 'SEQUENCE_NUMBER_TOO_OLD',
    });
  });

  it('reaches submitRejected on an expired transaction', async () => {
    const record = await runHeadless({
      ...base,
      simulation: 'skip',
      options: { expirationSecs: -10 },
      payload: transfer('1'),
    });
    expect(record.state).toBe('submitRejected');
    expect(record.outcome?.details).toMatchObject({
      vmErrorCode: 6,
      vmErrorName: 'TRANSACTION_EXPIRED',
    });
  });

  it('says "not seen yet" when the chain lost a transaction that has not expired', async () => {
    localnet.node.setFaults({ holdNext: 1 });
    const session = await createHeadlessSession({
      ...base,
      options: { expirationSecs: 600, waitTimeoutSecs: 1 },
      payload: transfer('1'),
    });
    try {
      session.send({ type: 'run' });
      expect((await session.settle()).value).toBe('timedOut');
      localnet.node.dropPending(session.record().chain.hash ?? '');
      session.send({ type: 'recheck' });
      const snapshot = await session.settle();
      expect(snapshot.value).toBe('timedOut');
      expect(snapshot.context.outcome?.details).toMatchObject({ notSeenYet: true });
    } finally {
      session.stop();
    }
  });

  it('times out on a held transaction, rechecks (pending), then rechecks after expiry (expired)', async () => {
    localnet.node.setFaults({ holdNext: 1 });
    const session = await createHeadlessSession({
      ...base,
      options: { expirationSecs: 5, waitTimeoutSecs: 1 },
      payload: transfer('1'),
    });
    try {
      session.send({ type: 'run' });
      let snapshot = await session.settle();
      expect(snapshot.value).toBe('timedOut');
      expect(snapshot.context.outcome?.details.summary).toMatch(/wait ran out/);

      session.send({ type: 'recheck' });
      snapshot = await session.settle();
      expect(snapshot.value).toBe('timedOut');
      expect(snapshot.context.outcome?.step).toBe('wait');

      // Let the chain's clock pass the expiration; a later block carries the new time.
      localnet.node.advanceClock(10_000_000n);
      await aptos.fundAccount({ accountAddress: Account.generate().accountAddress, amount: 1 });

      session.send({ type: 'recheck' });
      snapshot = await session.settle();
      expect(snapshot.value).toBe('expired');
      expect(snapshot.hasTag('error')).toBe(true);
      const record = session.record();
      expect(path(record).slice(-6)).toEqual([
        'timedOut',
        'rechecking',
        'pending',
        'timedOut',
        'rechecking',
        'expired',
      ]);
      expect(BigInt(record.outcome?.details.ledgerTimestampUsec ?? '0')).toBeGreaterThanOrEqual(
        BigInt(record.chain.built?.expirationTimestampSecs ?? '0') * 1_000_000n,
      );
    } finally {
      session.stop();
    }
  });
});

describe('stored SDK fixtures match what the SDK produces now', { timeout: 60_000 }, () => {
  const stored = JSON.parse(
    readFileSync(new URL('../fixtures/sdkResults.json', import.meta.url), 'utf8'),
  ) as Record<string, { step: OutcomeStep; produced: Produced }>;

  it('classifies every live result like its fixture', async () => {
    const live = await captureSdkFixtures();
    expect(Object.keys(live).sort()).toEqual(Object.keys(stored).sort());
    const verdict = ({ step, produced }: { step: OutcomeStep; produced: Produced }) => {
      const { state, details } = classifyOutcome({ step, produced, expirationTimestampSecs: '1' });
      const {
        source,
        errorCode,
        vmErrorCode,
        vmErrorName,
        httpStatus,
        walletStatus,
        vmStatus,
        notSeenYet,
      } = details;
      return {
        state,
        source,
        errorCode,
        vmErrorCode,
        vmErrorName,
        httpStatus,
        walletStatus,
        vmStatus,
        notSeenYet,
      };
    };
    for (const [name, fixture] of Object.entries(stored)) {
      const now = live[name];
      expect(now, name).toBeDefined();
      if (now) expect(verdict(now), name).toEqual(verdict(fixture));
    }
  });
});
