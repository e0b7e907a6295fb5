/**
 * `0x1::account`'s capability offers on the VM's own values (`account.move`): an account offers
 * its rotation or signer capability to another by signing a proof challenge, revokes it, and the
 * recipient acts through it. Signatures are checked by calling `0x1::ed25519` / `multi_ed25519`
 * as the Move code does.
 */
import type { LongAddress } from '../../../encoding.ts';
import { must } from '../../../encoding.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Ty } from '../../../move/vm/ty.ts';
import type { Value } from '../../../move/vm/values.ts';
import { Ref } from '../../../move/vm/values.ts';
import { fn } from '../../abi.ts';
import type { NativeFunction } from '../../context.ts';
import {
  abortIn,
  none,
  optionValue,
  readResource,
  signerAddress,
  some,
  ty,
  updateResource,
} from '../../vmState.ts';
import {
  ACCOUNT,
  accountAbort,
  accountExists,
  defaultAccountResource,
  ensureAccountResource,
  FIELD,
} from './shared.ts';

const ONE = `0x${'0'.repeat(63)}1` as LongAddress;
type Offer = typeof FIELD.rotationCapabilityOffer | typeof FIELD.signerCapabilityOffer;
type OfferError = 'ENO_SUCH_ROTATION_CAPABILITY_OFFER' | 'ENO_SUCH_SIGNER_CAPABILITY';

const bytes = (v: Value | undefined): number[] => must(v) as number[];

/** The offer's `for` of `address`'s `Account` (`undefined` when none). */
function offerOf(host: NativeHost, address: LongAddress, offer: Offer): LongAddress | undefined {
  const account = must(readResource(host, address, ACCOUNT)) as Value[];
  return optionValue((account[offer] as Value[])[0] as Value) as LongAddress | undefined;
}

function setOffer(host: NativeHost, address: LongAddress, offer: Offer, to: Value): void {
  updateResource(host, address, ACCOUNT, (account) => {
    (account[offer] as Value[])[0] = to;
  });
}

/** `exists_at`: every address with the feature on. */
const existsAt = (host: NativeHost, address: LongAddress): boolean =>
  defaultAccountResource(host) || accountExists(host, address);

/** `assert_account_resource_with_error(account, code)`. */
function assertAccountResource(host: NativeHost, address: LongAddress, error: OfferError): void {
  if (defaultAccountResource(host)) {
    if (!accountExists(host, address)) accountAbort('notFound', error);
  } else if (!accountExists(host, address)) {
    accountAbort('notFound', 'EACCOUNT_DOES_NOT_EXIST');
  }
}

const schemeModule = (scheme: number): string =>
  scheme === 0
    ? 'ed25519'
    : scheme === 1
      ? 'multi_ed25519'
      : accountAbort('invalidArgument', 'EINVALID_SCHEME');

/** `<scheme>::new_unvalidated_public_key_from_bytes` and its authentication key. */
function publicKey(host: NativeHost, module: string, key: number[]): [Value, number[]] {
  const [pk] = host.call(ONE, module, 'new_unvalidated_public_key_from_bytes', [], [key]);
  const [authKey] = host.call(
    ONE,
    module,
    'unvalidated_public_key_to_authentication_key',
    [],
    [new Ref([must(pk)], 0)],
  );
  return [must(pk), authKey as number[]];
}

/** `<scheme>::signature_verify_strict_t(&sig, &pk, message)`, the signature parsed first. */
function verifiesStrict(
  host: NativeHost,
  module: string,
  pk: Value,
  signature: number[],
  messageTy: Ty,
  message: Value,
): boolean {
  const [sig] = host.call(ONE, module, 'new_signature_from_bytes', [], [signature]);
  const [ok] = host.call(
    ONE,
    module,
    'signature_verify_strict_t',
    [messageTy],
    [new Ref([must(sig)], 0), new Ref([pk], 0), message],
  );
  return ok === true;
}

const sameBytes = (a: number[], b: number[]): boolean =>
  a.length === b.length && a.every((byte, i) => byte === b[i]);

/** `verify_signed_message`: the key is the account's, and it signed `message`. */
export function verifySignedMessage(
  host: NativeHost,
  account: LongAddress,
  scheme: number,
  key: number[],
  signature: number[],
  messageTy: Ty,
  message: Value,
): void {
  const [authKey] = host.call(ONE, 'account', 'get_authentication_key', [], [account]);
  const module = schemeModule(scheme);
  const [pk, expected] = publicKey(host, module, key);
  if (!sameBytes(authKey as number[], expected))
    accountAbort('invalidArgument', 'EWRONG_CURRENT_PUBLIC_KEY');
  if (!verifiesStrict(host, module, pk, signature, messageTy, message))
    accountAbort('invalidArgument', 'EINVALID_PROOF_OF_KNOWLEDGE');
}

const ROTATION_OFFER_CHALLENGE = ty('0x1::account::RotationCapabilityOfferProofChallengeV2');
const SIGNER_OFFER_CHALLENGE = ty('0x1::account::SignerCapabilityOfferProofChallengeV2');

function revoke(host: NativeHost, account: Value, offer: Offer, error: OfferError): Value[] {
  const address = signerAddress(account);
  assertAccountResource(host, address, error);
  if (offerOf(host, address, offer) === undefined) {
    abortIn(
      '0x1::option',
      0x40001n,
      'EOPTION_NOT_SET',
      'The `Option` is in an invalid state for the operation attempted. The `Option` is `None` while it should be `Some`.',
    );
  }
  setOffer(host, address, offer, none());
  return [];
}

export const accountOffers: NativeFunction[] = [
  fn(
    'offer_rotation_capability',
    { params: ['&signer', 'vector<u8>', 'u8', 'vector<u8>', 'address'], isEntry: true },
    (host, _t, [account, sig, scheme, key, recipient]) => {
      const address = signerAddress(must(account));
      ensureAccountResource(host, address);
      if (!existsAt(host, recipient as LongAddress))
        accountAbort('notFound', 'EACCOUNT_DOES_NOT_EXIST');
      const resource = must(readResource(host, address, ACCOUNT)) as Value[];
      const challenge: Value = [
        host.session.ctx.chainId,
        resource[FIELD.sequenceNumber] as Value,
        address,
        recipient as Value,
      ];
      const module = schemeModule(scheme as number);
      const [pk, expected] = publicKey(host, module, bytes(key));
      if (!sameBytes(resource[FIELD.authenticationKey] as number[], expected))
        accountAbort('invalidArgument', 'EWRONG_CURRENT_PUBLIC_KEY');
      if (!verifiesStrict(host, module, pk, bytes(sig), ROTATION_OFFER_CHALLENGE, challenge))
        accountAbort('invalidArgument', 'EINVALID_PROOF_OF_KNOWLEDGE');
      setOffer(host, address, FIELD.rotationCapabilityOffer, some(recipient as Value));
      return [];
    },
  ),
  fn(
    'offer_signer_capability',
    { params: ['&signer', 'vector<u8>', 'u8', 'vector<u8>', 'address'], isEntry: true },
    (host, _t, [account, sig, scheme, key, recipient]) => {
      const address = signerAddress(must(account));
      ensureAccountResource(host, address);
      if (!existsAt(host, recipient as LongAddress))
        accountAbort('notFound', 'EACCOUNT_DOES_NOT_EXIST');
      const [sequence] = host.call(ONE, 'account', 'get_sequence_number', [], [address]);
      const challenge: Value = [must(sequence), address, recipient as Value];
      verifySignedMessage(
        host,
        address,
        scheme as number,
        bytes(key),
        bytes(sig),
        SIGNER_OFFER_CHALLENGE,
        challenge,
      );
      setOffer(host, address, FIELD.signerCapabilityOffer, some(recipient as Value));
      return [];
    },
  ),
  ...(
    [
      ['rotation', FIELD.rotationCapabilityOffer, 'ENO_SUCH_ROTATION_CAPABILITY_OFFER'],
      ['signer', FIELD.signerCapabilityOffer, 'ENO_SUCH_SIGNER_CAPABILITY'],
    ] as const
  ).flatMap(([kind, offer, error]) => [
    fn(
      `is_${kind}_capability_offered`,
      { params: ['address'], returns: ['bool'], isView: true },
      (host, _t, [address]) => {
        const at = address as LongAddress;
        if (defaultAccountResource(host)) {
          if (!accountExists(host, at)) return [false];
        } else if (!accountExists(host, at)) accountAbort('notFound', 'EACCOUNT_DOES_NOT_EXIST');
        return [offerOf(host, at, offer) !== undefined];
      },
    ),
    fn(
      `get_${kind}_capability_offer_for`,
      { params: ['address'], returns: ['address'], isView: true },
      (host, _t, [address]) => {
        const at = address as LongAddress;
        // Both check `ENO_SIGNER_CAPABILITY_OFFERED` when the offer is empty, as account.move does.
        assertAccountResource(
          host,
          at,
          kind === 'rotation' ? error : ('ENO_SIGNER_CAPABILITY_OFFERED' as OfferError),
        );
        return [
          offerOf(host, at, offer) ?? accountAbort('notFound', 'ENO_SIGNER_CAPABILITY_OFFERED'),
        ];
      },
    ),
    fn(
      `revoke_${kind}_capability`,
      { params: ['&signer', 'address'], isEntry: true },
      (host, _t, [account, revoked]) => {
        if (!existsAt(host, revoked as LongAddress))
          accountAbort('notFound', 'EACCOUNT_DOES_NOT_EXIST');
        const address = signerAddress(must(account));
        assertAccountResource(host, address, error);
        if (offerOf(host, address, offer) !== revoked) accountAbort('notFound', error);
        setOffer(host, address, offer, none());
        return [];
      },
    ),
    fn(
      `revoke_any_${kind}_capability`,
      { params: ['&signer'], isEntry: true },
      (host, _t, [account]) => revoke(host, must(account), offer, error),
    ),
  ]),
  fn(
    'create_authorized_signer',
    { params: ['&signer', 'address'], returns: ['signer'] },
    (host, _t, [account, offerer]) => {
      const at = offerer as LongAddress;
      assertAccountResource(host, at, 'ENO_SUCH_SIGNER_CAPABILITY');
      if (offerOf(host, at, FIELD.signerCapabilityOffer) !== signerAddress(must(account)))
        accountAbort('notFound', 'ENO_SUCH_SIGNER_CAPABILITY');
      return [at];
    },
  ),
  fn(
    'verify_signed_message',
    {
      params: ['address', 'u8', 'vector<u8>', 'vector<u8>', 'T0'],
      typeParams: [['drop']],
    },
    (host, [messageTy], [account, scheme, key, sig, message]) => {
      verifySignedMessage(
        host,
        account as LongAddress,
        scheme as number,
        bytes(key),
        bytes(sig),
        must(messageTy),
        must(message),
      );
      return [];
    },
  ),
];
