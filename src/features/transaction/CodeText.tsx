import { Code } from '@mantine/core';
import { Fragment } from 'react';

/**
 * Copy that may hold Markdown-style code spans (`entry`, `error_code`): each span is rendered as
 * `<Code>`, never with its backticks.
 */
export function CodeText({ children }: { children: string }) {
  const parts = children.split('`');
  // An odd count of backticks leaves the last one unmatched: keep it as plain text.
  if (parts.length % 2 === 0) return <>{children}</>;
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? <Code key={index}>{part}</Code> : <Fragment key={index}>{part}</Fragment>,
      )}
    </>
  );
}
