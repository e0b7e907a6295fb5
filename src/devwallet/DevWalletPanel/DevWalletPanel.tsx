import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Radio,
  Stack,
  Table,
  Text,
  Title,
  type TitleOrder,
} from '@mantine/core';
import { useId, useState } from 'react';
import { APPROVAL_POLICIES } from '../approvalPolicy';
import { errorMessage } from '../../errors/errorMessage';
import { faucetRefusal, networkLabel } from '../networks';
import type { ApprovalPolicy, DevWalletAccount } from '../types';
import { useDevWallet } from '../useDevWallet';
import { useDevWalletSnapshot } from '../useDevWalletSnapshot';
import { AccountRow } from './AccountRow';
import { CreateMultiAccountForm } from './CreateMultiAccountForm';
import { ImportKeyForm } from './ImportKeyForm';
import { ImportPhraseForm } from './ImportPhraseForm';
import { NetworkSection } from './NetworkSection';
import { RequestLog } from './RequestLog';

/** Props of {@link DevWalletPanel}. */
export interface DevWalletPanelProps {
  /** Heading level of the panel's title (default 2); sub-sections use the next level. */
  headingOrder?: 2 | 3 | 4;
}

const POLICY_LABELS: Record<ApprovalPolicy, { label: string; description: string }> = {
  prompt: { label: 'Ask me', description: 'Every request opens the approval prompt.' },
  'auto-approve': {
    label: 'Approve everything',
    description: 'For demos and browser tests; validation still refuses invalid requests.',
  },
  'auto-reject': { label: 'Reject everything', description: 'Every valid request is rejected.' },
};

/**
 * The "Dev wallet" section: the wallet's accounts (generate, import a key or a recovery phrase,
 * rename, remove, switch, fund), its network, the approval policy and the latest requests. Reads
 * the wallet from `DevWalletProvider`.
 *
 * @example
 * ```tsx
 * <DevWalletPanel headingOrder={2} />
 * ```
 */
export function DevWalletPanel({ headingOrder = 2 }: DevWalletPanelProps) {
  const wallet = useDevWallet();
  const snapshot = useDevWalletSnapshot();
  const headingId = useId();
  const [form, setForm] = useState<'key' | 'phrase' | 'multi' | null>(null);
  const [notice, setNotice] = useState<string>();
  const [generateError, setGenerateError] = useState<string>();
  const sub = (headingOrder + 1) as TitleOrder;
  const refusal = faucetRefusal({ network: snapshot.network });

  const added = (account: DevWalletAccount) => {
    setForm(null);
    setNotice(
      `Added ${account.name} (${account.address}).${account.persisted ? '' : ' Its key is not saved: it stays in memory until this page closes.'}`,
    );
  };

  const generate = () => {
    setGenerateError(undefined);
    try {
      added(wallet.generateAccount());
    } catch (error) {
      setGenerateError(errorMessage(error));
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby={headingId} padding="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={headingOrder} id={headingId} size="h3">
              Dev wallet
            </Title>
            <Text size="sm" c="dimmed">
              Workbench Dev Wallet, an in-page AIP-62 wallet for rehearsing wallet answers.
            </Text>
          </div>
          <Group gap="xs">
            <Badge variant="light">{networkLabel(snapshot.network)}</Badge>
            <Badge variant="light" color={snapshot.connected ? 'green' : 'gray'}>
              {snapshot.connected ? 'Connected to this app' : 'Not connected'}
            </Badge>
            {snapshot.connected && (
              <Button size="xs" variant="default" onClick={() => wallet.disconnectFromWallet()}>
                Disconnect app
              </Button>
            )}
          </Group>
        </Group>

        {snapshot.storageError !== undefined && (
          <Alert color="orange" role="alert" title="Browser storage">
            {snapshot.storageError}
          </Alert>
        )}

        <Stack gap="xs">
          <Title order={sub} size="h5">
            Accounts
          </Title>
          <Text size="sm" c="dimmed">
            {snapshot.persistsNewKeys
              ? 'Keys added on this network are saved in this browser (localStorage), unencrypted, under transaction-workbench.dev-wallet.v1. Remove deletes one; clearing this site’s data in the browser deletes them all.'
              : 'Keys added on mainnet or a custom network are not saved: they stay in memory until this page closes.'}
          </Text>
          {snapshot.accounts.length === 0 ? (
            <Text size="sm">No account yet. Generate a key or import one below.</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table aria-label="Wallet accounts" verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Account</Table.Th>
                    <Table.Th>Key</Table.Th>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {snapshot.accounts.map((account) => (
                    <AccountRow
                      key={account.address}
                      account={account}
                      active={account.address === snapshot.activeAccount?.address}
                      {...(refusal === undefined ? {} : { faucetRefusal: refusal })}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Group gap="xs">
            <Button onClick={generate}>Generate key</Button>
            <Button
              variant="default"
              aria-expanded={form === 'key'}
              onClick={() => setForm(form === 'key' ? null : 'key')}
            >
              Import private key
            </Button>
            <Button
              variant="default"
              aria-expanded={form === 'phrase'}
              onClick={() => setForm(form === 'phrase' ? null : 'phrase')}
            >
              Import recovery phrase
            </Button>
            <Button
              variant="default"
              aria-expanded={form === 'multi'}
              onClick={() => setForm(form === 'multi' ? null : 'multi')}
            >
              Create multi-signer account
            </Button>
          </Group>
          {generateError !== undefined && (
            <Text size="sm" c="red" role="alert">
              {generateError}
            </Text>
          )}
          {notice !== undefined && form === null && (
            <Text size="sm" role="status">
              {notice}
            </Text>
          )}
          {form === 'key' && <ImportKeyForm onDone={added} onCancel={() => setForm(null)} />}
          {form === 'phrase' && <ImportPhraseForm onDone={added} onCancel={() => setForm(null)} />}
          {form === 'multi' && (
            <CreateMultiAccountForm onDone={added} onCancel={() => setForm(null)} />
          )}
        </Stack>

        <Stack gap="xs">
          <Title order={sub} size="h5">
            Network
          </Title>
          <NetworkSection network={snapshot.network} />
        </Stack>

        <Radio.Group
          label="Approval policy"
          description="How the wallet answers requests. A URL parameter sets it at load: ?wallet=prompt, auto-approve or auto-reject."
          value={snapshot.policy}
          onChange={(value) => {
            const policy = APPROVAL_POLICIES.find((candidate) => candidate === value);
            if (policy !== undefined) wallet.setPolicy(policy);
          }}
        >
          <Stack gap={6} mt={6}>
            {APPROVAL_POLICIES.map((policy) => (
              <Radio
                key={policy}
                value={policy}
                label={POLICY_LABELS[policy].label}
                description={POLICY_LABELS[policy].description}
              />
            ))}
          </Stack>
        </Radio.Group>

        <Stack gap="xs">
          <Title order={sub} size="h5">
            Recent requests
          </Title>
          <RequestLog requests={snapshot.requestLog} />
        </Stack>
      </Stack>
    </Card>
  );
}
