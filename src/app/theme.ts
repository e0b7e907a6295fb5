import {
  createTheme,
  darken,
  luminance,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

/** System fonts only: the workbench loads nothing from the network. */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  fontFamilyMonospace:
    'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  components: {
    // A dialog's header is not the page's banner: Mantine renders it as <header>, which gives a
    // page with an open drawer or modal two banner landmarks.
    DrawerHeader: { defaultProps: { component: 'div' } },
    ModalHeader: { defaultProps: { component: 'div' } },
    // A tooltip stays beside its target, inside the page's landmarks, instead of in a portal at
    // the end of <body>; fixed positioning keeps scroll containers from clipping it.
    Tooltip: { defaultProps: { withinPortal: false, floatingStrategy: 'fixed' } },
    // A table that scrolls sideways must be reachable by keyboard to be scrolled.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});

/** WCAG AA for normal text. */
const AA = 4.5;

/** The WCAG contrast ratio of a colour against white. */
export function contrastWithWhite(color: string): number {
  return 1.05 / (luminance(color) + 0.05);
}

/**
 * The lightest shade from 8 up that white text on it (or it as text on white) reads at AA; for
 * colours where even shade 9 does not (yellow, orange, lime), shade 9 darkened until it does.
 */
export function accessibleShade(shades: MantineColorsTuple): string {
  const shade = [shades[8], shades[9]].find((color) => contrastWithWhite(color) >= AA);
  if (shade !== undefined) return shade;
  let amount = 0.05;
  while (contrastWithWhite(darken(shades[9], amount)) < AA) amount += 0.05;
  return darken(shades[9], amount);
}

/**
 * Colours that Mantine's defaults leave below WCAG AA contrast: dimmed text in both schemes; filled
 * backgrounds under white labels, coloured text and outlines on white; and the text of light
 * variants (badges, alerts, active nav links) on their pale backgrounds. axe-core checks every
 * page and state in the browser journeys.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const filled = Object.entries(resolved.colors).flatMap(([name, shades]) => {
    const color = accessibleShade(shades);
    return [
      [`--mantine-color-${name}-filled`, color],
      [`--mantine-color-${name}-filled-hover`, darken(color, 0.1)],
    ];
  });
  return {
    variables: {},
    light: {
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
      // Input error text and borders (Mantine's red 6 reads 3.3:1 on white).
      '--mantine-color-error': accessibleShade(resolved.colors.red),
      ...Object.fromEntries(filled),
      ...Object.fromEntries(
        Object.entries(resolved.colors).flatMap(([name, shades]) => [
          [`--mantine-color-${name}-outline`, accessibleShade(shades)],
          [`--mantine-color-${name}-light-color`, darken(shades[9], 0.35)],
        ]),
      ),
    },
    dark: {
      '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
      ...Object.fromEntries(filled),
      // Mantine's dark values, restated: the light overrides above would otherwise apply here too.
      ...Object.fromEntries(
        Object.entries(resolved.colors).flatMap(([name, shades]) => [
          [`--mantine-color-${name}-outline`, shades[4]],
          [`--mantine-color-${name}-light-color`, shades[0]],
        ]),
      ),
    },
  };
};
