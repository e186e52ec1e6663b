import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inMalay } from '@/test/in-malay';
import { renderWithApp } from '@/test/render';
import { type Coordinates, MyLocation } from './use-my-location';

type Answer = { coords: Partial<GeolocationCoordinates> } | { code: number };

/**
 * A browser's geolocation that answers each request with the next of `answers`, or, with none
 * left, holds it until `answer` is called, as a device does while it looks for satellites.
 */
function stubGeolocation(...answers: Answer[]) {
  let held: ((answer: Answer) => void) | undefined;
  const getCurrentPosition = vi.fn((success: PositionCallback, failure: PositionErrorCallback) => {
    const settle = (answer: Answer) =>
      'code' in answer
        ? failure({ code: answer.code, message: '', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 })
        : success({ coords: answer.coords as GeolocationCoordinates, timestamp: Date.now() } as GeolocationPosition);
    const next = answers.shift();
    if (next) settle(next);
    else held = settle;
  });
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
  return { getCurrentPosition, answer: (answer: Answer) => act(() => held?.(answer)) };
}

const KLCC = { latitude: 3.1589, longitude: 101.7123, accuracy: 12.4 };

/** The component as a form holds it: its value in the form's state, `changes` what it was told. */
function Form({ initial = null, changes }: { initial?: Coordinates | null; changes?: (value: Coordinates | null) => void }) {
  const [value, setValue] = useState<Coordinates | null>(initial);
  return (
    <MyLocation
      value={value}
      onChange={(next) => {
        changes?.(next);
        setValue(next);
      }}
    />
  );
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('MyLocation', () => {
  it('asks the device for a precise, fresh position and shows it with its accuracy', async () => {
    const user = userEvent.setup();
    const device = stubGeolocation();
    const changes = vi.fn();
    renderWithApp(<Form changes={changes} />);

    await user.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(device.getCurrentPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), {
      enableHighAccuracy: true,
      timeout: 20000,
      maximumAge: 60000,
    });
    expect(screen.getByRole('button', { name: 'Finding your location…' })).toHaveAttribute('aria-disabled', 'true');

    await device.answer({ coords: KLCC });
    expect(await screen.findByTestId('my-location')).toHaveTextContent('3.158900, 101.712300 · ± 12 m');
    expect(changes).toHaveBeenLastCalledWith({ latitude: 3.1589, longitude: 101.7123, accuracyMeters: 12.4 });
    expect(screen.getByRole('button', { name: 'Update location' })).toBeEnabled();
    expect(screen.queryByText(/Not precise/)).not.toBeInTheDocument();
  });

  it('says when the position is not precise', async () => {
    const user = userEvent.setup();
    stubGeolocation({ coords: { ...KLCC, accuracy: 349.6 } });
    renderWithApp(<Form />);

    await user.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(await screen.findByTestId('my-location')).toHaveTextContent('3.158900, 101.712300 · Not precise: ± 350 m');
  });

  it('clears the position, and can take it again', async () => {
    const user = userEvent.setup();
    stubGeolocation({ coords: KLCC });
    const changes = vi.fn();
    renderWithApp(<Form initial={{ latitude: 2.5, longitude: 102.25, accuracyMeters: null }} changes={changes} />);

    expect(await screen.findByTestId('my-location')).toHaveTextContent(/^2\.500000, 102\.250000$/);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(changes).toHaveBeenLastCalledWith(null);
    expect(screen.queryByTestId('my-location')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByTestId('my-location')).toHaveTextContent('3.158900, 101.712300 · ± 12 m');
  });

  it.each([
    [1, "Location is blocked for this site. Allow it in your browser's settings, or type the place in Location."],
    [2, 'Your location could not be found here. Try again outdoors, or type the place.'],
    [3, 'Finding your location took too long. Try again.'],
  ])('says what failed for error code %i, keeping the position it had', async (code, message) => {
    const user = userEvent.setup();
    stubGeolocation({ code }, { coords: KLCC });
    renderWithApp(<Form initial={{ latitude: 2.5, longitude: 102.25, accuracyMeters: 8 }} />);

    await user.click(await screen.findByRole('button', { name: 'Update location' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByTestId('my-location')).toHaveTextContent('2.500000, 102.250000 · ± 8 m');

    // Trying again takes the failure away.
    await user.click(screen.getByRole('button', { name: 'Update location' }));
    expect(await screen.findByTestId('my-location')).toHaveTextContent('3.158900, 101.712300');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers nothing, and says nothing, in a browser without geolocation', async () => {
    renderWithApp(<Form initial={{ latitude: 2.5, longitude: 102.25, accuracyMeters: 8 }} />);
    // What the form already holds is still shown, and can be cleared.
    expect(await screen.findByTestId('my-location')).toHaveTextContent('2.500000, 102.250000 · ± 8 m');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Clear']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('speaks Malay', async () => {
    const user = userEvent.setup();
    stubGeolocation({ code: 1 });
    await inMalay(async () => {
      const { unmount } = renderWithApp(<Form />);
      await user.click(await screen.findByRole('button', { name: 'Guna lokasi saya' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(/^Lokasi disekat untuk laman ini\./);
      unmount();
    });
  });
});
