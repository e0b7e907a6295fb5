import type { BenchSection } from '../types.ts';
import { chainlogSection } from './chainlog.ts';
import { composeBrowserSection } from './composeBrowser.ts';
import { forkSection } from './fork.ts';
import { historySection } from './history.ts';
import { historyBrowserSection } from './historyBrowser.ts';
import { lifecycleSection } from './lifecycle.ts';
import { localnetSection } from './localnet.ts';
import { movevmSection } from './movevm.ts';
import { packageSection } from './package.ts';
import { traceRenderSection } from './traceRender.ts';
import { visualizerSection } from './visualizer.ts';

/** Every bench section, in the order `npm run bench` runs them. Add new sections here. */
export const sections: BenchSection[] = [
  localnetSection,
  lifecycleSection,
  visualizerSection,
  historySection,
  historyBrowserSection,
  composeBrowserSection,
  chainlogSection,
  movevmSection,
  packageSection,
  forkSection,
  traceRenderSection,
];
