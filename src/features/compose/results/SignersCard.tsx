import { Code, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type {
  BuiltTransaction,
  CollectedSignature,
  SignerRole,
  SignerSlot,
} from '../../../../machines';

const ROLE_LABELS: Record<SignerRole, string> = {
  sender: 'Sender',
  secondary: 'Secondary signer',
  feePayer: 'Fee payer',
};

const KEY_TYPES: Record<string, string> = {
  ed25519: 'Ed25519',
  multiEd25519: 'Multi-Ed25519',
  singleKey: 'Single key',
  multiKey: 'Multi-key',
  none: 'None',
};

/** Props of {@link SignersCard}. */
export interface SignersCardProps {
  built: BuiltTransaction;
  signatures: readonly CollectedSignature[];
  /** The account that paid the fee (simulated or committed), when known. */
  feePaidBy?: string | undefined;
  /** The fee comes from a simulation only: nobody paid yet, so it says who would pay. */
  simulatedOnly?: boolean;
}

function addressOf(slot: SignerSlot, signature: CollectedSignature | undefined): string {
  return signature?.address ?? slot.address ?? 'signs later (0x0 until then)';
}

/**
 * Every signer of a transaction with more than one (issue 16): its role, address, key type, and
 * whether its signature is collected and verified; and who paid the fee.
 */
export function SignersCard({
  built,
  signatures,
  feePaidBy,
  simulatedOnly = false,
}: SignersCardProps) {
  const slots = built.signers ?? [];
  const collected = signatures.length;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="signers-title">
      <Stack gap="xs">
        <Title order={3} size="h5" id="signers-title">
          Signers: {collected} of {slots.length} signatures collected
        </Title>
        {feePaidBy !== undefined && (
          <Text size="sm">
            {simulatedOnly ? 'Fee would be paid by ' : 'Fee paid by '}
            <Code>{feePaidBy}</Code>
            {feePaidBy === built.sender ? ' (the sender)' : ' (the fee payer)'}
          </Text>
        )}
        <Table.ScrollContainer minWidth={480}>
          <Table striped withTableBorder aria-label="Signers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">#</Table.Th>
                <Table.Th scope="col">Role</Table.Th>
                <Table.Th scope="col">Address</Table.Th>
                <Table.Th scope="col">Key type</Table.Th>
                <Table.Th scope="col">Signature</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {slots.map((slot) => {
                const signature = signatures.find((s) => s.index === slot.index);
                return (
                  <Table.Tr key={slot.index}>
                    <Table.Td>{slot.index + 1}</Table.Td>
                    <Table.Td>{ROLE_LABELS[slot.role]}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>
                      <Code>{addressOf(slot, signature)}</Code>
                    </Table.Td>
                    <Table.Td>
                      {signature?.keyType
                        ? (KEY_TYPES[signature.keyType] ?? signature.keyType)
                        : '—'}
                      {signature?.signatureCount !== undefined && signature.signatureCount > 1
                        ? ` (${signature.signatureCount} signatures)`
                        : ''}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {signature === undefined ? (
                        <Text size="sm" c="dimmed">
                          missing
                        </Text>
                      ) : signature.verified === false ? (
                        <Text size="sm" c="red" fw={600}>
                          does not verify
                        </Text>
                      ) : (
                        <Text size="sm" fw={600}>
                          {signature.verified === true ? 'verified' : 'collected'}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
