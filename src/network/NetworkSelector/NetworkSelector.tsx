import {
  Badge,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { ChainCheck } from '../ledgerQueries';
import {
  networkKinds,
  networkLabels,
  parseCustomNetwork,
  presetNetworks,
  type CustomNetworkInput,
  type NetworkConfig,
  type NetworkKind,
} from '../networks';
import { useChainCheck } from '../useChainCheck';
import { useNetwork } from '../useNetwork';

const choices = networkKinds.map((kind) => ({ value: kind, label: networkLabels[kind] }));

function ChainBadge({ check }: { check: ChainCheck }) {
  switch (check.state) {
    case 'checking':
      return (
        <Badge color="gray" variant="light">
          Checking…
        </Badge>
      );
    case 'ok':
      return (
        <Badge color="teal" variant="light">
          Chain {check.chainId}
        </Badge>
      );
    case 'mismatch':
      return (
        <Tooltip
          label={`This node reports chain id ${check.chainId}, but this network must be ${check.expected}.`}
        >
          <Badge color="red" variant="filled">
            Chain {check.chainId} ≠ {check.expected}
          </Badge>
        </Tooltip>
      );
    case 'unreachable':
      return (
        <Tooltip label={check.message} multiline w={320}>
          <Badge color="red" variant="light">
            Unreachable
          </Badge>
        </Tooltip>
      );
  }
}

interface CustomNetworkFormProps {
  initial: CustomNetworkInput;
  onSave: (network: NetworkConfig) => void;
  onCancel: () => void;
}

function CustomNetworkForm({ initial, onSave, onCancel }: CustomNetworkFormProps) {
  const [values, setValues] = useState<CustomNetworkInput>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof CustomNetworkInput, string>>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = parseCustomNetwork(values);
    if (result.ok) onSave(result.network);
    else setErrors(result.errors);
  };
  const field = (name: keyof CustomNetworkInput) => ({
    value: values[name] ?? '',
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Full node URL"
          description="The node's REST API, for example http://127.0.0.1:8080/v1"
          required
          data-autofocus
          {...field('fullnode')}
        />
        <TextInput label="Faucet URL" description="Optional" {...field('faucet')} />
        <TextInput label="Indexer GraphQL URL" description="Optional" {...field('indexer')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Use this network</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Picks the network (persisted) and shows whether its node answers with the right chain id. */
export function NetworkSelector() {
  const { network, setNetwork } = useNetwork();
  const check = useChainCheck();
  const [customOpen, setCustomOpen] = useState(false);

  const onChange = (value: string | null) => {
    if (!value) return;
    const kind = value as NetworkKind;
    if (kind === 'custom') setCustomOpen(true);
    else setNetwork(presetNetworks[kind]);
  };

  return (
    <Group gap="xs" wrap="nowrap">
      <Select
        aria-label="Network"
        data={choices}
        value={network.kind}
        onChange={onChange}
        allowDeselect={false}
        w={{ base: '100%', sm: 230 }}
        miw={0}
        comboboxProps={{ withinPortal: true }}
      />
      <div aria-live="polite" aria-label="Chain status" style={{ flexShrink: 0 }}>
        <ChainBadge check={check} />
      </div>
      <Modal opened={customOpen} onClose={() => setCustomOpen(false)} title="Custom network">
        <Text size="sm" c="dimmed" mb="sm">
          Any Aptos full node. The chain id is read from the node and shown beside the selector.
        </Text>
        <CustomNetworkForm
          initial={{
            fullnode: network.kind === 'custom' ? network.fullnode : '',
            faucet: network.kind === 'custom' ? network.faucet : '',
            indexer: network.kind === 'custom' ? network.indexer : '',
          }}
          onCancel={() => setCustomOpen(false)}
          onSave={(custom) => {
            setNetwork(custom);
            setCustomOpen(false);
          }}
        />
      </Modal>
    </Group>
  );
}
