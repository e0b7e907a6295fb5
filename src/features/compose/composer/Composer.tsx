import {
  Autocomplete,
  Divider,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { useLatest } from '../../../hooks/useLatest';
import { useNetwork } from '../../../network/useNetwork';
import { ArgumentField } from './ArgumentField';
import {
  evaluateForm,
  formFromDraft,
  loadForm,
  saveForm,
  type ComposerFormState,
} from './composerForm';
import { composerQueries } from './composerQueries';
import type { ComposerProps } from './types';
import { parseAddressText } from './moveArguments';
import { networkProblem } from './networkProblem';
import { OptionsFields } from './OptionsFields';
import { SignersFields } from './SignersFields';
import { applyTemplate, composerTemplates, matchingTemplate } from './templates';
import { TokenTemplateHelper } from './TokenTemplateHelper';

const presetAddresses = ['0x1', '0xcafe'];

/** A new module (or address) clears the function and its inputs. */
const noFunction = {
  functionName: null,
  typeArguments: [],
  arguments: [],
  encodings: [],
} satisfies Partial<ComposerFormState>;

/** The same value while its JSON is the same: memoised children see a stable prop. */
function useJsonStable<T>(value: T): T {
  const key = JSON.stringify(value);
  // The JSON is the identity: a new object with the same content keeps the previous one.
  return useMemo(() => JSON.parse(key) as T, [key]);
}

const templateOptions = composerTemplates.map((template) => ({
  value: template.id,
  label: template.label,
}));

interface FunctionPickerProps {
  templateId: string | null;
  moduleAddress: string;
  moduleAddressError: string | null;
  addressOk: boolean;
  modulesFailed: boolean;
  modulesLoading: boolean;
  moduleName: string | null;
  moduleOptions: string[];
  moduleKnown: boolean;
  functionName: string | null;
  functionOptions: string[];
  functionDescription: string;
  disabled: boolean;
  onTemplate: (id: string | null) => void;
  update: (patch: Partial<ComposerFormState>) => void;
}

/**
 * Template, module address, module and entry function. Memoised: typing an argument or an option
 * changes none of its props, so it does not render again (its comboboxes are the costliest part
 * of the form).
 */
const FunctionPicker = memo(function FunctionPicker({
  templateId,
  moduleAddress,
  moduleAddressError,
  addressOk,
  modulesFailed,
  modulesLoading,
  moduleName,
  moduleOptions,
  moduleKnown,
  functionName,
  functionOptions,
  functionDescription,
  disabled,
  onTemplate,
  update,
}: FunctionPickerProps) {
  return (
    <>
      <Select
        label="Template"
        description="Fills the form with a ready-made call."
        placeholder="Custom call (no template matches)"
        data={templateOptions}
        value={templateId}
        onChange={onTemplate}
        disabled={disabled}
        searchable
      />

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Autocomplete
          label="Module address"
          description="0x1 (framework), 0xcafe (playground) or any address."
          data={presetAddresses}
          value={moduleAddress}
          onChange={(value) => {
            if (value === moduleAddress) return;
            update({ moduleAddress: value, moduleName: null, ...noFunction });
          }}
          error={moduleAddressError}
          disabled={disabled}
          required
          autoComplete="off"
        />
        <Select
          label="Module"
          description={
            modulesFailed
              ? 'The modules could not be loaded (see the module address).'
              : modulesLoading
                ? 'Loading modules…'
                : 'Type to search.'
          }
          placeholder={addressOk ? 'Choose a module' : 'Enter a valid address first'}
          data={moduleOptions}
          value={moduleName}
          onChange={(value) => {
            if (value === moduleName) return;
            update({ moduleName: value, ...noFunction });
          }}
          searchable
          nothingFoundMessage="No module matches"
          disabled={disabled || !addressOk}
          required
        />
        <Select
          label="Entry function"
          description={functionDescription}
          placeholder={moduleKnown ? 'Choose an entry function' : 'Choose a module first'}
          data={functionOptions}
          value={functionName}
          onChange={(value) => {
            if (value === functionName) return;
            update({ ...noFunction, functionName: value });
          }}
          searchable
          nothingFoundMessage="No entry function matches"
          disabled={disabled || !moduleKnown}
          required
        />
      </SimpleGrid>
    </>
  );
});

/**
 * Composes any entry function call: module and function from the chain's ABIs, one input per
 * type argument and parameter (validated per Move type), templates, and the transaction options.
 * The form survives a reload; `onDraft` hears a valid draft or the problems in the way.
 *
 * @example
 * ```tsx
 * <Composer sender={account?.address ?? null} disabled={busy} onDraft={setDraftResult} />
 * ```
 */
export const Composer = memo(function Composer({
  sender,
  disabled,
  onDraft,
  initialDraft,
  initialSigningMode,
}: ComposerProps) {
  const { network } = useNetwork();
  const [state, setState] = useState<ComposerFormState>(() => {
    const stored = loadForm();
    return initialDraft
      ? formFromDraft(initialDraft, initialSigningMode ?? stored.signingMode, stored)
      : stored;
  });
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const touch = (key: string) =>
    setTouched((previous) => (previous.has(key) ? previous : new Set(previous).add(key)));

  useEffect(() => saveForm(state), [state]);

  const address = parseAddressText(state.moduleAddress, 'Module address');
  // Typing an address queries only once the typing pauses, not for every prefix of it.
  const typedAddress = address.ok ? address.value : '';
  const [queriedAddress] = useDebouncedValue(typedAddress, 300);
  const settled = queriedAddress === typedAddress;
  const modulesQuery = useQuery({
    ...composerQueries.modules(network, queriedAddress),
    enabled: address.ok && settled,
  });
  const gasQuery = useQuery(composerQueries.gasPrice(network));

  const modulesData = settled ? modulesQuery.data : undefined;
  const modules = useMemo(() => modulesData ?? [], [modulesData]);
  const module = modules.find((candidate) => candidate.name === state.moduleName) ?? null;
  const entryFunctions = useMemo(
    () => (module?.exposed_functions ?? []).filter((fn) => fn.is_entry),
    [module],
  );
  const fn = entryFunctions.find((candidate) => candidate.name === state.functionName) ?? null;

  let abiProblem: string | null = null;
  let modulesError: string | null = null;
  if (address.ok) {
    if (!settled || modulesQuery.isPending) {
      abiProblem = `Loading the modules at ${state.moduleAddress.trim()}…`;
    } else if (modulesQuery.isError) {
      modulesError = networkProblem(
        network,
        `the modules at ${state.moduleAddress.trim()}`,
        modulesQuery.error,
      );
      abiProblem = modulesError;
    } else if (modules.length === 0) {
      modulesError = `No modules are published at ${state.moduleAddress.trim()}. Try 0x1 or 0xcafe (the playground).`;
      abiProblem = modulesError;
    } else if (state.moduleName && !module) {
      abiProblem = `There is no module ${state.moduleName} at ${state.moduleAddress.trim()}; choose one from the list.`;
    } else if (state.functionName && !fn) {
      abiProblem = `${state.moduleName} has no entry function ${state.functionName}; choose one from the list.`;
    }
  }

  const evaluation = evaluateForm({ state, fn, sender, abiProblem });

  const getOnDraft = useLatest(onDraft);
  const resultKey = JSON.stringify(evaluation.result);
  useEffect(() => {
    getOnDraft()(JSON.parse(resultKey));
  }, [getOnDraft, resultKey]);

  const update = useCallback(
    (patch: Partial<ComposerFormState>) => setState((previous) => ({ ...previous, ...patch })),
    [],
  );
  const onTemplate = useCallback((id: string | null) => {
    const template = composerTemplates.find((candidate) => candidate.id === id);
    if (template) {
      setState((previous) => applyTemplate(previous, template));
      setTouched(new Set());
    }
  }, []);
  const onOptionsChange = useCallback(
    (options: ComposerFormState['options']) => update({ options }),
    [update],
  );
  const onSigningModeChange = useCallback(
    (signingMode: ComposerFormState['signingMode']) => update({ signingMode }),
    [update],
  );
  const onSignersChange = useCallback(
    (signers: ComposerFormState['signers']) => update({ signers }),
    [update],
  );
  const optionErrors = useJsonStable(evaluation.optionErrors);
  const signerErrors = useJsonStable(evaluation.signerErrors);
  const setArgument = useCallback(
    (index: number, text: string) =>
      setState((previous) => {
        const next = [...previous.arguments];
        next[index] = text;
        return { ...previous, arguments: next.map((item) => item ?? '') };
      }),
    [],
  );
  const showError = (key: string, value: string) => touched.has(key) || value.trim() !== '';

  const moduleOptions = useMemo(() => {
    const names = modules.map((candidate) => candidate.name);
    if (state.moduleName && !names.includes(state.moduleName)) names.push(state.moduleName);
    return names;
  }, [modules, state.moduleName]);
  const functionOptions = useMemo(() => {
    const names = entryFunctions.map((candidate) => candidate.name);
    if (state.functionName && !names.includes(state.functionName)) names.push(state.functionName);
    return names;
  }, [entryFunctions, state.functionName]);

  const functionDescription = fn
    ? `${fn.name}${fn.generic_type_params.length ? `<${fn.generic_type_params.map((_, i) => `T${i}`).join(', ')}>` : ''}(${fn.params.join(', ')})`
    : module
      ? `${entryFunctions.length} entry function${entryFunctions.length === 1 ? '' : 's'} in ${module.name}.`
      : 'Only entry functions are listed.';

  return (
    <Stack gap="md">
      <Title order={3} size="h4">
        Draft
      </Title>
      <FunctionPicker
        templateId={matchingTemplate(state)?.id ?? null}
        moduleAddress={state.moduleAddress}
        moduleAddressError={evaluation.moduleAddressError ?? modulesError}
        addressOk={address.ok}
        modulesFailed={modulesQuery.isError}
        modulesLoading={!settled || modulesQuery.isFetching}
        moduleName={state.moduleName}
        moduleOptions={moduleOptions}
        moduleKnown={module !== null}
        functionName={state.functionName}
        functionOptions={functionOptions}
        functionDescription={functionDescription}
        disabled={disabled}
        onTemplate={onTemplate}
        update={update}
      />
      <TokenTemplateHelper
        state={state}
        sender={sender}
        disabled={disabled}
        onArgument={setArgument}
      />

      {fn && fn.generic_type_params.length > 0 && (
        <Stack gap="sm">
          <Divider label="Type arguments" labelPosition="left" />
          {fn.generic_type_params.map((param, index) => {
            const key = `type${index}`;
            const value = state.typeArguments[index] ?? '';
            return (
              <TextInput
                key={key}
                label={`Type argument T${index}`}
                description={`A Move type, e.g. 0x1::aptos_coin::AptosCoin${param.constraints.length ? `; must have ${param.constraints.join(', ')}` : ''}.`}
                value={value}
                onChange={(event) => {
                  const next = [...state.typeArguments];
                  next[index] = event.currentTarget.value;
                  update({ typeArguments: next.map((item) => item ?? '') });
                }}
                onBlur={() => touch(key)}
                error={showError(key, value) ? evaluation.typeArgumentErrors[index] : null}
                disabled={disabled}
                required
                spellCheck={false}
                autoComplete="off"
              />
            );
          })}
        </Stack>
      )}

      {fn && (
        <Stack gap="sm">
          <Divider label="Arguments" labelPosition="left" />
          {evaluation.params.length === 0 && (
            <Text c="dimmed">This function takes no arguments besides the signer.</Text>
          )}
          {evaluation.params.map((field) => {
            const key = `arg${field.index}`;
            const text = state.arguments[field.index] ?? '';
            return (
              <ArgumentField
                key={`${state.moduleName}::${state.functionName}::${field.index}`}
                field={field}
                text={text}
                encoding={state.encodings[field.index] ?? 'hex'}
                showError={field.type === null || showError(key, text)}
                disabled={disabled}
                onBlur={() => touch(key)}
                onChange={(value) => {
                  const next = Array.from(
                    { length: evaluation.params.length },
                    (_, i) => state.arguments[i] ?? '',
                  );
                  next[field.index] = value;
                  update({ arguments: next });
                }}
                onEncodingChange={(encoding) => {
                  const next = Array.from(
                    { length: evaluation.params.length },
                    (_, i) => state.encodings[i] ?? 'hex',
                  );
                  next[field.index] = encoding;
                  update({ encodings: next });
                }}
              />
            );
          })}
        </Stack>
      )}

      <Divider label="Signers" labelPosition="left" />
      <SignersFields
        signers={state.signers}
        errors={signerErrors}
        disabled={disabled}
        onChange={onSignersChange}
      />

      <Divider label="Options" labelPosition="left" />
      <OptionsFields
        options={state.options}
        errors={optionErrors}
        signingMode={state.signingMode}
        gasEstimate={gasQuery.data?.gas_estimate ?? null}
        gasEstimateError={
          gasQuery.isError
            ? networkProblem(network, 'the gas price estimate', gasQuery.error)
            : null
        }
        disabled={disabled}
        onChange={onOptionsChange}
        onSigningModeChange={onSigningModeChange}
      />
    </Stack>
  );
});
