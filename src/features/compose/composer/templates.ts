import { playgroundAddress, rootAddress, type ComposerFormState } from './composerForm';
import { tokenTemplates } from './tokenTemplates';

/** A ready-made call that fills the form (payload fields, and options where the case needs them). */
export interface ComposerTemplate {
  id: string;
  label: string;
  /** What to expect when it runs. */
  description: string;
  fill: Pick<
    ComposerFormState,
    'moduleAddress' | 'moduleName' | 'functionName' | 'typeArguments' | 'arguments'
  > &
    Partial<Pick<ComposerFormState, 'encodings'>> & {
      options?: Partial<ComposerFormState['options']>;
    };
  /** Arguments the person fills in (a token address): any text there still matches the template. */
  freeArguments?: number[];
}

const playground = (functionName: string, value: string) => ({
  moduleAddress: playgroundAddress,
  moduleName: 'playground',
  functionName,
  typeArguments: [],
  arguments: [value],
});

/** The templates, in menu order: transfers first, then each playground failure or behaviour. */
export const composerTemplates: ComposerTemplate[] = [
  {
    id: 'transfer',
    label: 'APT transfer: 0.1 APT to the root account',
    description:
      'Commits after one faucet funding: 0.1 APT (10,000,000 octas) to the root account.',
    fill: {
      moduleAddress: '0x1',
      moduleName: 'aptos_account',
      functionName: 'transfer',
      typeArguments: [],
      arguments: [rootAddress, '0.1 APT'],
    },
  },
  {
    id: 'transfer-too-much',
    label: 'APT transfer: more than the balance',
    description: 'Fails in simulation: EINSUFFICIENT_BALANCE (10,000,000,000 APT).',
    fill: {
      moduleAddress: '0x1',
      moduleName: 'aptos_account',
      functionName: 'transfer',
      typeArguments: [],
      arguments: [rootAddress, '1000000000000000000'],
    },
  },
  {
    id: 'batch-transfer',
    label: 'Batch transfer: 0.1 APT and 0.2 APT',
    description: 'Commits: two transfers in one transaction (0xb0b gets a new account).',
    fill: {
      moduleAddress: '0x1',
      moduleName: 'aptos_account',
      functionName: 'batch_transfer',
      typeArguments: [],
      arguments: [`${rootAddress}\n0xb0b`, '0.1 APT, 0.2 APT'],
    },
  },
  {
    id: 'abort',
    label: 'Playground: abort with code 42',
    description: 'Fails on chain: Move abort in 0xcafe::playground: 0x2a.',
    fill: playground('abort_with', '42'),
  },
  {
    id: 'out-of-gas',
    label: 'Playground: burn 1,000,000 gas units (out of gas)',
    description: 'Fails on chain: Out of gas, with max gas 200000.',
    fill: { ...playground('burn_gas', '1000000'), options: { maxGasAmount: '200000' } },
  },
  {
    id: 'emit-events',
    label: 'Playground: emit 5 events',
    description: 'Commits with five 0xcafe::playground::Ping events.',
    fill: playground('emit_events', '5'),
  },
  {
    id: 'store-value',
    label: 'Playground: store the value 42',
    description: 'Commits: writes 0xcafe::playground::Stored { value: 42 } under the sender.',
    fill: playground('store_value', '42'),
  },
  {
    id: 'store-value-both',
    label: 'Playground: two signers store the value 7 (multi-agent)',
    description:
      'Takes two &signer: set the kind to multi-agent with one secondary signer; both store 7.',
    fill: playground('store_value_both', '7'),
  },
  ...tokenTemplates,
];

/** The form after applying a template: its payload fields replace the form's, options merge. */
export function applyTemplate(
  state: ComposerFormState,
  template: ComposerTemplate,
): ComposerFormState {
  const { options, encodings, ...payload } = template.fill;
  return {
    ...state,
    ...payload,
    encodings: encodings ?? [],
    options: { ...state.options, ...options },
  };
}

/**
 * The template the form shows now: the one whose call (module, function, type arguments and
 * arguments as typed) the form holds, or `undefined` once a field is edited away from it.
 *
 * @example
 * ```ts
 * matchingTemplate(defaultFormState)?.id; // 'transfer'
 * ```
 */
export function matchingTemplate(state: ComposerFormState): ComposerTemplate | undefined {
  const same = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((item, index) => item === b[index]);
  return composerTemplates.find(({ fill, freeArguments = [] }) => {
    const typed = state.arguments.map((item, index) =>
      freeArguments.includes(index) ? (fill.arguments[index] ?? item) : item,
    );
    return (
      fill.moduleAddress === state.moduleAddress &&
      fill.moduleName === state.moduleName &&
      fill.functionName === state.functionName &&
      same(fill.typeArguments, state.typeArguments) &&
      same(fill.arguments, typed)
    );
  });
}
