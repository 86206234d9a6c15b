import { AGE_OPTIONS, AI_MESSAGE_TEXTS, AI_TYPES, type AiType, type AiTypeInfo, EMAIL_TONES, REPLY_INTENTS } from '@duka/core';
import { registerStrings } from '../../i18n';
import { optionKey } from './optionKey';

const byType = <T>(pick: (info: AiTypeInfo) => T) => Object.fromEntries(AI_TYPES.map((info) => [info.type, pick(info)])) as Record<AiType, T>;
const options = (values: readonly string[]) => Object.fromEntries(values.map((v) => [optionKey(v), v]));

/** English strings of the AI writer (SPEC §2, §3, §8). */
export const aiStrings = {
  title: 'Ai Writer',
  credit: 'Credit',
  creditBalance: 'Credit balance',
  creditUnknown: '—',
  loading: 'Loading',
  costCredits_one: '{{count}} credit',
  costCredits_other: '{{count}} credits',
  chooseType: 'What do you want to write?',
  history: 'History',
  favourites: 'Favourites',
  historyEmpty: 'Nothing generated yet',
  historyEmptyHint: 'Pick a type above and press Generate: your results appear here.',
  favouritesEmpty: 'No favourites yet',
  favouritesEmptyHint: 'Open a result and press Save to keep it here.',
  loadFailed: 'Could not load this list. Check your connection and try again.',
  showingSaved: 'Offline: showing the copy kept on this device.',
  retry: 'Try again',
  loadMore: 'Load more',
  addFavourite: 'Add {{title}} to favourites',
  removeFavourite: 'Remove {{title}} from favourites',
  removedFavorite: 'Removed from favourites',
  // Form
  generate: 'Generate',
  generating: 'Writing… this can take up to two minutes',
  watchTutorial: 'Watch Tutorial',
  seeSample: 'See Sample',
  generateHint: 'Fill in the form to enable Generate.',
  language: 'Output language',
  changeCustomer: 'Change customer',
  customer: 'Customer',
  noCustomer: 'No customer chosen',
  link: 'Link',
  currency: 'Currency',
  country: 'Country',
  chooseCountry: 'Choose a country',
  currencyUnsupported: '{{country}} uses {{currency}}, which the writer does not support yet: keeping {{kept}}.',
  customerName: "The customer's name",
  tone: 'Tone',
  intent: 'What Do You Want To Reply',
  required: 'Required',
  // Result modal
  save: 'Save',
  saved: 'Saved',
  copy: 'Copy',
  close: 'Close',
  sample: 'Sample',
  sampleNote: 'This is a sample: generate your own to save it.',
  builtinNote: 'Written by Duka’s built-in writer — connect an AI service in settings for richer text',
  editableHint: 'You can edit the text before copying it.',
  markedFavorite: 'Marked as favorite',
  copied: 'Copied {{title}} to clipboard',
  copyFailed: 'Could not copy: your browser blocked the clipboard.',
  saveFailed: 'Could not save: {{message}}',
  // Low Credit alert (SPEC §8)
  lowCreditTitle: 'Low Credit',
  lowCredit: "You don't have enough credit. Please buy credit to continue...",
  cancel: 'Cancel',
  buyCredit: 'Buy Credit',
  // Errors
  loginToGenerate: 'Please login to continue',
  login: 'Login',
  generationFailedTitle: 'Something went wrong',
  generationFailed: 'The text could not be written: {{message}}',
  offlineTitle: 'You are offline',
  offlineGenerate: 'The Ai Writer needs a connection. What you typed stays here: press Generate again when you are back online. No credit was used.',
  // Banner and videos
  bannerTitle: 'Meet the Ai Writer',
  bannerAlt: 'Ai Writer: business plans, posts and messages written for you. Click to watch the intro video.',
  watchIntro: 'Watch the intro video',
  dismiss: 'Not now',
  closeVideo: 'Close video',
  videoOf: 'Video: {{title}}',
  videoMissing: 'This video is not available.',
  // SPEC §3's words for each type, field and option: core's own tables (AI_TYPES, AI_MESSAGE_TEXTS and the options) are the
  // English, so it is written once; strings.fr.ts / strings.sw.ts translate them under the same keys.
  labels: byType((info) => info.label),
  pageTitles: byType((info) => info.pageTitle),
  blurbs: byType((info) => info.blurb),
  fields: byType((info) => Object.fromEntries(info.fields.map((f) => [f.name, f.label]))),
  placeholders: Object.fromEntries(
    AI_TYPES.filter((info) => info.fields.some((f) => f.placeholder)).map((info) => [
      info.type,
      Object.fromEntries(info.fields.flatMap((f) => (f.placeholder ? [[f.name, f.placeholder]] : []))),
    ]),
  ) as Partial<Record<AiType, Record<string, string>>>,
  /** The SPEC §5 reasons Generate stays disabled, by core's problem codes ({{min}}/{{more}}: core's limits). */
  messages: AI_MESSAGE_TEXTS as Record<keyof typeof AI_MESSAGE_TEXTS, string>,
  /** Core's AGE_OPTIONS, EMAIL_TONES and REPLY_INTENTS as shown (the value sent stays core's English). */
  ages: options(AGE_OPTIONS),
  tones: options(EMAIL_TONES),
  intents: options(REPLY_INTENTS),
} as const;

registerStrings('ai', aiStrings);
