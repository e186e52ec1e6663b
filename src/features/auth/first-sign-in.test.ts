import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { takeFirstSignIn } from './first-sign-in';

const ROOT = join(import.meta.dirname, '../../..');
const indexHtml = readFileSync(join(ROOT, 'index.html'), 'utf8');
const words = (lang: string) => JSON.parse(readFileSync(join(ROOT, `public/locales/${lang}/translation.json`), 'utf8')).auth;

/** index.html's first sign-in form, as the page has it. */
function drawForm() {
  const start = indexHtml.indexOf('<main id="first-sign-in"');
  document.body.innerHTML = indexHtml.slice(start, indexHtml.indexOf('</main>', start) + '</main>'.length);
  return document.getElementById('first-sign-in')!;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe("index.html's sign-in form", () => {
  it('says what the app’s sign-in page says, in English and in Malay', () => {
    const form = drawForm();
    const en = words('en');
    for (const node of form.querySelectorAll('[data-t]'))
      expect(node.textContent, node.getAttribute('data-t')!).toBe(en[node.getAttribute('data-t')!]);
    const ms = words('ms');
    const malay = JSON.parse(
      /var ms = (\{[^}]*\})/
        .exec(indexHtml)![1]!
        .replace(/(\w+):/g, '"$1":')
        .replace(/'/g, '"'),
    );
    expect(Object.keys(malay).sort()).toEqual([...form.querySelectorAll('[data-t]')].map((node) => node.getAttribute('data-t')).sort());
    for (const [key, text] of Object.entries(malay)) expect(text, key).toBe(ms[key]);
  });

  it('is labelled field by field, like the app’s', () => {
    const form = drawForm();
    for (const id of ['fs-email', 'fs-password', 'fs-remember'])
      expect(form.querySelector(`label[for="${id}"], label:has(#${id})`), id).not.toBeNull();
    expect(form.querySelector('#fs-email')!.getAttribute('autocomplete')).toBe('username');
    expect(form.querySelector('#fs-password')!.getAttribute('autocomplete')).toBe('current-password');
  });

  it('hands over what was typed, the caret and a press of Sign in, once, and is gone', () => {
    const main = drawForm();
    main.hidden = false;
    (main.querySelector('#fs-email') as HTMLInputElement).value = 'officer@example.com';
    (main.querySelector('#fs-password') as HTMLInputElement).value = 'Demo#20';
    (main.querySelector('#fs-remember') as HTMLInputElement).checked = true;
    main.setAttribute('data-focus', 'fs-password');
    main.setAttribute('data-submitted', 'true');
    expect(takeFirstSignIn()).toEqual({
      email: 'officer@example.com',
      password: 'Demo#20',
      remember: true,
      focused: 'password',
      submitted: true,
    });
    expect(document.getElementById('first-sign-in')).toBeNull();
    expect(takeFirstSignIn()).toBeNull();
  });

  it('hands over nothing when it was not shown', () => {
    drawForm();
    expect(takeFirstSignIn()).toBeNull();
    expect(document.getElementById('first-sign-in')).toBeNull();
  });
});
