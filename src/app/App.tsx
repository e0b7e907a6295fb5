import { AppShell, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { AppHeader } from '../components/AppHeader';
import { ChainPage } from '../features/chain/ChainPage';
import { ComposePage } from '../features/compose/ComposePage';
import { HistoryPage } from '../features/history/HistoryPage';
import { VisualizerPage } from '../features/visualizer/VisualizerPage';
import { useHashArea } from '../hooks/useHashArea';
import { areas, type AreaId } from './areas';

const pages: Record<AreaId, () => React.JSX.Element> = {
  compose: ComposePage,
  visualizer: VisualizerPage,
  history: HistoryPage,
  chain: ChainPage,
};

/** The shell: header, navigation between the areas, and the current area. */
export function App() {
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const current = useHashArea();
  const currentArea = areas.find((area) => area.id === current) ?? areas[0];
  const Page = pages[current];

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header>
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
            onClick={closeNav}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <Stack gap="md">
          <div>
            <Text component="h2" fz="xl" fw={700} m={0}>
              {currentArea.label}
            </Text>
            <Text c="dimmed" size="sm">
              {currentArea.summary}
            </Text>
          </div>
          <Page />
        </Stack>
      </AppShell.Main>
    </AppShell>
  );
}
