import { EmptyState } from '../../components/EmptyState';

export function ChainPage() {
  return (
    <EmptyState
      title="Not reading the chain yet"
      upcoming={[
        'Ledger info of the selected network',
        'Account resources and balances, refreshed after each commit',
        'Lookup of a transaction by hash or by version',
        'On the embedded chain: mining mode, fault injection, snapshot and revert',
      ]}
    >
      What the selected network knows will appear here: its ledger, your accounts and their
      transactions.
    </EmptyState>
  );
}
