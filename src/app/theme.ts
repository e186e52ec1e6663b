import {
  createTheme,
  type CSSVariablesResolver,
  type MantineThemeOverride,
  type MenuProps,
  type ModalProps,
  type SelectProps,
} from '@mantine/core';
import modalClasses from './modal.module.css';

const base = createTheme({
  primaryColor: 'indigo',
  // indigo.6 on white is 4.3:1; .7 passes WCAG AA for text (4.98:1), links and filled buttons.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // Mantine's focus placeholder is a tabbable "presentation" child of role=menu, which
    // assistive technology reports as broken; without it the first item takes focus.
    // A plain object, not Menu.extend(): that import would put Menu, Popover and Floating UI
    // into the entry chunk, which the sign-in page loads.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } satisfies Partial<MenuProps> },
    // Choosing the chosen option again keeps it (Mantine's default empties the field, which a
    // required choice must not do); an optional one is cleared by its clear button.
    Select: { defaultProps: { allowDeselect: false } satisfies Partial<SelectProps> },
  },
});

/**
 * The theme in the user's language: a modal's close button (an icon alone) is named "Close",
 * translated, or screen readers announce a nameless button.
 */
export function themeIn(closeLabel: string): MantineThemeOverride {
  return {
    ...base,
    components: {
      ...base.components,
      // Plain objects, not Modal.extend(): see Menu above.
      // On a phone, full screen (modal.module.css).
      Modal: {
        defaultProps: {
          closeButtonProps: { 'aria-label': closeLabel },
          classNames: { inner: modalClasses.inner, content: modalClasses.content },
        } satisfies Partial<ModalProps>,
      },
    },
  };
}

/**
 * White on filled buttons, in both schemes: Mantine's red, orange and green are 2.6–4.2:1
 * (shade 7 in light, its dark shades in dark). Delete is red, Deactivate and Disable orange,
 * Enable green: each at least 5:1 here.
 */
const READABLE_FILLS = {
  '--mantine-color-red-filled': 'var(--mantine-color-red-9)',
  '--mantine-color-red-filled-hover': '#a61e1e',
  '--mantine-color-orange-filled': '#c2410c',
  '--mantine-color-orange-filled-hover': '#9a3412',
  '--mantine-color-green-filled': '#2b7a3b',
  '--mantine-color-green-filled-hover': '#22632f',
};

/**
 * Colours that meet WCAG AA (4.5:1) for small text: in light, on white and gray.0, where
 * Mantine's dimmed (gray.6, 3.3:1) and error red (red.6, 3.3:1) do not; in dark, on dark.7,
 * where Mantine's dimmed (dark.2) is 4.0:1 and this one 5.9:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#656d75',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...READABLE_FILLS,
    // Text of the light variant (badges, alerts, icons) on its own pale ground: Mantine's shade 9
    // on shade 1 is under 4.5:1 for these (green 3.8, teal 4.3, lime 3.3, yellow 2.7, orange 2.9).
    '--mantine-color-orange-light-color': '#9a3412',
    '--mantine-color-green-light-color': '#216e33',
    '--mantine-color-teal-light-color': '#066649',
    '--mantine-color-lime-light-color': '#3f6212',
    '--mantine-color-yellow-light-color': '#8a4600',
    // A placeholder the pickers show as text ("Any", "Any time") must be readable: 4.6:1 on white.
    '--mantine-color-placeholder': '#6c757d',
  },
  dark: {
    '--mantine-color-dimmed': '#a0a0a0',
    ...READABLE_FILLS,
  },
});
