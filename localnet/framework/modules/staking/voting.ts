/**
 * `0x1::voting` on the VM's own values, as voting.move writes it: a generic voting forum any
 * account may host for its own ProposalType (register, create_proposal(_v2), vote, resolve,
 * resolve_proposal_v2 and the views), proposals kept in the forum's `Table<u64, Proposal<T>>`
 * through `0x1::table`, metadata through `0x1::simple_map`, as the Move code calls them.
 */
import type { LongAddress } from '../../../encoding.ts';
import { must } from '../../../encoding.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Ty } from '../../../move/vm/ty.ts';
import { tyString } from '../../../move/vm/ty.ts';
import type { Value } from '../../../move/vm/values.ts';
import { Ref } from '../../../move/vm/values.ts';
import { eventHandle, fn, struct } from '../../abi.ts';
import { FRAMEWORK_ADDRESS } from '../../assets.ts';
import {
  borrowResource,
  emitEvent,
  fieldsOf,
  resourceExists,
  signerAddress,
  str,
  ty,
  updateResource,
  writeResource,
} from '../../vmState.ts';
import { fail } from './errors.ts';
import { CATEGORY, nowSeconds, stakingModule } from './shared.ts';

const M = 'voting';
const RESOLVABLE_TIME = 'RESOLVABLE_TIME_METADATA_KEY';
const MULTI_STEP = 'IS_MULTI_STEP_PROPOSAL_KEY';
const IN_EXECUTION = 'IS_MULTI_STEP_PROPOSAL_IN_EXECUTION';
const STATE = { pending: 0n, succeeded: 1n, failed: 3n };
/** Proposal's fields by index. */
const P = {
  proposer: 0,
  content: 1,
  metadata: 2,
  created: 3,
  hash: 4,
  minVotes: 5,
  expiration: 6,
  early: 7,
  yes: 8,
  no: 9,
  resolved: 10,
  resolvedAt: 11,
} as const;

const forumType = (t: Ty) => `0x1::voting::VotingForum<${tyString(t)}>`;
const proposalTy = (t: Ty) => ty(`0x1::voting::Proposal<${tyString(t)}>`);
const addr = (v: Value | undefined) => must(v) as LongAddress;
const call = (host: NativeHost, module: string, name: string, tys: Ty[], args: Value[]) =>
  host.call(FRAMEWORK_ADDRESS, module, name, tys, args);

/** `simple_map` calls on a proposal's `SimpleMap<String, vector<u8>>` (a Ref or a value's slot). */
const MAP_TYS = [ty('0x1::string::String'), ty('vector<u8>')];
const mapRef = (proposal: Value[]) => new Ref(proposal, P.metadata);
const has = (host: NativeHost, map: Ref, key: string) =>
  call(host, 'simple_map', 'contains_key', MAP_TYS, [map, new Ref([str(key)], 0)])[0] === true;
const read = (host: NativeHost, map: Ref, key: string) =>
  fieldsOf(
    call(host, 'simple_map', 'borrow', MAP_TYS, [map, new Ref([str(key)], 0)])[0] as Value,
  ) as unknown as number[];
const put = (host: NativeHost, map: Ref, key: string, value: number[]) => {
  call(host, 'simple_map', 'add', MAP_TYS, [map, str(key), value]);
};
const set = (host: NativeHost, map: Ref, key: string, value: number[]) => {
  const slot = call(host, 'simple_map', 'borrow_mut', MAP_TYS, [
    map,
    new Ref([str(key)], 0),
  ])[0] as Ref;
  slot.c[slot.i] = value;
};
const boolBytes = (b: boolean) => [b ? 1 : 0];
const u64Bytes = (n: bigint) =>
  Array.from({ length: 8 }, (_, i) => Number((n >> BigInt(8 * i)) & 0xffn));
const u64Of = (bytes: number[]) => bytes.reduce((n, b, i) => n | (BigInt(b) << BigInt(8 * i)), 0n);

/** `borrow_global<VotingForum<T>>(forum).proposals.borrow(id)`: MISSING_DATA, then the table's NOT_FOUND. */
function proposalOf(host: NativeHost, t: Ty, forum: LongAddress, id: Value | undefined): Value[] {
  const value = borrowResource(host, forum, forumType(t)) as Value[];
  const cell = call(
    host,
    'table',
    'borrow',
    [ty('u64'), proposalTy(t)],
    [new Ref(value, 0), must(id)],
  )[0] as Ref;
  return cell.c[cell.i] as Value[];
}

const canResolveEarly = (p: Value[]): boolean => {
  const early = (fieldsOf(p[P.early] as Value)[0] as Value[])[0] as bigint | undefined;
  return early !== undefined && ((p[P.yes] as bigint) >= early || (p[P.no] as bigint) >= early);
};
const periodOver = (host: NativeHost, p: Value[]) => nowSeconds(host) > (p[P.expiration] as bigint);

function proposalState(host: NativeHost, t: Ty, forum: LongAddress, id: Value | undefined): bigint {
  const p = proposalOf(host, t, forum, id);
  if (!(canResolveEarly(p) || periodOver(host, p))) return STATE.pending;
  const [yes, no] = [p[P.yes] as bigint, p[P.no] as bigint];
  return yes > no && yes + no >= (p[P.minVotes] as bigint) ? STATE.succeeded : STATE.failed;
}

/** `is_proposal_resolvable`: its state, not resolved, not in the voting transaction, the script's hash. */
function assertResolvable(
  host: NativeHost,
  t: Ty,
  forum: LongAddress,
  id: Value | undefined,
): Value[] {
  if (proposalState(host, t, forum, id) !== STATE.succeeded) {
    fail(M, 'EPROPOSAL_CANNOT_BE_RESOLVED', CATEGORY.invalidState);
  }
  const p = proposalOf(host, t, forum, id);
  if (p[P.resolved] === true) fail(M, 'EPROPOSAL_ALREADY_RESOLVED', CATEGORY.invalidState);
  if (nowSeconds(host) <= u64Of(read(host, mapRef(p), RESOLVABLE_TIME))) {
    fail(M, 'ERESOLUTION_CANNOT_BE_ATOMIC', CATEGORY.invalidState);
  }
  const script = call(host, 'transaction_context', 'get_script_hash', [], [])[0] as number[];
  if (Buffer.compare(Buffer.from(script), Buffer.from(p[P.hash] as number[])) !== 0) {
    fail(M, 'EPROPOSAL_EXECUTION_HASH_NOT_MATCHING', CATEGORY.invalidArgument);
  }
  return p;
}

/** The forum written back after a table item changed through it (borrow_global_mut). */
const touchForum = (host: NativeHost, t: Ty, forum: LongAddress) =>
  updateResource(host, forum, forumType(t), () => undefined);

const resolved = (host: NativeHost, id: Value | undefined, p: Value[]) =>
  emitEvent(host, '0x1::voting::ResolveProposal', [
    must(id),
    p[P.yes] as Value,
    p[P.no] as Value,
    canResolveEarly(p),
  ]);

function createProposal(host: NativeHost, t: Ty, args: Value[], multiStep: boolean): Value[] {
  const [proposer, forum, content, hash, minVotes, expiration, early, metadata] = args;
  const threshold = (fieldsOf(must(early))[0] as Value[])[0] as bigint | undefined;
  if (threshold !== undefined && (must(minVotes) as bigint) > threshold) {
    fail(M, 'EINVALID_MIN_VOTE_THRESHOLD', CATEGORY.invalidArgument);
  }
  if ((must(hash) as number[]).length === 0)
    fail(M, 'EPROPOSAL_EMPTY_EXECUTION_HASH', CATEGORY.invalidArgument);
  const type = forumType(t);
  const value = borrowResource(host, addr(forum), type) as Value[];
  const id = value[2] as bigint;
  value[2] = id + 1n;
  const holder = [must(metadata)];
  const map = new Ref(holder, 0);
  put(host, map, MULTI_STEP, boolBytes(multiStep));
  if (multiStep) put(host, map, IN_EXECUTION, boolBytes(false));
  else if (has(host, map, IN_EXECUTION))
    call(host, 'simple_map', 'remove', MAP_TYS, [map, new Ref([str(IN_EXECUTION)], 0)]);
  const proposal = [
    must(proposer),
    [[must(content)]],
    holder[0] as Value,
    nowSeconds(host),
    must(hash),
    must(minVotes),
    must(expiration),
    must(early),
    0n,
    0n,
    false,
    0n,
  ];
  call(host, 'table', 'add', [ty('u64'), proposalTy(t)], [new Ref(value, 0), id, proposal]);
  writeResource(host, addr(forum), type, value);
  emitEvent(host, '0x1::voting::CreateProposal', [
    id,
    must(early),
    must(hash),
    must(expiration),
    holder[0] as Value,
    must(minVotes),
  ]);
  return [id];
}

const T0 = [['store']];
const GETTERS: Array<[string, string, (p: Value[]) => Value]> = [
  ['get_proposer', 'address', (p) => p[P.proposer] as Value],
  [
    'get_proposal_metadata',
    '0x1::simple_map::SimpleMap<0x1::string::String, vector<u8>>',
    (p) => p[P.metadata] as Value,
  ],
  ['get_proposal_creation_secs', 'u64', (p) => p[P.created] as Value],
  ['get_proposal_expiration_secs', 'u64', (p) => p[P.expiration] as Value],
  ['get_execution_hash', 'vector<u8>', (p) => p[P.hash] as Value],
  ['get_min_vote_threshold', 'u128', (p) => p[P.minVotes] as Value],
  ['get_early_resolution_vote_threshold', '0x1::option::Option<u128>', (p) => p[P.early] as Value],
  ['is_resolved', 'bool', (p) => p[P.resolved] as Value],
  ['get_resolution_time_secs', 'u64', (p) => p[P.resolvedAt] as Value],
];
const META = '0x1::simple_map::SimpleMap<0x1::string::String, vector<u8>>';
const OPT = '0x1::option::Option<u128>';
const CREATE = ['address', 'address', 'T0', 'vector<u8>', 'u128', 'u64', OPT, META];
const ds = ['drop', 'store'];
const PROPOSAL_FIELDS: Array<[string, string]> = [
  ['proposer', 'address'],
  ['execution_content', '0x1::option::Option<T0>'],
  ['metadata', META],
  ['creation_time_secs', 'u64'],
  ['execution_hash', 'vector<u8>'],
  ['min_vote_threshold', 'u128'],
  ['expiration_secs', 'u64'],
  ['early_resolution_vote_threshold', OPT],
  ['yes_votes', 'u128'],
  ['no_votes', 'u128'],
  ['is_resolved', 'bool'],
  ['resolution_time_secs', 'u64'],
];
const CREATED: Array<[string, string]> = [
  ['proposal_id', 'u64'],
  ['early_resolution_vote_threshold', OPT],
  ['execution_hash', 'vector<u8>'],
  ['expiration_secs', 'u64'],
  ['metadata', META],
  ['min_vote_threshold', 'u128'],
];
const generic = { typeParams: [{ constraints: ['store'], is_phantom: false }] };

export const votingModule = stakingModule(
  M,
  [
    struct('Proposal', ['store'], PROPOSAL_FIELDS, generic),
    struct(
      'VotingForum',
      ['key'],
      [
        ['proposals', '0x1::table::Table<u64, 0x1::voting::Proposal<T0>>'],
        ['events', '0x1::voting::VotingEvents'],
        ['next_proposal_id', 'u64'],
      ],
      generic,
    ),
    struct(
      'VotingEvents',
      ['store'],
      [
        ['create_proposal_events', eventHandle('0x1::voting::CreateProposalEvent')],
        ['register_forum_events', eventHandle('0x1::voting::RegisterForumEvent')],
        ['resolve_proposal_events', eventHandle('0x1::voting::ResolveProposal')],
        ['vote_events', eventHandle('0x1::voting::VoteEvent')],
      ],
    ),
    struct('CreateProposal', ds, CREATED),
    struct('CreateProposalEvent', ds, CREATED),
    ...['RegisterForum', 'RegisterForumEvent'].map((name) =>
      struct(name, ds, [
        ['hosting_account', 'address'],
        ['proposal_type_info', '0x1::type_info::TypeInfo'],
      ]),
    ),
    ...['Vote', 'VoteEvent'].map((name) =>
      struct(name, ds, [
        ['proposal_id', 'u64'],
        ['num_votes', 'u64'],
      ]),
    ),
    struct('ResolveProposal', ds, [
      ['proposal_id', 'u64'],
      ['yes_votes', 'u128'],
      ['no_votes', 'u128'],
      ['resolved_early', 'bool'],
    ]),
  ],
  [
    fn('grant_permission', { params: ['&signer', '&signer'] }, () =>
      fail(M, 'EPERMISSIONED_SIGNER_REMOVED', CATEGORY.unavailable),
    ),
    fn('register', { params: ['&signer'], typeParams: T0 }, (host, [t], [s]) => {
      const account = signerAddress(must(s));
      if (resourceExists(host, account, forumType(must(t)))) {
        fail(M, 'EVOTING_FORUM_ALREADY_REGISTERED', CATEGORY.alreadyExists);
      }
      const table = call(host, 'table', 'new', [ty('u64'), proposalTy(must(t))], [])[0] as Value;
      const handles = [
        'CreateProposalEvent',
        'RegisterForumEvent',
        'ResolveProposal',
        'VoteEvent',
      ].map(
        (e) =>
          call(
            host,
            'account',
            'new_event_handle',
            [ty(`0x1::voting::${e}`)],
            [must(s)],
          )[0] as Value,
      );
      const info = call(host, 'type_info', 'type_of', [must(t)], [])[0] as Value;
      emitEvent(host, '0x1::voting::RegisterForum', [account, info]);
      writeResource(host, account, forumType(must(t)), [table, handles, 0n]);
      return [];
    }),
    fn('create_proposal', { params: CREATE, returns: ['u64'], typeParams: T0 }, (host, [t], args) =>
      createProposal(host, must(t), args, false),
    ),
    fn(
      'create_proposal_v2',
      { params: [...CREATE, 'bool'], returns: ['u64'], typeParams: T0 },
      (host, [t], args) => createProposal(host, must(t), args, args[8] === true),
    ),
    fn(
      'vote',
      { params: ['&T0', 'address', 'u64', 'u64', 'bool'], typeParams: T0 },
      (host, [t], [, forum, id, votes, pass]) => {
        const p = proposalOf(host, must(t), addr(forum), id);
        if (periodOver(host, p)) fail(M, 'EPROPOSAL_VOTING_ALREADY_ENDED', CATEGORY.invalidState);
        if (p[P.resolved] === true) fail(M, 'EPROPOSAL_ALREADY_RESOLVED', CATEGORY.invalidState);
        const map = mapRef(p);
        if (has(host, map, IN_EXECUTION) && read(host, map, IN_EXECUTION)[0] !== 0) {
          fail(M, 'EMULTI_STEP_PROPOSAL_IN_EXECUTION', CATEGORY.invalidState);
        }
        const side = pass === true ? P.yes : P.no;
        p[side] = (p[side] as bigint) + (must(votes) as bigint);
        const now = u64Bytes(nowSeconds(host));
        if (has(host, map, RESOLVABLE_TIME)) set(host, map, RESOLVABLE_TIME, now);
        else put(host, map, RESOLVABLE_TIME, now);
        touchForum(host, must(t), addr(forum));
        emitEvent(host, '0x1::voting::Vote', [must(id), must(votes)]);
        return [];
      },
    ),
    fn(
      'resolve',
      { params: ['address', 'u64'], returns: ['T0'], typeParams: T0 },
      (host, [t], [forum, id]) => {
        const p = assertResolvable(host, must(t), addr(forum), id);
        const map = mapRef(p);
        if (has(host, map, MULTI_STEP) && read(host, map, MULTI_STEP)[0] === 1) {
          fail(
            M,
            'EMULTI_STEP_PROPOSAL_CANNOT_USE_SINGLE_STEP_RESOLVE_FUNCTION',
            CATEGORY.permissionDenied,
          );
        }
        p[P.resolved] = true;
        p[P.resolvedAt] = nowSeconds(host);
        resolved(host, id, p);
        const content = fieldsOf(p[P.content] as Value)[0] as Value[];
        const taken = content.pop();
        touchForum(host, must(t), addr(forum));
        return [must(taken)];
      },
    ),
    fn(
      'resolve_proposal_v2',
      { params: ['address', 'u64', 'vector<u8>'], typeParams: T0 },
      (host, [t], [forum, id, next]) => {
        const p = assertResolvable(host, must(t), addr(forum), id);
        const map = mapRef(p);
        if (has(host, map, IN_EXECUTION)) set(host, map, IN_EXECUTION, boolBytes(true));
        const multiStep = has(host, map, MULTI_STEP) && read(host, map, MULTI_STEP)[0] === 1;
        const empty = (must(next) as number[]).length === 0;
        if (!multiStep && !empty) {
          fail(
            M,
            'ESINGLE_STEP_PROPOSAL_CANNOT_HAVE_NEXT_EXECUTION_HASH',
            CATEGORY.invalidArgument,
          );
        }
        if (empty) {
          p[P.resolved] = true;
          p[P.resolvedAt] = nowSeconds(host);
          if (multiStep) set(host, map, IN_EXECUTION, boolBytes(false));
        } else p[P.hash] = must(next);
        resolved(host, id, p);
        touchForum(host, must(t), addr(forum));
        return [];
      },
    ),
    fn(
      'next_proposal_id',
      { params: ['address'], returns: ['u64'], typeParams: T0, isView: true },
      (host, [t], [forum]) => [
        (borrowResource(host, addr(forum), forumType(must(t))) as Value[])[2] as Value,
      ],
    ),
    ...GETTERS.map(([name, returns, get]) =>
      fn(
        name,
        { params: ['address', 'u64'], returns: [returns], typeParams: T0, isView: true },
        (host, [t], [forum, id]) => [get(proposalOf(host, must(t), addr(forum), id))],
      ),
    ),
    fn(
      'is_voting_closed',
      { params: ['address', 'u64'], returns: ['bool'], typeParams: T0, isView: true },
      (host, [t], [forum, id]) => {
        const p = proposalOf(host, must(t), addr(forum), id);
        return [canResolveEarly(p) || periodOver(host, p)];
      },
    ),
    fn(
      'can_be_resolved_early',
      { params: ['&0x1::voting::Proposal<T0>'], returns: ['bool'], typeParams: T0 },
      (_h, _t, [p]) => [canResolveEarly(fieldsOf(must(p)))],
    ),
    fn(
      'get_proposal_metadata_value',
      {
        params: ['address', 'u64', '0x1::string::String'],
        returns: ['vector<u8>'],
        typeParams: T0,
        isView: true,
      },
      (host, [t], [forum, id, key]) => {
        const p = proposalOf(host, must(t), addr(forum), id);
        const value = call(host, 'simple_map', 'borrow', MAP_TYS, [
          mapRef(p),
          new Ref([must(key)], 0),
        ])[0] as Ref;
        return [value.c[value.i] as Value];
      },
    ),
    fn(
      'get_proposal_state',
      { params: ['address', 'u64'], returns: ['u64'], typeParams: T0, isView: true },
      (host, [t], [forum, id]) => [proposalState(host, must(t), addr(forum), id)],
    ),
    fn(
      'get_votes',
      { params: ['address', 'u64'], returns: ['u128', 'u128'], typeParams: T0, isView: true },
      (host, [t], [forum, id]) => {
        const p = proposalOf(host, must(t), addr(forum), id);
        return [p[P.yes] as Value, p[P.no] as Value];
      },
    ),
    fn(
      'is_multi_step_proposal_in_execution',
      { params: ['address', 'u64'], returns: ['bool'], typeParams: T0, isView: true },
      (host, [t], [forum, id]) => {
        const map = mapRef(proposalOf(host, must(t), addr(forum), id));
        if (!has(host, map, IN_EXECUTION))
          fail(M, 'EPROPOSAL_IS_SINGLE_STEP', CATEGORY.invalidArgument);
        return [read(host, map, IN_EXECUTION)[0] === 1];
      },
    ),
  ],
);
