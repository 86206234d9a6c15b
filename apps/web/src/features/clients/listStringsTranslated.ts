import type { Translation } from '../../i18n/translation';
import type { CLIENT_LIST_STRINGS } from './listStrings';

/**
 * The French and Swahili strings of the client list's first screen (listStrings.ts), apart from the rest of the
 * translations: strings.fr.ts / strings.sw.ts spread them in, and index.html's early script draws a new phone's first
 * rows in the language chosen on the device with them (app/firstRows.ts) without carrying the whole feature's strings.
 * (Not named *Strings.<lang>.ts: those are namespaces of their own, i18n/loaders.ts.)
 */
export const CLIENT_LIST_STRINGS_FR: Translation<typeof CLIENT_LIST_STRINGS> = {
  title: 'Clients',
  /** The quick sale (issue 28). */
  sell: 'Vendre',
  add: 'Ajouter',
  searchPlaceholder: 'Nom, e-mail, téléphone ou ville',
  count_one: '{{count}} client',
  count_many: '{{count}} clients',
  count_other: '{{count}} clients',
  showArchived: 'Clients archivés ({{count}})',
};

export const CLIENT_LIST_STRINGS_SW: Translation<typeof CLIENT_LIST_STRINGS> = {
  title: 'Wateja',
  /** The quick sale (issue 28). */
  sell: 'Uza',
  add: 'Ongeza mteja',
  searchPlaceholder: 'Tafuta kwa jina, barua pepe, simu au mji',
  count_one: 'Mteja {{count}}',
  count_other: 'Wateja {{count}}',
  showArchived: 'Waliowekwa kando ({{count}})',
};
