/** The shell's header, in px: toasts start below it, so they never cover the bell or the avatar. */
export const HEADER_HEIGHT = 60;
