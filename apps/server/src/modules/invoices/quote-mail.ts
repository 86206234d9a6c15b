import { isLanguage, type Language } from '@duka/core';

/**
 * The e-mails that tell an owner their customer accepted or declined a quote (issue 23 item 11), in the owner's
 * language (en when the account has none), like the password-reset e-mail. Names, numbers and links are as written.
 */
type Accepted = { owner: string; client: string; quote: string; invoice: string; link: string };
type Declined = { owner: string; client: string; quote: string; reason: string; link: string };

const TEXTS: Record<
  Language,
  {
    acceptedSubject: (v: Accepted) => string;
    accepted: (v: Accepted) => string[];
    declinedSubject: (v: Declined) => string;
    declined: (v: Declined) => string[];
  }
> = {
  en: {
    acceptedSubject: (v) => `${v.client} accepted quote ${v.quote}`,
    accepted: (v) => [`Hello ${v.owner},`, '', `${v.client} accepted quote ${v.quote}. It is now invoice ${v.invoice}:`, v.link],
    declinedSubject: (v) => `${v.client} declined quote ${v.quote}`,
    declined: (v) => [
      `Hello ${v.owner},`,
      '',
      `${v.client} declined quote ${v.quote}.`,
      v.reason ? `Their reason: ${v.reason}` : 'They gave no reason.',
      '',
      v.link,
    ],
  },
  fr: {
    acceptedSubject: (v) => `${v.client} a accepté le devis ${v.quote}`,
    accepted: (v) => [`Bonjour ${v.owner},`, '', `${v.client} a accepté le devis ${v.quote}. C’est maintenant la facture ${v.invoice} :`, v.link],
    declinedSubject: (v) => `${v.client} a refusé le devis ${v.quote}`,
    declined: (v) => [
      `Bonjour ${v.owner},`,
      '',
      `${v.client} a refusé le devis ${v.quote}.`,
      v.reason ? `Sa raison : ${v.reason}` : 'Aucune raison donnée.',
      '',
      v.link,
    ],
  },
  sw: {
    acceptedSubject: (v) => `${v.client} amekubali nukuu ${v.quote}`,
    accepted: (v) => [`Habari ${v.owner},`, '', `${v.client} amekubali nukuu ${v.quote}. Sasa ni ankara ${v.invoice}:`, v.link],
    declinedSubject: (v) => `${v.client} amekataa nukuu ${v.quote}`,
    declined: (v) => [
      `Habari ${v.owner},`,
      '',
      `${v.client} amekataa nukuu ${v.quote}.`,
      v.reason ? `Sababu yake: ${v.reason}` : 'Hakutoa sababu.',
      '',
      v.link,
    ],
  },
};

const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').slice(0, 200);
const texts = (language: string | null | undefined) => TEXTS[isLanguage(language) ? language : 'en'];

export function quoteAcceptedEmail(language: string | null | undefined, v: Accepted): { subject: string; text: string } {
  const t = texts(language);
  return { subject: oneLine(t.acceptedSubject(v)), text: t.accepted(v).join('\n') };
}

export function quoteDeclinedEmail(language: string | null | undefined, v: Declined): { subject: string; text: string } {
  const t = texts(language);
  return { subject: oneLine(t.declinedSubject(v)), text: t.declined(v).join('\n') };
}
