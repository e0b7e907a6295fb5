import { Alert, Loader, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useContext, useEffect } from 'react';
import { errorMessage } from '../../../errors/errorMessage';
import { shortAddress } from '../../../format/address';
import { useNetwork } from '../../../network/useNetwork';
import { tokenQueries } from '../../../queries/tokenQueries';
import type { ComposerFormState } from './composerForm';
import { DraftLockedContext } from './draftLock';
import { tokenTemplateKind } from './tokenTemplates';

/** Props of {@link TokenTemplateHelper}. */
export interface TokenTemplateHelperProps {
  state: ComposerFormState;
  /** The connected account (long form), or null. */
  sender: string | null;
  disabled: boolean;
  /** Sets the text of argument `index` (0-based, after the signer). */
  onArgument: (index: number, text: string) => void;
}

const createFirst =
  'Run the template "Digital asset: create a collection" first (it commits once per account).';

/**
 * Under the template picker, for `0x4::aptos_token::mint` and
 * `0x1::object::transfer<0x4::token::Token>`: the sender's collections (to mint into) or tokens
 * (to transfer), read from the network's indexer, to pick from; or what to run first when the
 * account has none. An empty token address is filled with the most recently received token.
 *
 * @example
 * ```tsx
 * <TokenTemplateHelper state={state} sender={sender} disabled={false} onArgument={setArgument} />
 * ```
 */
export function TokenTemplateHelper({
  state,
  sender,
  disabled,
  onArgument,
}: TokenTemplateHelperProps) {
  const kind = tokenTemplateKind(state);
  if (kind === null) return null;
  if (sender === null) {
    return (
      <Text size="sm" c="dimmed">
        Connect a wallet to pick from the {kind === 'mint' ? 'collections' : 'tokens'} of your
        account.
      </Text>
    );
  }
  return kind === 'mint' ? (
    <CollectionPicker state={state} sender={sender} disabled={disabled} onArgument={onArgument} />
  ) : (
    <TokenPicker state={state} sender={sender} disabled={disabled} onArgument={onArgument} />
  );
}

type PickerProps = TokenTemplateHelperProps & { sender: string };

function CollectionPicker({ state, sender, disabled, onArgument }: PickerProps) {
  const { network } = useNetwork();
  const collections = useQuery(tokenQueries.accountCollections(network, sender));
  if (collections.isPending)
    return <Loader size="xs" role="status" aria-label="Loading your collections" />;
  if (collections.isError) {
    return (
      <Alert color="orange" title="Your collections could not be listed">
        {errorMessage(collections.error)} You can still type a collection name you created.
      </Alert>
    );
  }
  if (collections.data.length === 0) {
    return (
      <Alert color="yellow" title="Your account has created no collection yet">
        A token is minted into a collection its sender created. {createFirst} Then mint.
      </Alert>
    );
  }
  const typed = state.arguments[0] ?? '';
  const names = collections.data.map((collection) => collection.name);
  return (
    <>
      <Select
        label="Collection to mint into (yours)"
        description="Fills argument 1, the collection name."
        data={names}
        value={names.includes(typed) ? typed : null}
        placeholder="Pick one of your collections"
        onChange={(name) => name !== null && onArgument(0, name)}
        disabled={disabled}
        allowDeselect={false}
      />
      {typed !== '' && !names.includes(typed) && (
        <Alert color="yellow" title={`You created no collection named "${typed}"`}>
          The mint would abort (ECOLLECTION_DOES_NOT_EXIST). Pick one of yours above.
        </Alert>
      )}
    </>
  );
}

function TokenPicker({ state, sender, disabled, onArgument }: PickerProps) {
  const { network } = useNetwork();
  const tokens = useQuery(tokenQueries.accountTokens(network, sender));
  const typed = (state.arguments[0] ?? '').trim();
  const newest = tokens.data?.[0]?.tokenAddress;
  // Locked by the page's fieldset (a step runs) or by the prop: the draft must not change.
  const locked = useContext(DraftLockedContext) || disabled;
  useEffect(() => {
    // The template cannot know the token's address: the newest token held is the default.
    if (!locked && typed === '' && newest !== undefined) onArgument(0, newest);
  }, [locked, typed, newest, onArgument]);

  if (tokens.isPending) return <Loader size="xs" role="status" aria-label="Loading your tokens" />;
  if (tokens.isError) {
    return (
      <Alert color="orange" title="Your tokens could not be listed">
        {errorMessage(tokens.error)} Paste the token&apos;s address into argument 1 instead.
      </Alert>
    );
  }
  if (tokens.data.length === 0) {
    return (
      <Alert color="yellow" title="Your account holds no token">
        Mint one first: run &quot;Digital asset: create a collection&quot; (once per account), then
        &quot;Digital asset: mint a token&quot;, and come back to transfer it. Or paste the address
        of a token you own into argument 1.
      </Alert>
    );
  }
  const options = tokens.data.map((token) => ({
    value: token.tokenAddress,
    label: `${token.name} · ${token.collectionName} · ${shortAddress(token.tokenAddress)}`,
  }));
  const known = options.some((option) => option.value === typed);
  return (
    <>
      <Select
        label="Token to transfer (yours)"
        description={`${tokens.data.length} token${tokens.data.length === 1 ? '' : 's'} held, newest first; fills argument 1.`}
        data={options}
        value={known ? typed : null}
        placeholder="Pick one of your tokens"
        onChange={(address) => address !== null && onArgument(0, address)}
        disabled={disabled}
        allowDeselect={false}
        searchable
      />
      {!known && typed !== '' && (
        <Text size="sm" c="dimmed">
          Argument 1 holds an address that is not among your tokens: the transfer aborts unless you
          own that object.
        </Text>
      )}
    </>
  );
}
