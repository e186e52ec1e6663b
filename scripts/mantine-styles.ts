import type { Plugin } from 'vite';

/**
 * A Mantine component's class names (`@mantine/core/esm/…/Button.module.mjs`) and its sheet
 * (`@mantine/core/styles/Button.layer.css`); the toast container's likewise.
 */
const SHEETS: { classes: RegExp; sheet: (name: string) => string }[] = [
  { classes: /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/](\w+)\.module\.mjs$/, sheet: (name) => `@mantine/core/styles/${name}.layer.css` },
  {
    classes: /[\\/]@mantine[\\/]notifications[\\/]esm[\\/]Notifications\.module\.mjs$/,
    sheet: () => '@mantine/notifications/styles.layer.css',
  },
];

/** The sheet of a module of Mantine's class names, or null for any other module. */
export function sheetOf(id: string): string | null {
  for (const { classes, sheet } of SHEETS) {
    const match = classes.exec(id);
    if (match) return sheet(match[1] ?? '');
  }
  return null;
}

/**
 * Mantine's styles per component, in the chunk of the code that uses the component, instead
 * of the whole sheet (36 KB gzip) on every first load: the build gives each component's
 * class-name module an import of its sheet. A component's own imports come first, so the
 * components it is built of have their rules first, as in Mantine's whole sheet. The sheets
 * are the `@layer mantine` ones: a chunk's sheet may arrive after the app's own, which must
 * still win (the phone's full-screen dialogs, src/app/modal.module.css).
 *
 * The dev server pre-bundles Mantine (no module of its own per component), so there the page
 * links the whole sheets instead.
 */
export function mantineStylesPerComponent(): Plugin {
  let serve = false;
  return {
    name: 'complaint-desk:mantine-styles',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    transform(code, id) {
      const sheet = serve ? null : sheetOf(id);
      return sheet ? { code: `import '${sheet}';\n${code}`, map: null } : null;
    },
    transformIndexHtml() {
      if (!serve) return [];
      return ['@mantine/core/styles.layer.css', '@mantine/notifications/styles.layer.css'].map((sheet) => ({
        tag: 'link',
        attrs: { rel: 'stylesheet', href: `/node_modules/${sheet}` },
        injectTo: 'head-prepend' as const,
      }));
    },
  };
}
