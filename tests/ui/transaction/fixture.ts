import { AccountAddress, createUserDerivedObjectAddress } from '@aptos-labs/ts-sdk';
import type { NodeTransaction } from '../../../src/features/transaction';

export const sender = `0x${'b0b'.padStart(64, '0')}`;
export const recipient = `0x${'a11ce'.padStart(64, '0')}`;
const apt = AccountAddress.from('0xa');
export const senderStore = createUserDerivedObjectAddress(
  AccountAddress.from(sender),
  apt,
).toStringLong();
export const recipientStore = createUserDerivedObjectAddress(
  AccountAddress.from(recipient),
  apt,
).toStringLong();

/** Gas 1504 units at 100 octas: execution 4, IO 500, storage 100000 octas (1000 units), refund 2000. */
export const feeStatement = {
  guid: { creation_number: '0', account_address: '0x0' },
  sequence_number: '0',
  type: '0x1::transaction_fee::FeeStatement',
  data: {
    total_charge_gas_units: '1504',
    execution_gas_units: '4',
    io_gas_units: '500',
    storage_fee_octas: '100000',
    storage_fee_refund_octas: '2000',
  },
};

/** A committed 0.1 APT transfer, as `GET /v1/transactions/by_hash` answers it. */
export function committedTransfer(overrides: Partial<NodeTransaction> = {}): NodeTransaction {
  return {
    type: 'user_transaction',
    hash: `0x${'ab'.repeat(32)}`,
    version: '42',
    success: true,
    vm_status: 'Executed successfully',
    gas_used: '1504',
    gas_unit_price: '100',
    max_gas_amount: '200000',
    sender,
    sequence_number: '0',
    expiration_timestamp_secs: '1800000000',
    timestamp: '1800000000000000',
    payload: {
      type: 'entry_function_payload',
      function: '0x1::aptos_account::transfer',
      type_arguments: [],
      arguments: [recipient, '10000000'],
    },
    events: [
      {
        guid: { creation_number: '0', account_address: '0x0' },
        sequence_number: '0',
        type: '0x1::fungible_asset::Withdraw',
        data: { store: senderStore, amount: '10000000' },
      },
      {
        guid: { creation_number: '0', account_address: '0x0' },
        sequence_number: '0',
        type: '0x1::fungible_asset::Deposit',
        data: { store: recipientStore, amount: '10000000' },
      },
      feeStatement,
    ],
    changes: [
      {
        type: 'write_resource',
        address: sender,
        state_key_hash: '0x01',
        data: {
          type: '0x1::account::Account',
          data: { sequence_number: '1', authentication_key: sender },
        },
      },
      {
        type: 'write_resource',
        address: recipientStore,
        state_key_hash: '0x02',
        data: {
          type: '0x1::fungible_asset::FungibleStore',
          data: { balance: '10000000', frozen: false, metadata: { inner: '0xa' } },
        },
      },
      {
        type: 'write_table_item',
        state_key_hash: '0x03',
        handle: `0x${'7ab1e'.padStart(64, '0')}`,
        key: '0x0100',
        value: '0x2a',
        data: { key: '1', key_type: 'u64', value: '42', value_type: 'u128' },
      },
      {
        type: 'delete_resource',
        address: sender,
        state_key_hash: '0x04',
        resource: '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>',
      },
    ],
    ...overrides,
  };
}
