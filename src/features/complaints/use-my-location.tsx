import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCurrentLocation, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCURACY_MAX_METERS } from '@contract/complaint-rules';
import type { Coordinates } from '@contract/complaints';

export type { Coordinates };

interface MyLocationProps {
  value: Coordinates | null;
  onChange: (value: Coordinates | null) => void;
  disabled?: boolean;
}

/** Beyond this a position may be a street or more away: said, not refused. */
const PRECISE_METERS = 100;

// A fix from the last minute is as good as a new one, and much quicker indoors.
const POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 };

// GeolocationPositionError's codes; jsdom and some browsers have no global to read them from.
const FAILURES = { 1: 'denied', 2: 'unavailable', 3: 'timeout' } as const;
type Failure = (typeof FAILURES)[keyof typeof FAILURES];

const failureOf = (error: GeolocationPositionError): Failure => FAILURES[error.code as keyof typeof FAILURES] ?? 'unavailable';

/**
 * Where the officer stands, from the device (issue 47): the browser asks for permission, the
 * position is shown with its accuracy, and a failure is said by its cause. Without geolocation
 * in the browser there is no button, only what `value` already holds.
 */
export function MyLocation({ value, onChange, disabled }: MyLocationProps) {
  const { t } = useTranslation();
  const [finding, setFinding] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  // Only the latest request may answer: a clear or leaving the form turns earlier ones away.
  const request = useRef(0);
  useEffect(() => () => void request.current++, []);

  const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;

  function locate() {
    if (!geolocation || finding) return;
    const id = ++request.current;
    setFinding(true);
    setFailure(null);
    geolocation.getCurrentPosition(
      ({ coords }) => {
        if (id !== request.current) return;
        setFinding(false);
        // A place found by network alone can be vaguer than the API keeps: then its accuracy is unknown.
        const accuracy = Number.isFinite(coords.accuracy) && coords.accuracy <= ACCURACY_MAX_METERS ? coords.accuracy : null;
        onChange({ latitude: coords.latitude, longitude: coords.longitude, accuracyMeters: accuracy });
      },
      (error) => {
        if (id !== request.current) return;
        setFinding(false);
        setFailure(failureOf(error));
      },
      POSITION_OPTIONS,
    );
  }

  function clear() {
    request.current++;
    setFinding(false);
    setFailure(null);
    onChange(null);
  }

  const meters = value?.accuracyMeters == null ? null : Math.round(value.accuracyMeters);

  return (
    <Stack gap={4}>
      <Group gap="xs">
        {geolocation && (
          <Button
            variant="subtle"
            leftSection={finding ? <Loader size={14} /> : <IconCurrentLocation size={16} />}
            onClick={locate}
            disabled={disabled}
            // Stays focusable while finding, so a keyboard user is not thrown out of the form.
            data-disabled={finding || undefined}
            aria-disabled={finding || undefined}
          >
            {finding ? t('myLocation.finding') : value ? t('myLocation.update') : t('myLocation.use')}
          </Button>
        )}
        {value && !finding && (
          <Button variant="subtle" color="gray" leftSection={<IconX size={16} />} onClick={clear} disabled={disabled}>
            {t('myLocation.clear')}
          </Button>
        )}
      </Group>
      {value && (
        <Text size="sm" role="status" data-testid="my-location" style={{ overflowWrap: 'anywhere' }}>
          {value.latitude.toFixed(6)}, {value.longitude.toFixed(6)}
          {meters !== null && (
            <>
              {' · '}
              {meters > PRECISE_METERS ? (
                <Text span inherit c="dimmed">
                  {t('myLocation.imprecise', { meters })}
                </Text>
              ) : (
                t('myLocation.within', { meters })
              )}
            </>
          )}
        </Text>
      )}
      {failure && (
        <Text size="sm" c="red" role="alert">
          {t(`myLocation.${failure}`)}
        </Text>
      )}
    </Stack>
  );
}
