import type { ComplaintStatusCode } from '@contract/complaint-status';

/** A complaint as the smart-table page lists it: made up in the page, never sent anywhere. */
export interface SampleComplaint {
  id: number;
  refNo: string;
  /** Local time, `YYYY-MM-DDTHH:mm:ss`. */
  dateOfMisconduct: string;
  contractor: string;
  status: ComplaintStatusCode;
}

const CONTRACTORS = [
  'Alam Bersih Sdn Bhd',
  'Kitar Hijau Sdn Bhd',
  'Sinar Lestari Enviro Sdn Bhd',
  'Bumi Rapi Sdn Bhd',
  'Teguh Landskap Sdn Bhd',
];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * `count` complaints, the same on every visit (the page is a demonstration, so no randomness):
 * SMP- references rather than CMP-, so no one mistakes a row for a real complaint.
 */
export function sampleComplaints(count = 60): SampleComplaint[] {
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.UTC(2026, 0, 1 + ((i * 37) % 120)));
    return {
      id: i + 1,
      refNo: `SMP-2026-${pad(i + 1, 6)}`,
      dateOfMisconduct: `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}T${pad(7 + ((i * 5) % 12))}:${pad((i * 13) % 60)}:00`,
      contractor: CONTRACTORS[(i * 3) % CONTRACTORS.length]!,
      status: (((i * 7) % 4) + 1) as ComplaintStatusCode,
    };
  });
}
