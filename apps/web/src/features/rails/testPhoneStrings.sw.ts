import { defineTranslation } from '../../i18n/translation';
import type { TEST_PHONE_STRINGS } from './testPhoneStrings';

export default defineTranslation<typeof TEST_PHONE_STRINGS>('testPhone', {
  phoneTitle: 'Simu ya majaribio',
  phoneBanner: 'HALI YA MAJARIBIO — hakuna pesa halisi inayohamishwa. Ukurasa huu unachukua nafasi ya simu ya mteja.',
  checkoutTitle: 'Malipo ya majaribio',
  checkoutBanner: 'HALI YA MAJARIBIO — hakuna pesa halisi inayohamishwa. Ukurasa huu unachukua nafasi ya ukurasa wa malipo wa {{rail}}.',
  phonePrompt: '{{business}} anakuomba ulipe {{amount}} kwa {{rail}} kwa ankara {{number}}.',
  phoneNumber: 'Simu: {{phone}}',
  approve: 'Idhinisha',
  decline: 'Kataa',
  letTimeOut: 'Acha muda uishe',
  answered: {
    approved: 'Umeidhinisha malipo. Ukurasa wa ankara unaonyesha kuwa imelipwa.',
    approvedPart: 'Umeidhinisha malipo. Ukurasa wa ankara unaonyesha kuwa imelipwa kwa sehemu: zimebaki {{left}} kulipwa.',
    declined: 'Umekataa malipo.',
    timed_out: 'Muda wa ombi umekwisha.',
  },
  voucherTitle: 'Namba yako ya vocha',
  voucherBody: '{{rail}} inaomba vocha kabla ya ombi la malipo. Andika namba hii kwenye ukurasa wa ankara; ombi litakuja kwenye simu hii baada yake.',
  backToInvoice: 'Rudi kwenye ankara',
  notFound: 'Ombi hili la majaribio halikupatikana.',
});
