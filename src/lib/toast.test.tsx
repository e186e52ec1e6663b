import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, TOAST_DURATION, TOAST_LIMIT, useToastContainerWanted } from './toast';

/** Mantine's exit transition lasts 250 ms, so "gone" is checked a second after the deadline. */
const EXIT_ALLOWANCE_MS = 1000;
/** shouldAdvanceTime lets a little real time leak into the fake clock; stay clear of it. */
const EARLY_MS = 200;

/** As in app.tsx: the container caps how many toasts are on screen at once. */
function renderToaster() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return render(
    <MantineProvider env="test">
      <Notifications limit={TOAST_LIMIT} />
    </MantineProvider>,
  );
}

/**
 * Moves the clock on, by default in one jump (so little real time leaks in). Give a `step`
 * to let React render between steps, so timers a render starts (the exit transition after
 * an auto-close) run too, as they would in real time.
 */
async function advance(ms: number, step = ms) {
  for (let done = 0; done < ms; done += step) {
    await act(async () => {
      vi.advanceTimersByTime(Math.min(step, ms - done));
    });
  }
}

/** Toasts load their container lazily, so every call resolves asynchronously. */
async function show<T>(fn: () => Promise<T>): Promise<T> {
  let result: T | undefined;
  await act(async () => {
    result = await fn();
  });
  return result as T;
}

afterEach(() => {
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
  vi.useRealTimers();
});

// The "container wanted" flag is module state that only ever turns on, so this runs first.
describe('useToastContainerWanted', () => {
  it('is off until the first toast is asked for, then on', async () => {
    const { result } = renderHook(() => useToastContainerWanted());
    expect(result.current).toBe(false);

    await act(async () => {
      await toast.blank('First toast');
    });
    expect(result.current).toBe(true);
  });
});

describe('toast', () => {
  it('shows a success toast for 2 seconds', async () => {
    renderToaster();
    await show(() => toast.success('Saved', 'Done'));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.getByText('Done')).toBeInTheDocument();

    await advance(TOAST_DURATION.success - EARLY_MS);
    expect(screen.getByText('Saved')).toBeInTheDocument();

    await advance(EARLY_MS + EXIT_ALLOWANCE_MS, 50);
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it.each([
    ['error', toast.error, TOAST_DURATION.error],
    ['blank', toast.blank, TOAST_DURATION.blank],
  ] as const)('shows a %s toast for 4 seconds', async (kind, fn, duration) => {
    expect(duration).toBe(4000);
    renderToaster();
    const message = `A ${kind} message`;
    await show(() => fn(message));
    expect(await screen.findByText(message)).toBeInTheDocument();

    // Still there after a success toast would have gone.
    await advance(TOAST_DURATION.success + EXIT_ALLOWANCE_MS);
    expect(screen.getByText(message)).toBeInTheDocument();

    await advance(duration - TOAST_DURATION.success - EXIT_ALLOWANCE_MS - EARLY_MS);
    expect(screen.getByText(message)).toBeInTheDocument();

    await advance(EARLY_MS + EXIT_ALLOWANCE_MS, 50);
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it('keeps a loading toast until it is dismissed', async () => {
    renderToaster();
    const id = await show(() => toast.loading('Uploading'));
    expect(typeof id).toBe('string');
    expect(await screen.findByText('Uploading')).toBeInTheDocument();

    await advance(60_000, 1000);
    expect(screen.getByText('Uploading')).toBeInTheDocument();

    await show(() => toast.dismiss(id));
    await advance(EXIT_ALLOWANCE_MS, 50);
    expect(screen.queryByText('Uploading')).not.toBeInTheDocument();
  });

  it('tells the error and success toasts apart by colour', async () => {
    renderToaster();
    await show(() => toast.success('Good news'));
    await show(() => toast.error('Bad news'));
    const good = (await screen.findByText('Good news')).closest('[role="alert"]');
    const bad = screen.getByText('Bad news').closest('[role="alert"]');
    expect(good?.getAttribute('style')).toMatch(/green/);
    expect(bad?.getAttribute('style')).toMatch(/red/);
  });

  it(`keeps at most ${TOAST_LIMIT} toasts on screen and queues the rest`, async () => {
    renderToaster();
    const ids = await show(() => Promise.all(Array.from({ length: 25 }, (_, i) => toast.loading(`Toast ${i + 1}`))));
    await screen.findByText('Toast 1');
    await advance(EXIT_ALLOWANCE_MS, 50);

    expect(screen.getAllByRole('alert')).toHaveLength(TOAST_LIMIT);
    expect(screen.getByText(`Toast ${TOAST_LIMIT}`)).toBeInTheDocument();
    expect(screen.queryByText(`Toast ${TOAST_LIMIT + 1}`)).not.toBeInTheDocument();

    // Dismissing one lets the next queued toast in, still within the limit.
    await show(() => toast.dismiss(ids[0]!));
    await advance(EXIT_ALLOWANCE_MS, 50);
    expect(screen.queryByText('Toast 1')).not.toBeInTheDocument();
    expect(screen.getByText(`Toast ${TOAST_LIMIT + 1}`)).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(TOAST_LIMIT);
  });
});
