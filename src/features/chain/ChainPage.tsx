import { Stack } from '@mantine/core';
import { useRef, useState } from 'react';
import type { TransactionRef } from '../../queries/chainQueries';
import { AccountInspector } from './AccountInspector';
import { DevControlsPanel } from './devControls';
import { LedgerCard } from './LedgerCard';
import { TransactionLookup } from './TransactionLookup';

/**
 * What the selected network knows, as an explorer: its ledger, any transaction (in Compose's
 * result tabs), any account (transactions, balances, modules, resources); on the embedded chain,
 * its dev controls. A transaction in an account's list opens in the lookup; a transaction's
 * sender opens in the account view.
 */
export function ChainPage() {
  const [transactionRef, setTransactionRef] = useState<TransactionRef | null>(null);
  const [account, setAccount] = useState<string | null>(null);
  const lookupRef = useRef<HTMLDivElement>(null);
  const accountRef = useRef<HTMLDivElement>(null);

  const openTransaction = (hash: string) => {
    setTransactionRef({ kind: 'hash', hash });
    lookupRef.current?.scrollIntoView({ block: 'start' });
  };
  const openAccount = (address: string) => {
    setAccount(address);
    accountRef.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <Stack gap="md">
      <LedgerCard />
      <div ref={lookupRef}>
        <TransactionLookup
          transactionRef={transactionRef}
          onRefChange={setTransactionRef}
          onOpenAccount={openAccount}
        />
      </div>
      <div ref={accountRef}>
        <AccountInspector
          address={account}
          onAddressChange={setAccount}
          onOpenTransaction={openTransaction}
        />
      </div>
      <DevControlsPanel />
    </Stack>
  );
}
