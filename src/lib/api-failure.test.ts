import i18next from 'i18next';
import { HTTPError } from 'ky';
import { afterEach, describe, expect, it } from 'vitest';
import { problems } from '@domain/problems';
import ms from '../../public/locales/ms/translation.json';
import '@/test/render';
import { readFailure } from './api-failure';

/** A failed call answered with this catalogue problem, as ky hands it over. */
function failedWith(problem: { problem: object; status: number }) {
  const response = new Response(JSON.stringify(problem.problem), {
    status: problem.status,
    headers: { 'content-type': 'application/problem+json' },
  });
  return new HTTPError(response, new Request('http://localhost/api/v1/x'), {} as never);
}

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('readFailure in the user’s language', () => {
  it('words a catalogue problem in Malay by its code: detail and field message', async () => {
    i18next.addResourceBundle('ms', 'translation', ms);
    await i18next.changeLanguage('ms');
    const failure = await readFailure(failedWith(problems.offenceTypeNotActive()));
    expect(failure.problem?.detail).toBe('Pilih jenis kesalahan yang aktif.');
    expect(failure.fieldErrors).toEqual({ typeOfOffenceId: 'Pilih jenis kesalahan yang aktif.' });

    const taken = await readFailure(failedWith(problems.emailTaken()));
    expect(taken.fieldErrors.email).toBe('Akaun dengan e-mel ini sudah wujud.');
  });

  it('keeps the server’s words in English, and where Malay has none', async () => {
    expect((await readFailure(failedWith(problems.complaintFinal()))).problem?.detail).toBe(
      'This complaint is already decided; its status is final.',
    );
    i18next.addResourceBundle('ms', 'translation', ms);
    await i18next.changeLanguage('ms');
    expect((await readFailure(failedWith(problems.notFound('Complaint')))).problem?.detail).toBe('Complaint not found.');
  });

  it('has Malay words only for problems the catalogue has', () => {
    expect(Object.keys(ms.problems).filter((code) => !(code in problems))).toEqual([]);
  });
});
