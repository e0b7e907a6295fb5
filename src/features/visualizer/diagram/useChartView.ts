import { useReactFlow, useStore } from '@xyflow/react';
import { useEffect } from 'react';
import type { GraphLayout, NodeBox } from '../graph/layout';

/**
 * The smallest zoom at which the chart reads (13px names at 8px and more). The whole chart is
 * shown when it fits the panel at this zoom or more.
 */
export const READABLE_ZOOM = 0.6;
/** The zoom when the whole chart would be too small and the view follows the active state. */
export const FOLLOW_ZOOM = 0.85;
/** Space kept around the whole chart, in screen pixels. */
const MARGIN = 8;

/** The zoom at which a layout fills a panel of this size (margins kept). */
export function fitZoomOf(
  layout: Pick<GraphLayout, 'width' | 'height'>,
  width: number,
  height: number,
) {
  if (layout.width <= 0 || layout.height <= 0) return 1;
  return Math.min((width - 2 * MARGIN) / layout.width, (height - 2 * MARGIN) / layout.height, 1.2);
}

/**
 * Keeps the view: the whole chart when it is readable in the panel (following the active state
 * needs nothing more: it is in view), else centred on the active state at {@link FOLLOW_ZOOM}
 * while following, else the whole chart. Set again when the panel's size, the layout or (while
 * following a chart too large to show whole) the active state changes.
 *
 * @returns the zoom that shows the whole chart in the panel.
 */
export function useChartView({
  layout,
  box,
  follow,
}: {
  layout: GraphLayout;
  box: NodeBox | null;
  follow: boolean;
}): { fitZoom: number } {
  const flow = useReactFlow();
  const width = useStore((store) => store.width);
  const height = useStore((store) => store.height);
  const fitZoom = fitZoomOf(layout, width, height);
  const centre =
    follow && box !== null && fitZoom < READABLE_ZOOM
      ? { x: box.x + box.width / 2, y: box.y + box.height / 2 }
      : null;
  const x = centre?.x ?? null;
  const y = centre?.y ?? null;
  useEffect(() => {
    if (width <= 0 || height <= 0) return;
    const frame = requestAnimationFrame(() => {
      if (x !== null && y !== null) {
        void flow.setCenter(x, y, { zoom: FOLLOW_ZOOM, duration: 250 });
        return;
      }
      void flow.setViewport(
        {
          x: (width - layout.width * fitZoom) / 2,
          y: (height - layout.height * fitZoom) / 2,
          zoom: fitZoom,
        },
        { duration: 250 },
      );
    });
    return () => cancelAnimationFrame(frame);
  }, [flow, width, height, layout, fitZoom, x, y]);
  return { fitZoom };
}
