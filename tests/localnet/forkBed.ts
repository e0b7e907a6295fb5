import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Account, type UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { fundedAccount, type Chain } from './helpers.ts';
import { myCoinModule } from './move/coinModules.ts';
import { short } from './move/fwHelpers.ts';
import { ownerTransactions } from './move/ownerTransactions.ts';

/**
 * The offline fork test bed (issue 34): history on an embedded chain that a second one forks.
 * Accounts, a published package (`my_coin`: a managed coin and a coin run from bytecode), a
 * collection of `0x4` tokens; then rounds of seven transactions of every kind.
 */
export async function buildHistory(chain: Chain) {
  const [alice, bob, owner, carol] = await Promise.all([
    fundedAccount(chain, 2_000_000_000),
    fundedAccount(chain, 1_000_000_000),
    fundedAccount(chain, 2_000_000_000),
    fundedAccount(chain, 100_000_000),
  ]);
  const tx = {
    alice: ownerTransactions(chain, alice),
    bob: ownerTransactions(chain, bob),
    owner: ownerTransactions(chain, owner),
  };
  const me = short(owner.accountAddress.toStringLong());
  const myCoin = `${me}::my_coin::MyCoin`;
  const to = (account: Account) => account.accountAddress.toString();
  const done: UserTransactionResponse[] = [];
  const keep = async (result: Promise<UserTransactionResponse>) => {
    done.push(await result);
    return done[done.length - 1];
  };
  // Carol's key rotates: an `OriginatingAddress` table item maps the new key to her.
  const carolKey = Account.generate();
  await keep(
    ownerTransactions(chain, carol).submit(
      await chain.aptos.rotateAuthKeyUnverified({
        fromAccount: carol,
        toNewPublicKey: carolKey.publicKey,
      }),
    ),
  );
  await keep(tx.owner.publish('my_coin', myCoinModule(owner.accountAddress.toStringLong())));
  await keep(tx.owner.send({ function: `${me}::my_coin::init_gold`, functionArguments: [] }));
  await keep(
    tx.owner.send({
      function: '0x1::managed_coin::mint',
      typeArguments: [myCoin],
      functionArguments: [to(alice), 1_000_000],
    }),
  );
  await keep(
    tx.owner.submit(
      await chain.aptos.createCollectionTransaction({
        creator: owner,
        description: 'fork bed',
        name: 'Bed',
        uri: 'https://example.com/bed',
      }),
    ),
  );

  /** Seven transactions: transfers, two failures, the package's calls, a coin as asset, a token. */
  async function round(i: number): Promise<void> {
    await keep(
      tx.alice.send({
        function: '0x1::aptos_account::transfer',
        functionArguments: [to(bob), 1_000 + i],
      }),
    );
    // Fails: more than Bob has (EINSUFFICIENT_BALANCE).
    await keep(
      tx.bob.send({
        function: '0x1::aptos_account::transfer',
        functionArguments: [to(alice), 50_000_000_000],
      }),
    );
    await keep(
      tx.owner.send({
        function: '0x1::managed_coin::mint',
        typeArguments: [myCoin],
        functionArguments: [to(alice), 100 + i],
      }),
    );
    await keep(
      tx.alice.send({
        function: '0x1::aptos_account::transfer_coins',
        typeArguments: [myCoin],
        functionArguments: [to(bob), 10 + i],
      }),
    );
    await keep(
      tx.owner.send({ function: `${me}::my_coin::mint_gold`, functionArguments: [to(bob), 5 + i] }),
    );
    await keep(
      tx.owner.submit(
        await chain.aptos.mintDigitalAssetTransaction({
          creator: owner,
          collection: 'Bed',
          description: `token ${i}`,
          name: `T${i}`,
          uri: `https://example.com/t${i}`,
        }),
      ),
    );
    // Fails: out of gas.
    await keep(
      tx.alice.submit(
        await chain.aptos.transaction.build.simple({
          sender: alice.accountAddress,
          // A new account: creating it costs more than 50 units.
          data: {
            function: '0x1::aptos_account::transfer',
            functionArguments: [Account.generate().accountAddress, 1],
          },
          options: { maxGasAmount: 50 },
        }),
      ),
    );
  }
  const rotated = { address: carol.accountAddress, authKey: carolKey.publicKey.authKey() };
  return { alice, bob, owner, myCoin, rotated, done, round };
}

/** What a replay must reproduce exactly. */
export function outcome(tx: UserTransactionResponse) {
  return JSON.stringify({
    hash: tx.hash,
    success: tx.success,
    vm_status: tx.vm_status,
    gas_used: tx.gas_used,
    events: tx.events,
    changes: tx.changes,
  });
}

/** A user transaction's signed bytes from an embedded chain. */
export async function signedBytes(
  chain: Chain,
  version: string | number,
): Promise<Uint8Array<ArrayBuffer>> {
  const response = await chain.rest(`/transactions/by_version/${version}`, {
    headers: { accept: 'application/x.aptos.signed_transaction+bcs' },
  });
  if (!response.ok) throw new Error(`no signed bytes at ${version}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

export type ProxyMode =
  | { mode: 'pass' }
  /** Every read at a ledger version answers 410, as a pruned node does. */
  | { mode: 'pruned' }
  /** The next `count` requests answer 429 with `Retry-After: 0`. */
  | { mode: 'limited'; count: number }
  /** `count` more requests pass, then every connection is cut. */
  | { mode: 'dies'; count: number }
  /** Transactions by version answered as a node answers `Accept: application/x-bcs`. */
  | { mode: 'node' };

/**
 * A node's BCS answer for a committed user transaction: `TransactionData::OnChain(
 * TransactionOnChainData { version, transaction: Transaction::UserTransaction(signed), … })`, the
 * fields after the transaction stood in for by bytes no reader of the prefix looks at.
 */
async function nodeTransactionData(target: string, version: string) {
  const response = await fetch(`${target}/transactions/by_version/${version}`, {
    headers: { accept: 'application/x.aptos.signed_transaction+bcs' },
  });
  if (!response.ok) return { status: response.status, bytes: Buffer.alloc(0) };
  const versionLe = Buffer.alloc(8);
  versionLe.writeBigUInt64LE(BigInt(version));
  const signed = Buffer.from(await response.arrayBuffer());
  return {
    status: 200,
    bytes: Buffer.concat([Buffer.of(0), versionLe, Buffer.of(0), signed, Buffer.alloc(40, 0xee)]),
  };
}

/** An HTTP proxy in front of an upstream's REST API that can misbehave, counting requests. */
export async function upstreamProxy(target: string) {
  let current: ProxyMode = { mode: 'pass' };
  let requests = 0;
  const server: Server = createServer((req, res) => {
    requests += 1;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (current.mode === 'dies' && current.count-- <= 0) {
        req.socket.destroy();
        return;
      }
      if (current.mode === 'limited' && current.count > 0) {
        current.count -= 1;
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' });
        res.end('{"message":"rate limited","error_code":"rate_limited","vm_error_code":null}');
        return;
      }
      if (current.mode === 'pruned' && (req.url ?? '').includes('ledger_version=')) {
        res.writeHead(410, {
          'content-type': 'application/json',
          'x-aptos-ledger-oldest-version': '999999',
        });
        res.end(
          '{"message":"Ledger version 3 is pruned","error_code":"version_pruned","vm_error_code":null}',
        );
        return;
      }
      const body = Buffer.concat(chunks);
      const byVersion = /\/transactions\/by_version\/(\d+)/.exec(req.url ?? '');
      if (current.mode === 'node' && byVersion !== null) {
        void nodeTransactionData(target, byVersion[1] ?? '').then(({ status, bytes }) => {
          res.writeHead(status, { 'content-type': 'application/x-bcs' });
          res.end(bytes);
        });
        return;
      }
      void fetch(`${target}${(req.url ?? '').replace(/^\/v1/, '')}`, {
        method: req.method ?? 'GET',
        headers: {
          accept: req.headers.accept ?? 'application/json',
          ...(req.headers['content-type'] === undefined
            ? {}
            : { 'content-type': req.headers['content-type'] }),
        },
        ...(body.length === 0 ? {} : { body }),
      }).then(async (response) => {
        const headers: Record<string, string> = {};
        response.headers.forEach((value, key) => {
          if (key !== 'content-length' && key !== 'transfer-encoding' && key !== 'connection')
            headers[key] = value;
        });
        res.writeHead(response.status, headers);
        res.end(Buffer.from(await response.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    set: (mode: ProxyMode) => {
      current = mode;
    },
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
