import i18n from 'i18next';
import ms from '../../public/locales/ms/translation.json';

/** Runs `body` with the app speaking Malay, then English again whatever happens. */
export async function inMalay(body: () => Promise<void>) {
  i18n.addResourceBundle('ms', 'translation', ms);
  await i18n.changeLanguage('ms');
  try {
    await body();
  } finally {
    await i18n.changeLanguage('en');
  }
}
