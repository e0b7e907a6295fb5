import { Code, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatOctas } from '../summaries';
import type { DevWalletNetwork } from '../networks';
import type { DevWalletRequestSummary, TransactionSummary } from '../types';

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

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={170} style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td style={{ wordBreak: 'break-all' }}>{children}</Table.Td>
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
        <Code>{transaction.function ?? `(${transaction.payloadType} payload)`}</Code>
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
                {argument.name !== undefined && (
                  <Text span size="sm" fw={600}>
                    {argument.name}
                    {argument.type === undefined ? '' : `: ${argument.type}`} ={' '}
                  </Text>
                )}
                <Code>{argument.value}</Code>
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
  return (
    <Table withRowBorders={false} verticalSpacing={4} aria-label="Request details">
      <Table.Tbody>{rows}</Table.Tbody>
    </Table>
  );
}
