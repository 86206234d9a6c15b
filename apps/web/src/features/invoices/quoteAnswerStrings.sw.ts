import { defineTranslation } from '../../i18n/translation';
import type { QUOTE_ANSWER_STRINGS } from './quoteAnswerStrings';

export default defineTranslation<typeof QUOTE_ANSWER_STRINGS>('quoteAnswer', {
  accept: 'Kubali nukuu',
  decline: 'Kataa',
  declineTitle: 'Kataa nukuu hii?',
  declineReason: 'Sababu (si lazima)',
  declineHint: 'Iambie biashara sababu, ili iweze kutoa ofa bora zaidi.',
  declineSend: 'Kataa nukuu',
  cancel: 'Ghairi',
  accepted: 'Umekubali nukuu hii. Biashara imearifiwa na sasa ni ankara.',
  viewInvoice: 'Tazama ankara',
  declined: 'Umekataa nukuu hii. Biashara imearifiwa.',
  declinedReason: 'Sababu yako: {{reason}}',
});
