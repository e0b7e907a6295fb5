import { ActionIcon, CopyButton, Tooltip } from '@mantine/core';

/** A copy-to-clipboard button for one value. */
export function CopyValue({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : label}>
          <ActionIcon variant="subtle" size="sm" aria-label={label} onClick={copy}>
            <svg
              viewBox="0 0 24 24"
              width={14}
              height={14}
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              aria-hidden
            >
              {copied ? (
                <path d="M5 12l5 5L20 7" />
              ) : (
                <>
                  <rect x="9" y="9" width="11" height="11" rx="2" />
                  <path d="M5 15V5a2 2 0 0 1 2-2h10" />
                </>
              )}
            </svg>
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
