import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, TOAST_DURATION, TOAST_LIMIT } from './toast';

/** Mantine's exit transition lasts 250 ms, so "gone" is checked a second after the deadline. */
const EXIT_ALLOWANCE_MS = 1000;
/** shouldAdvanceTime lets a little real time leak into the fake clock; stay clear of it. */
const EARLY_MS = 200;

/** As in app.tsx: the container caps how many toasts are on screen at once. */
function renderToaster() {
  return render(
    <MantineProvider env="test">
      <Notifications limit={TOAST_LIMIT} />
    </MantineProvider>,
  );
}

/**
 * Moves the clock on in small steps, letting React render between them, so timers that a
 * render starts (the exit transition after an auto-close) run too, as they would in real time.
 */
async function advance(ms: number, step = 50) {
  for (let done = 0; done < ms; done += step) {
    await act(async () => {
      vi.advanceTimersByTime(Math.min(step, ms - done));
    });
  }
}

function show(fn: () => unknown) {
  act(() => {
    fn();
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  renderToaster();
});

afterEach(() => {
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
  vi.useRealTimers();
});

describe('toast', () => {
  it('shows a success toast for 2 seconds', async () => {
    show(() => toast.success('Saved', 'Done'));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.getByText('Done')).toBeInTheDocument();

    await advance(TOAST_DURATION.success - EARLY_MS);
    expect(screen.getByText('Saved')).toBeInTheDocument();

    await advance(EARLY_MS + EXIT_ALLOWANCE_MS);
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it.each([
    ['error', toast.error, TOAST_DURATION.error],
    ['blank', toast.blank, TOAST_DURATION.blank],
  ] as const)('shows a %s toast for 4 seconds', async (kind, fn, duration) => {
    expect(duration).toBe(4000);
    const message = `A ${kind} message`;
    show(() => fn(message));
    expect(await screen.findByText(message)).toBeInTheDocument();

    // Still there after a success toast would have gone.
    await advance(TOAST_DURATION.success + EXIT_ALLOWANCE_MS);
    expect(screen.getByText(message)).toBeInTheDocument();

    await advance(duration - TOAST_DURATION.success - EXIT_ALLOWANCE_MS - EARLY_MS);
    expect(screen.getByText(message)).toBeInTheDocument();

    await advance(EARLY_MS + EXIT_ALLOWANCE_MS);
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it('keeps a loading toast until it is dismissed', async () => {
    let id = '';
    show(() => {
      id = toast.loading('Uploading');
    });
    expect(await screen.findByText('Uploading')).toBeInTheDocument();

    await advance(60_000, 1000);
    expect(screen.getByText('Uploading')).toBeInTheDocument();

    show(() => toast.dismiss(id));
    await advance(EXIT_ALLOWANCE_MS);
    expect(screen.queryByText('Uploading')).not.toBeInTheDocument();
  });

  it('tells the error and success toasts apart by colour', async () => {
    show(() => {
      toast.success('Good news');
      toast.error('Bad news');
    });
    const good = (await screen.findByText('Good news')).closest('[role="alert"]');
    const bad = screen.getByText('Bad news').closest('[role="alert"]');
    expect(good).not.toBeNull();
    expect(bad).not.toBeNull();
    expect(good!.getAttribute('style')).toMatch(/green/);
    expect(bad!.getAttribute('style')).toMatch(/red/);
  });

  it(`keeps at most ${TOAST_LIMIT} toasts on screen and queues the rest`, async () => {
    const ids: string[] = [];
    show(() => {
      for (let i = 1; i <= 25; i += 1) ids.push(toast.loading(`Toast ${i}`));
    });
    await screen.findByText('Toast 1');
    await advance(EXIT_ALLOWANCE_MS);

    expect(screen.getAllByRole('alert')).toHaveLength(TOAST_LIMIT);
    expect(screen.getByText(`Toast ${TOAST_LIMIT}`)).toBeInTheDocument();
    expect(screen.queryByText(`Toast ${TOAST_LIMIT + 1}`)).not.toBeInTheDocument();

    // Dismissing one lets the next queued toast in, still within the limit.
    show(() => toast.dismiss(ids[0]!));
    await advance(EXIT_ALLOWANCE_MS);
    expect(screen.queryByText('Toast 1')).not.toBeInTheDocument();
    expect(screen.getByText(`Toast ${TOAST_LIMIT + 1}`)).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(TOAST_LIMIT);
  });
});
