import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { Fragment, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { MoveTrace, TraceFrame } from '../../../replay/moveTrace';
import { CallTree } from './CallTree';
import { FrameDetail } from './FrameDetail';
import { GasFlamegraph } from './GasFlamegraph';
import classes from './Trace.module.css';
import {
  ancestorsOf,
  defaultExpanded,
  frameName,
  initialSelection,
  traceModel,
} from './traceModel';

const KIND_LABELS: Record<MoveTrace['kind'], string> = {
  committed: 'Committed, re-executed',
  simulation: 'Simulation',
  reexecution: 'Re-execution',
};

export interface TraceViewProps {
  trace: MoveTrace;
  /**
   * Controls for the selected frame, shown in its detail: the place for "Step through" (the
   * instruction stepper starts from that frame).
   */
  frameActions?: (frame: TraceFrame, trace: MoveTrace) => ReactNode;
}

/**
 * One Move execution: a summary, the failing path, a gas flamegraph, the call tree and the
 * selected frame's detail. The failing frame is selected and its path open at first.
 */
export function TraceView({ trace, frameActions }: TraceViewProps) {
  const model = useMemo(() => traceModel(trace), [trace]);
  const [expanded, setExpanded] = useState(() => defaultExpanded(model));
  const [selected, setSelected] = useState(() => initialSelection(model));
  const frame = trace.frames[selected];

  const toggle = useCallback((id: number, open: boolean) => {
    setExpanded((current) => {
      if (current.has(id) === open) return current;
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  // Selecting from the flamegraph or the path opens the tree down to the frame.
  const reveal = useCallback(
    (id: number) => {
      setSelected(id);
      setExpanded((current) => {
        const path = ancestorsOf(model, id).slice(0, -1);
        if (path.every((at) => current.has(at))) return current;
        return new Set([...current, ...path]);
      });
    },
    [model],
  );

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge color={trace.success ? 'teal' : 'red'}>{trace.success ? 'Success' : 'Failed'}</Badge>
        <Badge variant="outline" color="gray">
          {KIND_LABELS[trace.kind]}
          {trace.version === undefined ? '' : ` at version ${trace.version}`}
        </Badge>
        <Text size="sm">
          {trace.frames.length.toLocaleString('en-US')} frames · gas used {trace.gasUsed} units
          (execution {trace.fee.executionGasUnits}, IO {trace.fee.ioGasUnits}, storage{' '}
          {trace.fee.storageFeeOctas} octas)
        </Text>
      </Group>
      {!trace.success && (
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-word' }}>
          {trace.vmStatus}
        </Text>
      )}
      {trace.truncated.frames && (
        <Alert color="orange" title="Trace cut short">
          The execution made more calls than a trace records; the frames after the limit are not
          listed, and the gas of the frames shown is still exact.
        </Alert>
      )}
      {model.failing.length > 0 && (
        // Plain buttons: a deep failing path is a dozen links or more, rendered with every trace.
        <nav aria-label="Failing path" className={classes.path}>
          <Text span size="sm" fw={600}>
            Failing path:
          </Text>
          {model.failing.map((id, index) => (
            <Fragment key={id}>
              {index > 0 && <span aria-hidden>›</span>}
              <button
                type="button"
                className={classes.pathLink}
                title={trace.frames[id]?.function}
                aria-current={id === selected ? 'true' : undefined}
                onClick={() => reveal(id)}
              >
                {frameName(trace.frames[id]?.function ?? '')}
              </button>
            </Fragment>
          ))}
        </nav>
      )}
      {trace.frames.length === 0 ? (
        <Text size="sm">The trace holds no frame: nothing ran.</Text>
      ) : (
        <>
          <GasFlamegraph model={model} selected={selected} onSelect={reveal} />
          <Stack gap="md">
            <Stack gap={4}>
              <Group gap="xs">
                <Button
                  size="compact-xs"
                  variant="default"
                  onClick={() => setExpanded(new Set(trace.frames.map((each) => each.id)))}
                >
                  Open all frames
                </Button>
                <Button
                  size="compact-xs"
                  variant="default"
                  onClick={() => setExpanded(new Set(ancestorsOf(model, selected).slice(0, -1)))}
                >
                  Close all but the selected path
                </Button>
              </Group>
              <CallTree
                model={model}
                expanded={expanded}
                selected={selected}
                onSelect={setSelected}
                onToggle={toggle}
              />
            </Stack>
            {frame && (
              <FrameDetail frame={frame} trace={trace} actions={frameActions?.(frame, trace)} />
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
