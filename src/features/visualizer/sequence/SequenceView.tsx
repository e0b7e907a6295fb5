import { Text, VisuallyHidden } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { Lane } from '../../../inspection/workbenchTrace';
import type { SequenceMessage } from '../sources/visualizerData';
import { formatMs } from '../timeline/format';
import classes from './Sequence.module.css';

/** The lanes, left to right. */
export const LANES: readonly { id: Lane; label: string }[] = [
  { id: 'app', label: 'App' },
  { id: 'transaction', label: 'Transaction machine' },
  { id: 'wallet', label: 'Wallet' },
  { id: 'node', label: 'Node' },
];

const LANE_NAME: Record<Lane, string> = {
  app: 'App',
  transaction: 'Transaction machine',
  wallet: 'Wallet',
  node: 'Node',
};
const ROW_HEIGHT = 34;

function laneCenter(lane: Lane): number {
  return (LANES.findIndex((entry) => entry.id === lane) + 0.5) * 25;
}

/** The lanes and kind of a message, for screen readers (the arrow shows them to the eye). */
function routeOf(message: SequenceMessage): string {
  const route =
    message.from === message.to
      ? LANE_NAME[message.from]
      : `${LANE_NAME[message.from]} → ${LANE_NAME[message.to]}`;
  return `: ${route}: ${message.kind} `;
}

export interface SequenceViewProps {
  messages: readonly SequenceMessage[];
  /** Messages linked to the selected timeline row. */
  linked: (message: SequenceMessage) => boolean;
  onSelect: (message: SequenceMessage) => void;
  dropped: number;
}

/**
 * App ⇄ transaction machine ⇄ wallet ⇄ node on one time axis (downwards): events sent, invoked
 * actors and their results, wallet requests with their status, and HTTP calls with status and
 * duration. Virtualized like the timeline.
 */
export function SequenceView({ messages, linked, onSelect, dropped }: SequenceViewProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The app does not use the React Compiler; the virtualizer re-renders its host itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    initialRect: { width: 800, height: 320 },
  });
  const firstLinked = messages.findIndex(linked);
  useEffect(() => {
    if (firstLinked >= 0) virtualizer.scrollToIndex(firstLinked, { align: 'auto' });
  }, [firstLinked, virtualizer]);

  return (
    <div className={classes.frame}>
      <div className={classes.lanes} aria-hidden="true">
        <span />
        {LANES.map((lane) => (
          <span key={lane.id} className={classes.laneName}>
            {lane.label}
          </span>
        ))}
      </div>
      {dropped > 0 && (
        <Text size="xs" px="xs">
          {dropped.toLocaleString('en-US')} older messages dropped by the recorder’s limit.
        </Text>
      )}
      <div
        ref={scrollRef}
        className={classes.scroll}
        // A list only once it has items: an empty list role is an ARIA error.
        role={messages.length === 0 ? undefined : 'list'}
        aria-label={
          messages.length === 0
            ? undefined
            : 'Sequence of messages between App, transaction machine, wallet and node'
        }
      >
        {messages.length === 0 ? (
          <Text size="sm" p="sm">
            No messages yet.
          </Text>
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const message = messages[item.index] as SequenceMessage;
              const from = laneCenter(message.from);
              const to = laneCenter(message.to);
              const isLinked = linked(message);
              return (
                <div
                  key={message.id}
                  role="listitem"
                  className={classes.item}
                  style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                >
                  <button
                    type="button"
                    className={classes.message}
                    data-kind={message.kind}
                    data-linked={isLinked || undefined}
                    data-status={message.status ?? undefined}
                    aria-pressed={isLinked}
                    onClick={() => onSelect(message)}
                  >
                    <span className={classes.time}>
                      {formatMs(message.atMs)}
                      <VisuallyHidden>{routeOf(message)}</VisuallyHidden>
                    </span>
                    <span className={classes.track}>
                      {from === to ? (
                        <span className={classes.self} style={{ left: `${from}%` }} />
                      ) : (
                        <span
                          className={classes.arrow}
                          data-direction={to > from ? 'right' : 'left'}
                          style={{
                            left: `${Math.min(from, to)}%`,
                            width: `${Math.abs(to - from)}%`,
                          }}
                        />
                      )}
                      <span
                        className={classes.label}
                        style={{ left: `${Math.min(from, to) + 1}%` }}
                      >
                        {message.label}
                        {message.status !== null && <strong> {message.status}</strong>}
                        {message.endMs !== null && ` · ${formatMs(message.endMs - message.atMs)}`}
                      </span>
                    </span>
                  </button>
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
