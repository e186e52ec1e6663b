/** SPEC §2: a sidebar group's path is its name lowercased with spaces turned into hyphens. */
export function menuGroupPath(name: string): string {
  return `/${name.toLowerCase().replace(/ /g, '-')}`;
}

/** Only same-origin paths from the server become links; anything else could leave the app. */
export function isAppPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}
