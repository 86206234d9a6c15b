import { AI_TYPE_NAMES, type AiType, builtinAiLanguages } from '@duka/core';
import type { PageText, Sender } from '../provider';
import { writeBuiltin } from './index';

/**
 * The fixed evaluation set of the built-in writer: every type × 3 realistic inputs (Nigeria, Kenya, Ghana)
 * × every language it writes for the type. The tests check each output against the rules of issue 19, and
 * `npm run ai-samples` writes every output to docs/ai-samples.md for a person to read.
 */
export interface EvalCase {
  type: AiType;
  region: 'Nigeria' | 'Kenya' | 'Ghana';
  language: string;
  fields: Record<string, string>;
  from: Sender;
  /** Names that must appear exactly as typed. */
  names: string[];
}

export const EVAL_SOURCE: PageText = {
  url: 'https://example.com/pricing',
  title: 'How to price your products',
  description: 'A guide for small businesses on pricing.',
  headings: ['Count every cost', 'Add your margin', 'Check the market'],
  paragraphs: [
    'Many small businesses lose money because they do not count all their costs. Materials, transport and packaging all add up.',
    'Add a margin that pays you for your time and lets the business grow, then compare with what nearby sellers charge.',
  ],
};

type ByRegion = Record<EvalCase['region'], Record<string, Record<string, string>>>;

/** Inputs per region, written in the language the owner would type for that output (free text only). */
const INPUTS: Record<AiType, ByRegion> = {
  business_name: {
    Nigeria: {
      en: { description: 'A tailoring shop in Lagos sewing Ankara dresses and agbada' },
      fr: { description: 'Un atelier de couture à Lagos qui coud des robes en Ankara' },
      sw: { description: 'Duka la ushonaji Lagos linaloshona nguo za Ankara na agbada' },
    },
    Kenya: {
      en: { description: 'A mobile phone repair kiosk in Nairobi fixing screens and batteries' },
      fr: { description: 'Un kiosque de réparation de téléphones à Nairobi' },
      sw: { description: 'Kibanda cha kutengeneza simu Nairobi, tunabadilisha skrini na betri' },
    },
    Ghana: {
      en: { description: 'A bakery in Accra known for meat pies and birthday cakes' },
      fr: { description: 'Une boulangerie à Accra connue pour ses gâteaux d’anniversaire' },
      sw: { description: 'Duka la mikate Accra linalojulikana kwa keki za siku ya kuzaliwa' },
    },
  },
  business_plan: {
    Nigeria: {
      en: { description: 'A tailoring shop in Surulere making ready-to-wear Ankara outfits', currency: 'NGN' },
      fr: { description: 'Un atelier de couture à Surulere qui fait des tenues en Ankara', currency: 'NGN' },
      sw: { description: 'Duka la ushonaji Surulere linalotengeneza nguo za Ankara', currency: 'NGN' },
    },
    Kenya: {
      en: { description: 'A poultry farm in Kiambu selling eggs and chicken to hotels', currency: 'KES' },
      fr: { description: 'Une ferme avicole à Kiambu qui vend des œufs aux hôtels', currency: 'KES' },
      sw: { description: 'Shamba la kuku Kiambu linalouza mayai na kuku kwa hoteli', currency: 'KES' },
    },
    Ghana: {
      en: { description: 'A laundry and dry-cleaning service in Kumasi with pickup and delivery', currency: 'GHS' },
      fr: { description: 'Un pressing à Kumasi avec ramassage et livraison', currency: 'GHS' },
      sw: { description: 'Huduma ya kufua nguo Kumasi, tunachukua na kurudisha nguo nyumbani', currency: 'GHS' },
    },
  },
  content_idea: {
    Nigeria: {
      en: { description: 'A small chops and catering business in Ibadan for parties' },
      fr: { description: 'Un traiteur à Ibadan pour les fêtes et les mariages' },
      sw: { description: 'Huduma ya chakula na vitafunio Ibadan kwa sherehe na harusi' },
    },
    Kenya: {
      en: { description: 'A hair salon in Westlands doing braids and wigs' },
      fr: { description: 'Un salon de coiffure à Westlands pour les tresses et les perruques' },
      sw: { description: 'Saluni ya nywele Westlands, tunasuka rasta na kuuza wigi' },
    },
    Ghana: {
      en: { description: 'A shop in Accra selling Kente fabrics and bags' },
      fr: { description: 'Une boutique à Accra qui vend du tissu Kente et des sacs' },
      sw: { description: 'Duka Accra linalouza vitambaa vya Kente na mikoba' },
    },
  },
  content_link: {
    Nigeria: { en: { url: 'https://example.com/pricing' }, fr: { url: 'https://example.com/pricing' }, sw: { url: 'https://example.com/pricing' } },
    Kenya: { en: { url: 'https://example.com/pricing' }, fr: { url: 'https://example.com/pricing' }, sw: { url: 'https://example.com/pricing' } },
    Ghana: { en: { url: 'https://example.com/pricing' }, fr: { url: 'https://example.com/pricing' }, sw: { url: 'https://example.com/pricing' } },
  },
  ideal_customer: {
    Nigeria: {
      en: { description: 'Ada Stitches: a tailor in Lagos making wedding outfits', country: 'Nigeria' },
      fr: { description: 'Ada Stitches : un atelier de couture à Lagos pour les tenues de mariage', country: 'Nigeria' },
      sw: { description: 'Ada Stitches: fundi wa nguo Lagos anayeshona mavazi ya harusi', country: 'Nigeria' },
    },
    Kenya: {
      en: { description: 'Affordable solar lamps for shops and homes', country: 'Kenya' },
      fr: { description: 'Des lampes solaires abordables pour les boutiques et les maisons', country: 'Kenya' },
      sw: { description: 'Taa za sola za bei nafuu kwa maduka na nyumba', country: 'Kenya' },
    },
    Ghana: {
      en: { description: 'Fresh tilapia and smoked fish delivered in Tema', country: 'Ghana' },
      fr: { description: 'Du tilapia frais et du poisson fumé livrés à Tema', country: 'Ghana' },
      sw: { description: 'Samaki wabichi na wa kukaushwa tunaowaleta Tema', country: 'Ghana' },
    },
  },
  user_persona: {
    Nigeria: {
      en: { age: 'Young', description: 'A mobile app for booking hair appointments in Lagos', country: 'Nigeria' },
      fr: { age: 'Young', description: 'Une application pour réserver un rendez-vous de coiffure à Lagos', country: 'Nigeria' },
      sw: { age: 'Young', description: 'Programu ya simu ya kupanga miadi ya saluni Lagos', country: 'Nigeria' },
    },
    Kenya: {
      en: { age: 'Middle Age', description: 'A school uniform shop in Nakuru', country: 'Kenya' },
      fr: { age: 'Middle Age', description: 'Une boutique d’uniformes scolaires à Nakuru', country: 'Kenya' },
      sw: { age: 'Middle Age', description: 'Duka la sare za shule Nakuru', country: 'Kenya' },
    },
    Ghana: {
      en: { age: 'Aged', description: 'A pharmacy in Takoradi with home delivery of medicines', country: 'Ghana' },
      fr: { age: 'Aged', description: 'Une pharmacie à Takoradi qui livre les médicaments à domicile', country: 'Ghana' },
      sw: { age: 'Aged', description: 'Famasia Takoradi inayoleta dawa nyumbani', country: 'Ghana' },
    },
  },
  newsletter: {
    Nigeria: {
      en: { description: 'We opened a second branch in Lekki, open Monday to Saturday 9am to 7pm' },
      fr: { description: 'Nous avons ouvert une deuxième boutique à Lekki, ouverte du lundi au samedi de 9 h à 19 h' },
      sw: { description: 'Tumefungua tawi la pili Lekki, tunafungua Jumatatu hadi Jumamosi saa tatu asubuhi hadi saa moja jioni' },
    },
    Kenya: {
      en: { description: 'Our prices for school shoes change on 1 January: KSh 2,500 a pair' },
      fr: { description: 'Nos prix des chaussures d’école changent le 1er janvier : 2 500 KSh la paire' },
      sw: { description: 'Bei ya viatu vya shule itabadilika tarehe 1 Januari: KSh 2,500 kwa jozi' },
    },
    Ghana: {
      en: { description: 'We now deliver meat pies anywhere in Accra for GH₵ 20' },
      fr: { description: 'Nous livrons désormais nos pâtés à la viande partout à Accra pour 20 GH₵' },
      sw: { description: 'Sasa tunaleta mikate ya nyama popote Accra kwa GH₵ 20' },
    },
  },
  birthday_wishes: {
    Nigeria: { all: { name: 'Chiamaka Obi', company_name: 'Ada Stitches', sender: 'Adaeze Nwosu' } },
    Kenya: { all: { name: 'Wanjiru Kamau', company_name: 'Mama Njeri Boutique', sender: 'Njeri Wambui' } },
    Ghana: { all: { name: 'Akosua Boateng', company_name: 'Kofi Fabrics', sender: 'Kofi Mensah' } },
  },
  seasons_greetings: {
    Nigeria: { all: { holiday: 'Eid al-Fitr', company_name: 'Ada Stitches', sender: 'Adaeze Nwosu' } },
    Kenya: { all: { holiday: 'Christmas', company_name: 'Mama Njeri Boutique', sender: 'Njeri Wambui' } },
    Ghana: { all: { holiday: 'New Year', company_name: 'Kofi Fabrics', sender: 'Kofi Mensah' } },
  },
  email: {
    Nigeria: {
      en: { description: 'Tell customer Funke that her 3 altered dresses are ready, pickup Friday', tone: 'Friendly' },
      fr: { description: 'Dites à la cliente Funke que ses 3 robes retouchées sont prêtes, retrait vendredi', tone: 'Friendly' },
      sw: { description: 'Mwambie mteja Funke kwamba nguo zake 3 zimekamilika, kuchukua Ijumaa', tone: 'Friendly' },
    },
    Kenya: {
      en: { description: 'Remind Mrs Wanjiru to pay the balance of KSh 4,500 by M-Pesa before Saturday', tone: 'Professional' },
      fr: { description: 'Rappelez à Mme Wanjiru de payer le solde de 4 500 KSh par M-Pesa avant samedi', tone: 'Professional' },
      sw: { description: 'Mkumbushe Bi Wanjiru kwamba alipe salio la KSh 4,500 kwa M-Pesa kabla ya Jumamosi', tone: 'Professional' },
    },
    Ghana: {
      en: { description: 'Tell customers about our 20% December discount on all Kente bags', tone: 'Persuasive' },
      fr: { description: 'Annoncez à nos clients notre remise de 20 % en décembre sur tous les sacs en Kente', tone: 'Persuasive' },
      sw: { description: 'Wajulishe wateja kuhusu punguzo la 20% mwezi Desemba kwa mikoba yote ya Kente', tone: 'Persuasive' },
    },
  },
  reply_email: {
    Nigeria: {
      all: {
        original_email:
          'Subject: Aso ebi for 12 people\n\nHello, can you sew aso ebi for 12 people before 14 March? How much per outfit?\n\nRegards,\nTolu Adebayo',
        intent: 'Accept',
      },
    },
    Kenya: {
      all: {
        original_email: 'Subject: Quote for 200 T-shirts\n\nHello, can you print 200 T-shirts? What is your price per shirt?\n\nRegards,\nMrs Wanjiru',
        intent: 'Ask for more details',
      },
    },
    Ghana: {
      all: {
        original_email:
          'Subject: Late delivery\n\nHello, my cake was delivered two hours late on Saturday. Will you refund the delivery fee?\n\nThanks,\nAma Owusu',
        intent: 'Apologise',
      },
    },
  },
};

const FROM: Record<EvalCase['region'], Sender> = {
  Nigeria: { name: 'Adaeze Nwosu', company: 'Ada Stitches' },
  Kenya: { name: 'Njeri Wambui', company: 'Mama Njeri Boutique' },
  Ghana: { name: 'Kofi Mensah', company: 'Kofi Fabrics' },
};

const NAME_FIELDS = ['name', 'company_name', 'sender'];

export const EVAL_CASES: EvalCase[] = AI_TYPE_NAMES.flatMap((type) =>
  (['Nigeria', 'Kenya', 'Ghana'] as const).flatMap((region) =>
    builtinAiLanguages(type).map((language) => {
      const byLang = INPUTS[type][region];
      const fields = byLang.all ?? byLang[language] ?? byLang.en;
      const names = NAME_FIELDS.map((k) => fields[k]).filter(Boolean);
      if (type === 'email' || type === 'newsletter') names.push(FROM[region].company ?? '');
      return { type, region, language, fields, from: FROM[region], names: names.filter(Boolean) };
    }),
  ),
);

/**
 * Issue 29 (t28 D3b): owners type instructions, not descriptions ("Tell my customers that…"). The set above had
 * instructions only for the e-mail, so the newsletter's pasted instruction went unseen. Every type that reads a
 * description gets these too, in the three languages and several forms.
 */
export const INSTRUCTIONS: Record<'en' | 'fr' | 'sw', string[]> = {
  en: [
    'Tell my customers that new Ankara fabrics arrive on Monday and the shop opens at 9',
    'Tell my customers that new Ankara fabrics arrive on Monday',
    'Let everyone know that our bakery now sells meat pies on Saturdays',
    'Tell people about our lace gowns for weddings',
    'Please inform all my customers that I moved the shop to Kumasi',
  ],
  fr: [
    'Annonce à mes clientes que les nouveaux pagnes wax arrivent lundi',
    'Dis à tout le monde que notre boutique ouvre samedi à Douala',
    'Dites à nos clients que nos prix des robes baissent en décembre',
  ],
  sw: [
    'Waambie wateja wangu kwamba vitenge vipya vinafika Jumatatu',
    'Wajulishe wateja kwamba tumefungua duka jipya Nakuru',
    'Waambie watu wote kwamba tunauza mikate kila asubuhi',
  ],
};

export const INSTRUCTION_CASES: EvalCase[] = AI_TYPE_NAMES.filter((type) => 'description' in (INPUTS[type].Nigeria.en ?? {})).flatMap((type) =>
  (['en', 'fr', 'sw'] as const)
    .filter((language) => builtinAiLanguages(type).includes(language))
    .flatMap((language) =>
      INSTRUCTIONS[language].map((description) => ({
        type,
        region: 'Nigeria' as const,
        language,
        fields: { ...(INPUTS[type].Nigeria[language] ?? INPUTS[type].Nigeria.en), description },
        from: FROM.Nigeria,
        names: [],
      })),
    ),
);

export function runCase(c: EvalCase, seed = 11) {
  return writeBuiltin(c.type, c.fields, c.language, { seed, from: c.from, source: c.type === 'content_link' ? EVAL_SOURCE : undefined });
}

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', fr: 'Français', sw: 'Kiswahili' };

/** docs/ai-samples.md: every output of the evaluation set, with its inputs, for a person to read. */
export function renderSamples(): string {
  const out = [
    '# Built-in AI writer: every sample of the evaluation set',
    '',
    'Generated by `npm run ai-samples` from `apps/server/src/modules/ai-writer/builtin/eval-set.ts` (seed 11); do not edit by hand.',
    'The same cases run in `eval.test.ts`, which checks each one for instruction echo, invented claims, exact names,',
    'the language (stop-words), length and the required parts. A test fails when this file is out of date.',
    '',
  ];
  let type = '';
  for (const c of EVAL_CASES) {
    if (c.type !== type) {
      type = c.type;
      out.push(`## ${type}`, '');
    }
    const r = runCase(c);
    const inputs = Object.entries(c.fields)
      .map(([k, v]) => `${k}: ${v.replace(/\n/g, ' / ')}`)
      .join(' · ');
    out.push(
      `### ${c.type} · ${c.region} · ${LANGUAGE_NAMES[c.language] ?? c.language}`,
      '',
      `Inputs: ${inputs}`,
      '',
      `Title: **${r.title}**`,
      '',
      ...r.content.split('\n').map((l) => (l ? `> ${l}` : '>')),
      '',
    );
  }
  return `${out.join('\n').trimEnd()}\n`;
}
