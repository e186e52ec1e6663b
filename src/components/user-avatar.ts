/** SPEC §1: the avatar is the user's image, or this default when it is empty. */
export const DEFAULT_AVATAR = '/images/avatar-default.svg';

export function avatarSrc(image: string | null | undefined): string {
  return image || DEFAULT_AVATAR;
}
