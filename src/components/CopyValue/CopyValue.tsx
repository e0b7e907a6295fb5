import { ActionIcon, CopyButton, Tooltip } from '@mantine/core';

export interface CopyValueProps {
  value: string;
  /** What the button does, e.g. "Copy the address". */
  label: string;
  /** What it says once copied (default "Copied"). */
  copiedLabel?: string;
  size?: 'sm' | 'md';
}

/** A copy-to-clipboard button for one value. */
export function CopyValue({ value, label, copiedLabel = 'Copied', size = 'sm' }: CopyValueProps) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? copiedLabel : label}>
          <ActionIcon
            variant="subtle"
            size={size}
            aria-label={copied ? copiedLabel : label}
            onClick={copy}
          >
            <svg
              viewBox="0 0 24 24"
              width={size === 'sm' ? 14 : 16}
              height={size === 'sm' ? 14 : 16}
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
