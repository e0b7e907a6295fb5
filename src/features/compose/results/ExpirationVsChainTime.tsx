import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ledgerQueries } from '../../../network/ledgerQueries';
import { useNetwork } from '../../../network/useNetwork';

function isoOfSecs(secs: bigint): string {
  return new Date(Number(secs) * 1000).toISOString();
}

/**
 * Why a transaction expired, in numbers: its expiration beside the chain's time (the ledger's
 * last block), and by how much the chain is past it.
 */
export function ExpirationVsChainTime({ expirationSecs }: { expirationSecs: string }) {
  const { network } = useNetwork();
  const ledger = useQuery(ledgerQueries.info(network));
  const expiration = BigInt(expirationSecs);
  const chainSecs = ledger.data ? BigInt(ledger.data.ledger_timestamp) / 1_000_000n : null;
  return (
    <Text size="sm" aria-label="Expiration and chain time">
      Expiration {isoOfSecs(expiration)} ({expirationSecs} s) · chain time{' '}
      {chainSecs === null
        ? 'not known yet'
        : `${isoOfSecs(chainSecs)} (${chainSecs} s): ${
            chainSecs >= expiration
              ? `${chainSecs - expiration} s past the expiration`
              : `${expiration - chainSecs} s before the expiration`
          }`}
      .
    </Text>
  );
}
