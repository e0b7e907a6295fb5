import { Alert, Code, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatOctas } from '../summaries';
import type { DevWalletNetwork } from '../networks';
import { shortAddress } from '../../format/address';
import type { DevWalletRequestSummary, SimulationOutcome, TransactionSummary } from '../types';

/** Props of {@link RequestSummary}. */
export interface RequestSummaryProps {
  summary: DevWalletRequestSummary;
}

const SIGNER_ROLES = {
  sender: 'as sender',
  feePayer: 'as fee payer',
  secondarySigner: 'as secondary signer',
} as const;

function networkText(network: DevWalletNetwork): string {
  return `${network.name} (chain id ${network.chainId}) · ${network.nodeUrl}`;
}

/** `0xcafe…beef::module::function`: the module address shortened, the full id on hover. */
function shortFunction(functionId: string): string {
  const [address = '', ...rest] = functionId.split('::');
  return [shortAddress(address), ...rest].join('::');
}

/** The wallet's own simulation, above the details: a failure is a warning, as in Petra. */
function SimulationNotice({ simulation }: { simulation: SimulationOutcome }) {
  if (simulation.status === 'unavailable') {
    return (
      <Alert color="gray" title="Not simulated" role="status">
        <Text size="sm">{simulation.reason}</Text>
      </Alert>
    );
  }
  const failed = simulation.status === 'failure';
  return (
    <Alert
      color={failed ? 'red' : 'teal'}
      title={failed ? 'Simulation failed: this transaction will fail' : 'Simulation succeeded'}
      role={failed ? 'alert' : 'status'}
    >
      <Text size="sm">
        {simulation.vmStatus} · {simulation.gasUsed} gas used
        {failed && '. Approving still signs it; the chain will charge gas for the failure.'}
      </Text>
    </Alert>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={{ base: 112, sm: 170 }} style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      {/* Long hex breaks anywhere; words only when a line holds nothing else. */}
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

function TransactionRows({ transaction }: { transaction: TransactionSummary }) {
  return (
    <>
      <Row label="Sender">
        <Code>{transaction.sender}</Code>
      </Row>
      <Row label="Function">
        {transaction.function === undefined ? (
          <Code>({transaction.payloadType} payload)</Code>
        ) : (
          <Code title={transaction.function}>{shortFunction(transaction.function)}</Code>
        )}
      </Row>
      {transaction.typeArguments.length > 0 && (
        <Row label="Type arguments">
          {transaction.typeArguments.map((tag) => (
            <Code key={tag} display="block">
              {tag}
            </Code>
          ))}
        </Row>
      )}
      <Row label="Arguments">
        {transaction.arguments.length === 0 ? (
          <Text size="sm">none</Text>
        ) : (
          <ol style={{ margin: 0, paddingInlineStart: '1.2em' }}>
            {transaction.arguments.map((argument, index) => (
              <li key={index}>
                {(argument.name !== undefined || argument.type !== undefined) && (
                  <Text span size="sm" fw={600}>
                    {[argument.name, argument.type].filter(Boolean).join(': ')} ={' '}
                  </Text>
                )}
                <Code>{argument.value}</Code>
                {argument.apt !== undefined && (
                  <Text span size="sm">
                    {' '}
                    octas ({argument.apt})
                  </Text>
                )}
              </li>
            ))}
          </ol>
        )}
      </Row>
      <Row label="Maximum fee">
        {transaction.maxGasAmount} gas × {transaction.gasUnitPrice} octas ={' '}
        <strong>{transaction.maxFee} octas</strong> ({formatOctas(transaction.maxFee)})
      </Row>
      <Row label="Expiration">
        <time dateTime={transaction.expiration}>{transaction.expiration}</time>
      </Row>
      <Row label="Chain id">{transaction.chainId}</Row>
      <Row label="Sequence number">{transaction.sequenceNumber}</Row>
      {transaction.feePayer !== undefined && (
        <Row label="Fee payer">
          <Code>{transaction.feePayer}</Code>
        </Row>
      )}
      {transaction.secondarySigners.length > 0 && (
        <Row label="Secondary signers">
          {transaction.secondarySigners.map((address) => (
            <Code key={address} display="block">
              {address}
            </Code>
          ))}
        </Row>
      )}
    </>
  );
}

/**
 * The readable details of a wallet request, as a two-column table (label, value), for the
 * approval prompt.
 */
export function RequestSummary({ summary }: RequestSummaryProps) {
  let rows: ReactNode;
  switch (summary.kind) {
    case 'connect':
      rows = (
        <>
          <Row label="Application">{summary.application}</Row>
          <Row label="Account">
            {summary.accountName}
            {summary.account !== null && (
              <Code display="block" mt={4}>
                {summary.account}
              </Code>
            )}
          </Row>
          <Row label="Network">{networkText(summary.network)}</Row>
        </>
      );
      break;
    case 'signTransaction':
    case 'signAndSubmitTransaction':
      rows = (
        <>
          <Row label="Signer">
            <Code>{summary.signer}</Code> {SIGNER_ROLES[summary.signerRole]}
          </Row>
          {summary.signerKeys !== undefined && <Row label="Keys">{summary.signerKeys}</Row>}
          {summary.signerMaxFee !== undefined && (
            <Row label="Fee this signer may pay">
              {summary.signerMaxFee === '0'
                ? 'None: the fee is paid by another signer'
                : `Up to ${summary.signerMaxFee} octas`}
            </Row>
          )}
          <TransactionRows transaction={summary.transaction} />
          {summary.submitTo !== undefined && <Row label="Submitted to">{summary.submitTo}</Row>}
        </>
      );
      break;
    case 'signMessage':
      rows = (
        <>
          <Row label="Signer">
            <Code>{summary.signer}</Code>
          </Row>
          <Row label="Message">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {summary.message}
            </Text>
          </Row>
          <Row label="Nonce">
            <Code>{summary.nonce}</Code>
          </Row>
          {summary.application !== undefined && (
            <Row label="Application">{summary.application}</Row>
          )}
          {summary.chainId !== undefined && <Row label="Chain id">{summary.chainId}</Row>}
          <Row label="Full message">
            <Code block>{summary.fullMessage}</Code>
          </Row>
        </>
      );
      break;
    case 'changeNetwork':
      rows = (
        <>
          <Row label="From">{networkText(summary.from)}</Row>
          <Row label="To">{networkText(summary.to)}</Row>
        </>
      );
      break;
  }
  const simulation =
    summary.kind === 'signTransaction' || summary.kind === 'signAndSubmitTransaction'
      ? summary.simulation
      : undefined;
  return (
    <Stack gap="xs">
      {simulation !== undefined && <SimulationNotice simulation={simulation} />}
      <Table withRowBorders={false} verticalSpacing={4} aria-label="Request details">
        <Table.Tbody>{rows}</Table.Tbody>
      </Table>
    </Stack>
  );
}
