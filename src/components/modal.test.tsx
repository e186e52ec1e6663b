import { Button } from '@mantine/core';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, type ReactNode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyRetrying } from '@/lib/lazy-retrying';
import { renderWithApp } from '@/test/render';
import { Modal, OnceOpened } from './modal';

/** The network, as the dialogs' downloads meet it. */
let networkUp = true;

/** A dialog whose code fails to download while the network is down (as the browser says it), and comes when it is up. */
function dialogFailing() {
  return lazyRetrying(async () => {
    if (!networkUp) throw new TypeError('Failed to fetch dynamically imported module: http://app/assets/complaint-form.js');
    return {
      default: ({ onClose }: { onClose: () => void }) => (
        <Modal opened onClose={onClose} title="Register Complaint">
          The form
        </Modal>
      ),
    };
  });
}

function Screen({ Dialog }: { Dialog: ReturnType<typeof dialogFailing> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <p>The list of complaints</p>
      <Button onClick={() => setOpen(true)}>Register complaint</Button>
      <OnceOpened opened={open} onCancel={() => setOpen(false)}>
        <Dialog onClose={() => setOpen(false)} />
      </OnceOpened>
    </>
  );
}

/** The screen's own boundary (the route's, in the app). */
class ScreenBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>The screen caught: {this.state.error.message}</p> : this.props.children;
  }
}

describe('OnceOpened', () => {
  it('says a dialog whose code could not be downloaded in place, keeps the screen, and opens it when the network returns', async () => {
    networkUp = false;
    renderWithApp(<Screen Dialog={dialogFailing()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Register complaint' }));

    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't open this: you seem to be offline");
    expect(screen.getByText('The list of complaints')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();

    networkUp = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('dialog', { name: 'Register Complaint' })).toHaveTextContent('The form');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tries again on Retry, and gives the dialog up when the message is dismissed', async () => {
    networkUp = false;
    renderWithApp(<Screen Dialog={dialogFailing()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Register complaint' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    // Still offline: the second try fails and says so again.
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't open this");

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();

    // The next opening tries afresh, and the code comes.
    networkUp = true;
    await userEvent.click(screen.getByRole('button', { name: 'Register complaint' }));
    expect(await screen.findByRole('dialog', { name: 'Register Complaint' })).toBeVisible();
  });

  it('leaves an error that is not a download to the screen', async () => {
    const Broken = lazyRetrying(async () => ({
      default: () => {
        throw new Error('a bug');
      },
    }));
    function Catching() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Open</Button>
          <OnceOpened opened={open}>
            <Broken />
          </OnceOpened>
        </>
      );
    }
    renderWithApp(
      <ScreenBoundary>
        <Catching />
      </ScreenBoundary>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Open' }));
    expect(await screen.findByText('The screen caught: a bug')).toBeInTheDocument();
  });
});
