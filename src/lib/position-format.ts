import type { Coordinates } from '@contract';

/** `3.156950, 101.712250`: a position in degrees to six places (some 10 cm), as the screens write it. */
export const formatPosition = ({ latitude, longitude }: Pick<Coordinates, 'latitude' | 'longitude'>) =>
  `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;

/** `geo:3.156950,101.712250;u=12`: the address a phone opens in its maps app (RFC 5870). */
export const geoUri = ({ latitude, longitude, accuracyMeters }: Coordinates) =>
  `geo:${latitude.toFixed(6)},${longitude.toFixed(6)}${accuracyMeters === null ? '' : `;u=${Math.round(accuracyMeters)}`}`;
