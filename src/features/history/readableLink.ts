import type { CSSProperties } from 'react';

/** Links dark enough for small text on white (and light enough on the dark scheme): WCAG AA. */
export const readableLink: CSSProperties = {
  color: 'light-dark(var(--mantine-color-blue-8), var(--mantine-color-blue-3))',
};
