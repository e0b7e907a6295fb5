import { rootAddress, type ComposerFormState } from './composerForm';
import type { ComposerTemplate } from './templates';

/** The collection the "create a collection" template creates and the "mint" template mints into. */
export const TEMPLATE_COLLECTION = 'Workbench collection';

/** The `0x4` token object type `0x1::object::transfer` moves in the "transfer a token" template. */
export const TOKEN_TYPE = '0x4::token::Token';

/**
 * The digital-asset templates, in the order they run on a fresh account: create a collection,
 * mint a token into it, transfer the token. The transfer's token address is left to the person
 * (picked from the account's tokens, which the composer lists, or pasted).
 */
export const tokenTemplates: ComposerTemplate[] = [
  {
    id: 'create-collection',
    label: 'Digital asset: create a collection',
    description: `Commits once per account: creates "${TEMPLATE_COLLECTION}" (up to 100 tokens, every field mutable, no royalty). A second run aborts with ECOLLECTION_ALREADY_EXISTS: change the name.`,
    fill: {
      moduleAddress: '0x4',
      moduleName: 'aptos_token',
      functionName: 'create_collection',
      typeArguments: [],
      arguments: [
        'A collection created in Transaction Workbench',
        '100',
        TEMPLATE_COLLECTION,
        'https://aptos.dev/collection.json',
        // mutable_description, mutable_royalty, mutable_uri, mutable_token_description,
        // mutable_token_name, mutable_token_properties, mutable_token_uri,
        // tokens_burnable_by_creator, tokens_freezable_by_creator
        ...Array<string>(9).fill('true'),
        // royalty numerator / denominator: no royalty
        '0',
        '1',
      ],
    },
  },
  {
    id: 'mint-token',
    label: 'Digital asset: mint a token',
    description: `Commits after "create a collection": mints "Workbench token" into "${TEMPLATE_COLLECTION}" (the collection name must be one the sender created), no properties.`,
    fill: {
      moduleAddress: '0x4',
      moduleName: 'aptos_token',
      functionName: 'mint',
      typeArguments: [],
      arguments: [
        TEMPLATE_COLLECTION,
        'A token minted in Transaction Workbench',
        'Workbench token',
        'https://aptos.dev/token.json',
        '[]',
        '[]',
        '[]',
      ],
    },
  },
  {
    id: 'transfer-token',
    label: 'Digital asset: transfer a token to the root account',
    description:
      'Commits after "mint a token": moves one of the sender\'s tokens (0x1::object::transfer<0x4::token::Token>) to the root account. Pick the token below or paste its address.',
    fill: {
      moduleAddress: '0x1',
      moduleName: 'object',
      functionName: 'transfer',
      typeArguments: [TOKEN_TYPE],
      arguments: ['', rootAddress],
    },
    freeArguments: [0],
  },
];

/** Which digital-asset helper the form needs: the mint's collection or the transfer's token. */
export type TokenTemplateKind = 'mint' | 'transfer' | null;

/**
 * Whether the form calls `0x4::aptos_token::mint` (argument 1 is a collection name) or
 * `0x1::object::transfer<0x4::token::Token>` (argument 1 is a token address), whether or not a
 * template filled it.
 */
export function tokenTemplateKind(state: ComposerFormState): TokenTemplateKind {
  const address = state.moduleAddress.trim().toLowerCase().replace(/^0x0*/, '0x');
  if (address === '0x4' && state.moduleName === 'aptos_token' && state.functionName === 'mint')
    return 'mint';
  if (
    address === '0x1' &&
    state.moduleName === 'object' &&
    state.functionName === 'transfer' &&
    state.typeArguments[0]?.trim().replace(/^0x0*4::/, '0x4::') === TOKEN_TYPE
  )
    return 'transfer';
  return null;
}
