import { type ComponentProps, type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';

/** How to try again each part whose download failed: each makes its part load afresh at its next render. */
const failedParts = new Set<() => void>();

/** Makes every part whose download failed load afresh at its next render (the network is back, or Retry). */
export function retryFailedParts() {
  for (const retry of failedParts) retry();
  failedParts.clear();
}

/**
 * `React.lazy`, except that a download that failed can be tried again (React keeps a lazy
 * component's first answer for good): the failure reaches the nearest boundary, and after
 * `retryFailedParts` the part loads afresh. Browsers fetch a failed dynamic import again, so a
 * dialog whose code did not come while the network was down opens once it is back
 * (`PartLoadBoundary`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bound React.lazy has
export function lazyRetrying<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): ComponentType<ComponentProps<T>> {
  let current: LazyExoticComponent<T>;
  const fresh = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        failedParts.add(() => {
          current = fresh();
        });
        throw error;
      }),
    );
  current = fresh();
  return function Retrying(props: ComponentProps<T>) {
    return createElement(current, props);
  };
}
