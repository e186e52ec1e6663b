/*
 * index.html draws a sign-in form before the app's code has come (issue 31: usable within
 * 1.5 s on a slow phone network). The app's sign-in page takes it over as it appears: what was
 * typed, which field had the caret, and whether Sign in was already pressed; then removes it.
 */

const ID = 'first-sign-in';

export interface FirstSignIn {
  email: string;
  password: string;
  remember: boolean;
  /** The field the caret was in, to put it back in the app's own. */
  focused: 'email' | 'password' | 'remember' | null;
  /** Sign in was pressed before the app's code came: the app signs in at once. */
  submitted: boolean;
}

/** What was done in index.html's form, once; null when it was not shown (or is gone). */
export function takeFirstSignIn(): FirstSignIn | null {
  const main = document.getElementById(ID);
  if (!main || main.hidden) {
    main?.remove();
    return null;
  }
  const field = (name: string) => main.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const focus = main.getAttribute('data-focus')?.replace(/^fs-/, '');
  const taken: FirstSignIn = {
    email: field('email')?.value ?? '',
    password: field('password')?.value ?? '',
    remember: field('remember')?.checked ?? false,
    focused: focus === 'email' || focus === 'password' || focus === 'remember' ? focus : null,
    submitted: main.getAttribute('data-submitted') === 'true',
  };
  main.remove();
  return taken;
}

/** Removes index.html's form when the app shows another page (it only ever shows the sign-in page's). */
export function dropFirstSignIn() {
  document.getElementById(ID)?.remove();
}
