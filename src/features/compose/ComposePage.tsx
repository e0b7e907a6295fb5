import { EmptyState } from '../../components/EmptyState';

export function ComposePage() {
  return (
    <EmptyState
      title="No transaction drafted yet"
      upcoming={[
        'A composer for any entry function, with arguments checked against the module ABI',
        'Build, Simulate, Sign, Submit and Run all, each enabled exactly when the transaction machine allows it',
        'The raw transaction and its BCS, the simulation, and the committed result explained side by side',
      ]}
    >
      Compose a transaction here, then walk it through build, simulate, sign, submit and wait, one
      step at a time or all at once. What the chain says at each step will appear on this page.
    </EmptyState>
  );
}
