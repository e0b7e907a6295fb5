import { Badge, Button, Code, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CopyValue } from '../../components/CopyValue';
import { errorMessage } from '../../errors/errorMessage';
import { shortAddress } from '../../format/address';
import { formatApt } from '../../format/amounts';
import { DEFAULT_FUND_AMOUNT } from '../constants';
import type { DevWalletAccount, DevWalletAccountKeys } from '../types';
import { useDevWallet } from '../useDevWallet';

/** Props of {@link AccountRow}. */
export interface AccountRowProps {
  account: DevWalletAccount;
  active: boolean;
  /** Why the faucet cannot be used on the wallet's network, if it cannot. */
  faucetRefusal?: string;
}

const ORIGINS = {
  generated: 'Generated',
  privateKey: 'Imported key',
  mnemonic: 'Recovery phrase',
  multiEd25519: 'Multi-Ed25519',
  multiKey: 'Multi-key',
} as const;

/** One account in the panel's table: name, address, where the key came from, and its actions. */
export function AccountRow({ account, active, faucetRefusal }: AccountRowProps) {
  const wallet = useDevWallet();
  const [mode, setMode] = useState<'view' | 'rename' | 'remove'>('view');
  const [draftName, setDraftName] = useState(account.name);
  const [renameError, setRenameError] = useState<string>();
  const [fundRefusal, setFundRefusal] = useState<string>();
  const fund = useMutation({
    mutationFn: () => wallet.fundAccount({ address: account.address }),
  });

  const rename = (event: FormEvent) => {
    event.preventDefault();
    try {
      wallet.renameAccount({ address: account.address, name: draftName });
      setRenameError(undefined);
      setMode('view');
    } catch (error) {
      setRenameError(errorMessage(error));
    }
  };

  const onFund = () => {
    if (faucetRefusal !== undefined) {
      setFundRefusal(faucetRefusal);
      return;
    }
    setFundRefusal(undefined);
    fund.mutate();
  };

  const fundError = fundRefusal ?? (fund.isError ? errorMessage(fund.error) : undefined);

  return (
    <Table.Tr aria-current={active ? 'true' : undefined}>
      <Table.Td>
        <Stack gap={4}>
          {mode === 'rename' ? (
            <form onSubmit={rename} aria-label={`Rename ${account.name}`}>
              <Group gap="xs" align="flex-start">
                <TextInput
                  label={`New name for ${account.name}`}
                  value={draftName}
                  onChange={(event) => setDraftName(event.currentTarget.value)}
                  error={renameError}
                  size="xs"
                  data-autofocus
                />
                <Button type="submit" size="xs" mt={22}>
                  Save
                </Button>
                <Button
                  size="xs"
                  mt={22}
                  variant="default"
                  onClick={() => {
                    setDraftName(account.name);
                    setRenameError(undefined);
                    setMode('view');
                  }}
                >
                  Cancel
                </Button>
              </Group>
            </form>
          ) : (
            <Group gap="xs">
              <Text fw={600}>{account.name}</Text>
              {active && (
                <Badge size="sm" variant="filled">
                  Active
                </Badge>
              )}
              {!account.persisted && (
                <Badge size="sm" color="orange" variant="light">
                  Not saved
                </Badge>
              )}
            </Group>
          )}
          <Group gap={4} wrap="nowrap">
            {/* One line, shortened; the full address on hover (title) and in the copy button. */}
            <Code
              title={account.address}
              aria-label={`Address of ${account.name}`}
              style={{ whiteSpace: 'nowrap', cursor: 'help' }}
            >
              {shortAddress(account.address)}
            </Code>
            <CopyValue
              value={account.address}
              label={`Copy ${account.name}'s address`}
              copiedLabel="Address copied"
            />
          </Group>
        </Stack>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{ORIGINS[account.origin]}</Text>
        {account.derivationPath !== undefined && (
          <Text size="xs" c="dimmed">
            {account.derivationPath}
          </Text>
        )}
        {account.keys !== undefined && (
          <Text size="xs" c="dimmed">
            {multiKeysLabel(account.keys)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {mode === 'remove' ? (
          <Stack gap={4}>
            <Text size="sm">
              Remove {account.name}? Its key is deleted from this wallet and cannot be recovered
              here.
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                color="red"
                onClick={() => wallet.removeAccount({ address: account.address })}
              >
                Remove key
              </Button>
              <Button size="xs" variant="default" onClick={() => setMode('view')}>
                Keep
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap={4}>
            <Group gap={6}>
              <Button
                size="xs"
                variant={active ? 'filled' : 'default'}
                aria-pressed={active}
                aria-label={`Use ${account.name} as the active account`}
                onClick={() => wallet.setActiveAccount({ address: account.address })}
              >
                {/* One label in both states: aria-pressed and the Active badge say which is in use. */}
                Use
              </Button>
              <Button
                size="xs"
                variant="default"
                loading={fund.isPending}
                aria-label={`Fund ${account.name} from the faucet`}
                onClick={onFund}
              >
                Fund
              </Button>
              <Button
                size="xs"
                variant="default"
                aria-label={`Rename ${account.name}`}
                onClick={() => {
                  setDraftName(account.name);
                  setMode('rename');
                }}
              >
                Rename
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                aria-label={`Remove ${account.name}`}
                onClick={() => setMode('remove')}
              >
                Remove
              </Button>
            </Group>
            {fundError !== undefined && (
              <Text size="sm" c="red" role="alert">
                {fundError}
              </Text>
            )}
            {fund.isSuccess && fundRefusal === undefined && (
              <Text size="sm" role="status">
                Funded {formatApt(String(DEFAULT_FUND_AMOUNT))}. Transaction{' '}
                <Code>{fund.data.hash}</Code>
              </Text>
            )}
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** `2 of 3 keys (Ed25519 ×3)`: the threshold, the key count and the schemes. */
export function multiKeysLabel(keys: DevWalletAccountKeys): string {
  const counts = new Map<string, number>();
  for (const scheme of keys.schemes) counts.set(scheme, (counts.get(scheme) ?? 0) + 1);
  const schemes = [...counts].map(([scheme, count]) => `${scheme} ×${count}`).join(', ');
  return `${keys.threshold} of ${keys.schemes.length} keys (${schemes})`;
}
