import { AppShell, Loader, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { AppHeader } from '../components/AppHeader';
import { ComposePage } from '../features/compose/ComposePage';
import { useHashArea } from '../hooks/useHashArea';
import classes from './App.module.css';
import { areas, type AreaId } from './areas';

const loadVisualizer = () => import('../features/visualizer/VisualizerPage');

/**
 * Pointing at or focusing the Visualizer's link loads its chunk and starts the layout worker, so
 * ELK's start (module and warm-up) is paid before the page asks for its first layout.
 */
const prepareArea: Partial<Record<AreaId, () => void>> = {
  visualizer: () => void loadVisualizer().then((m) => m.startLayoutWorker()),
};

/** Compose is in the first script; the other areas load when first opened (their own chunks). */
const pages: Record<AreaId, ComponentType> = {
  compose: ComposePage,
  visualizer: lazy(() => loadVisualizer().then((m) => ({ default: m.VisualizerPage }))),
  history: lazy(() =>
    import('../features/history/HistoryPage').then((m) => ({ default: m.HistoryPage })),
  ),
  chain: lazy(() => import('../features/chain/ChainPage').then((m) => ({ default: m.ChainPage }))),
};

/** The shell: header, navigation between the areas, and the current area. */
export function App() {
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const current = useHashArea();
  const currentArea = areas.find((area) => area.id === current) ?? areas[0];
  const Page = pages[current];
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(current);

  // The tab and the history name the area; after a navigation (not on the first page) focus
  // moves to the area's heading, so a screen reader announces where the user now is and Tab
  // continues from there.
  useEffect(() => {
    document.title = `${currentArea.label} · Transaction Workbench`;
    if (shown.current === current) return;
    shown.current = current;
    heading.current?.focus();
  }, [current, currentArea.label]);

  return (
    <AppShell
      header={{ height: { base: 104, sm: 60 } }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <a
          className={classes.skipLink}
          href={`#/${current}`}
          onClick={(event) => {
            // The hash names the area: the link focuses the area's heading instead of moving.
            event.preventDefault();
            heading.current?.focus();
          }}
        >
          Skip to content
        </a>
        <AppHeader navOpened={navOpened} onToggleNav={toggleNav} />
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Workbench areas">
        {areas.map((area) => (
          <NavLink
            key={area.id}
            href={`#/${area.id}`}
            label={area.label}
            description={area.summary}
            active={area.id === current}
            aria-current={area.id === current ? 'page' : undefined}
            onClick={() => {
              closeNav();
              // The area shown: no navigation happens, so focus its heading here.
              if (area.id === current) heading.current?.focus();
            }}
            onPointerEnter={prepareArea[area.id]}
            onFocus={prepareArea[area.id]}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <Stack gap="md">
          <div>
            <Text
              component="h2"
              fz="xl"
              fw={700}
              m={0}
              ref={heading}
              tabIndex={-1}
              className={classes.areaHeading}
            >
              {currentArea.label}
            </Text>
            <Text c="dimmed" size="sm">
              {currentArea.summary}
            </Text>
          </div>
          <Suspense
            fallback={
              <Loader size="sm" role="status" aria-label={`Loading ${currentArea.label}`} />
            }
          >
            <Page />
          </Suspense>
        </Stack>
      </AppShell.Main>
    </AppShell>
  );
}
