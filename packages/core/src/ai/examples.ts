import type { AiType } from './types';

/**
 * Realistic, valid inputs for each type (SPEC §3 fields), shared by the tests of the core rules, the
 * built-in writer, the generate route and the Chat Completions provider.
 */
export const AI_EXAMPLE_FIELDS: Readonly<Record<AiType, Readonly<Record<string, string>>>> = {
  business_name: { description: 'A shop in Yaba selling fresh fruit juice and smoothies' },
  business_plan: { description: 'A tailoring shop in Surulere making ready-to-wear Ankara outfits', currency: 'NGN' },
  content_idea: { description: 'A bakery in Accra known for meat pies and birthday cakes' },
  content_link: { url: 'https://example.com/pricing' },
  ideal_customer: { description: 'Affordable solar lamps for shops and homes', country: 'Kenya' },
  user_persona: { age: 'Aged', description: 'A mobile app for booking hair appointments', country: 'Ghana' },
  newsletter: { description: 'We opened a second branch in Lekki with longer opening hours' },
  birthday_wishes: { name: 'Chiamaka Obi', company_name: 'Bright Prints', sender: 'Emeka Eze' },
  seasons_greetings: { holiday: 'Eid al-Fitr', company_name: 'Kofi Fabrics', sender: 'Kofi Mensah' },
  email: { description: 'Tell customers about our 20% December discount on all shoes', tone: 'Persuasive' },
  reply_email: {
    original_email: 'Subject: Quote for 200 T-shirts\n\nHello, can you print 200 T-shirts? What is your price per shirt?\n\nRegards,\nMrs Wanjiru',
    intent: 'Accept',
  },
};
