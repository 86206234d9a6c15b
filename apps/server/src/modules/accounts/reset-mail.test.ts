import { describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';

/** Issue 23 item 15: the password-reset e-mail is in the user's language. */
const { app } = await openTestApp({ devMailbox: true });

const mailbox = async (to: string) =>
  (await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` })).json().messages as Array<{ subject: string; text: string }>;

describe('POST /users/iforgot', () => {
  for (const [language, subject, phrase] of [
    ['fr', 'Réinitialisez votre mot de passe Duka', 'Ouvrez ce lien pour choisir un nouveau mot de passe'],
    ['sw', 'Weka upya nenosiri lako la Duka', 'Fungua kiungo hiki ili kuchagua nenosiri jipya'],
    ['en', 'Reset your Duka password', 'Open this link to choose a new password'],
  ] as const) {
    it(`writes to a ${language} user in ${language}`, async () => {
      const user = await signUp(app, { language });
      const res = await app.inject({ method: 'POST', url: '/api/users/iforgot', payload: { user: { email: user.email } } });
      expect(res.statusCode).toBe(200);
      const [mail] = await mailbox(user.email);
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain(phrase);
      expect(mail.text).toMatch(/\/reset-password\?token=/);
      expect(mail.text).toContain(user.username);
    });
  }
});
