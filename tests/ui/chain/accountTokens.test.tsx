/**
 * The Tokens and assets tab and the composer's token helper, rendered against an embedded chain
 * in process: what an account with nothing shows, what the root account's APT looks like with its
 * metadata, and "Indexer unavailable" when the network has no indexer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalnet, type Localnet } from '../../../localnet/index.ts';
import { TokensAndAssets } from '../../../src/features/chain/AccountTokens';
import { TokenTemplateHelper } from '../../../src/features/compose/composer/TokenTemplateHelper';
import { applyTemplate, composerTemplates } from '../../../src/features/compose/composer/templates';
import { defaultFormState } from '../../../src/features/compose/composer/composerForm';
import { networkStorageKey } from '../../../src/network/NetworkContext';
import type { NetworkConfig } from '../../../src/network/networks';
import { render, screen, waitFor, within } from '../../test-utils/render';

let localnet: Localnet;
const nobody = `0x${'5e4d'.padStart(64, '0')}`;

beforeAll(async () => {
  localnet = await startLocalnet({ ephemeral: true, ports: 'auto', blockTimeMs: 0 });
});
afterAll(async () => {
  await localnet.stop();
});

function useNetwork(withIndexer: boolean) {
  const custom: NetworkConfig = {
    kind: 'custom',
    fullnode: localnet.urls.rest,
    ...(withIndexer ? { indexer: localnet.urls.indexer } : {}),
  };
  window.localStorage.setItem(networkStorageKey, JSON.stringify(custom));
}

const template = (id: string) => {
  const found = composerTemplates.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no template ${id}`);
  return applyTemplate(defaultFormState, found);
};

describe('Tokens and assets', { timeout: 20_000 }, () => {
  it("lists the root account's APT with symbol and decimals, and says when it holds no token", async () => {
    useNetwork(true);
    render(<TokensAndAssets address={localnet.rootAddress} />);
    await screen.findByText(/^No tokens\. Mint one/);
    const table = await screen.findByRole('table', {
      name: 'Fungible-asset balances of the account',
    });
    const row = within(table).getByRole('row', { name: /APT/ });
    expect(row.textContent).toMatch(/0x1::aptos_coin::AptosCoin/);
    expect(row.textContent).toMatch(/\d[\d,]*(\.\d+)? APT/);
  });

  it('says "Indexer unavailable" when the network has none', async () => {
    useNetwork(false);
    render(<TokensAndAssets address={nobody} />);
    await waitFor(() => expect(screen.getAllByText('Indexer unavailable')).toHaveLength(2));
    expect(
      screen.getAllByText(/network has no indexer URL \(add one to the custom network/),
    ).toHaveLength(2);
  });
});

describe('the composer token helper', { timeout: 20_000 }, () => {
  it('tells an account with no collection to create one before minting', async () => {
    useNetwork(true);
    render(
      <TokenTemplateHelper
        state={template('mint-token')}
        sender={nobody}
        disabled={false}
        onArgument={() => {}}
      />,
    );
    await screen.findByText('Your account has created no collection yet');
    expect(screen.getByText(/Digital asset: create a collection/)).toBeTruthy();
  });

  it('tells an account with no token what to run before transferring', async () => {
    useNetwork(true);
    render(
      <TokenTemplateHelper
        state={template('transfer-token')}
        sender={nobody}
        disabled={false}
        onArgument={() => {}}
      />,
    );
    await screen.findByText('Your account holds no token');
  });

  it('asks for a wallet when none is connected, and stays out of other calls', async () => {
    useNetwork(true);
    const { unmount } = render(
      <TokenTemplateHelper
        state={template('transfer-token')}
        sender={null}
        disabled={false}
        onArgument={() => {}}
      />,
    );
    expect(screen.getByText(/Connect a wallet to pick from the tokens/)).toBeTruthy();
    unmount();
    render(
      <TokenTemplateHelper
        state={defaultFormState}
        sender={nobody}
        disabled={false}
        onArgument={() => {}}
      />,
    );
    // Give a query the chance to answer, then check nothing was drawn.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByText(/Connect a wallet/)).toBeNull();
  });
});
