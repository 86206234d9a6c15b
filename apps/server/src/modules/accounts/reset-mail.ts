import { isLanguage, type Language } from '@duka/core';

/**
 * The password-reset e-mail in the user's language (issue 23 item 15; en when the account has none).
 * The link and the username are the same in every language.
 */
const TEXTS: Record<Language, { subject: string; body: (v: { name: string; username: string; link: string; minutes: number }) => string }> = {
  en: {
    subject: 'Reset your Duka password',
    body: ({ name, username, link, minutes }) =>
      `Hello ${name},\n\nSomeone (hopefully you) asked to reset the password of your Duka account ` +
      `'${username}'. Open this link to choose a new password:\n\n${link}\n\n` +
      `The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail; your password stays the same.\n`,
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Duka',
    body: ({ name, username, link, minutes }) =>
      `Bonjour ${name},\n\nQuelqu’un (vous, espérons-le) a demandé à réinitialiser le mot de passe de votre compte Duka ` +
      `« ${username} ». Ouvrez ce lien pour choisir un nouveau mot de passe :\n\n${link}\n\n` +
      `Le lien ne fonctionne qu’une fois et expire dans ${minutes} minutes. Si vous n’avez rien demandé, ignorez cet e-mail ; votre mot de passe reste le même.\n`,
  },
  sw: {
    subject: 'Weka upya nenosiri lako la Duka',
    body: ({ name, username, link, minutes }) =>
      `Habari ${name},\n\nMtu fulani (tunatumaini ni wewe) ameomba kuweka upya nenosiri la akaunti yako ya Duka ` +
      `'${username}'. Fungua kiungo hiki ili kuchagua nenosiri jipya:\n\n${link}\n\n` +
      `Kiungo kinafanya kazi mara moja tu na kinaisha baada ya dakika ${minutes}. Kama hukuomba, puuza barua pepe hii; nenosiri lako linabaki lilelile.\n`,
  },
};

export function resetEmail(
  user: { name: string | null; username: string; language?: string | null },
  link: string,
  minutes: number,
): { subject: string; text: string } {
  const texts = TEXTS[isLanguage(user.language) ? user.language : 'en'];
  return { subject: texts.subject, text: texts.body({ name: user.name ?? '', username: user.username, link, minutes }) };
}
