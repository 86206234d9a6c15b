import { isLanguage, type Language } from '../constants/languages';
import { SAMPLE_TEXT_FR } from './samples.fr';
import { SAMPLE_TEXT_SW } from './samples.sw';
import { type AiSample, type AiType, aiTypeInfo } from './types';

/** SPEC §2 "See Sample": one canned result per type, shown in the result modal with Save disabled. */
const SAMPLE_TEXT: Record<AiType, { title: string; content: string }> = {
  business_name: {
    title: 'Name ideas for a fruit juice shop in Yaba',
    content: `## 10 name ideas for your juice bar

1. **Squeeze Yaba** – says what you do and where, easy to find on Google Maps.
2. **Fresh Pulp Bar** – sounds fresh and modern; works on a signboard and a cup.
3. **Agbalumo & Co.** – a local fruit everyone loves; friendly and proudly Naija.
4. **Juice Junction** – good for a busy spot where students and workers pass.
5. **Zobo Lab** – playful; hints at your own recipes beyond orange and pineapple.
6. **Morning Sip** – invites the breakfast crowd on their way to work.
7. **Tropika Press** – short, tropical, and it still works if you add smoothies.
8. **Ayo Juice** – *ayo* means joy in Yorùbá; warm and easy to remember.
9. **Blend Street** – modern; fits delivery apps and an Instagram handle.
10. **Pure Palm Juice** – suggests natural, no added sugar.

**Next step:** check that the name is free at the CAC and as an Instagram handle before you print anything.`,
  },
  business_plan: {
    title: 'Business plan: ready-to-wear Ankara outfits',
    content: `## Summary
Ankara Edge makes ready-to-wear Ankara outfits for young professionals in Lagos. We sell online and from a small studio in Surulere.

## Market
- About 2 million working women aged 22–40 live in Lagos, and many want office-ready African prints.
- Competitors are mostly tailors working to order (2–3 weeks' wait) and imported fast fashion.

## Offer
- 12 designs a season in sizes 8–20, ready to wear the same day.
- Free alterations within 7 days.

## Marketing
- Instagram and TikTok try-on videos three times a week.
- A WhatsApp catalogue and a broadcast list for repeat buyers.
- Pop-up stands at two office parks each month.

## Operations
- 2 tailors and 1 cutter; cloth bought weekly at Balogun market.
- Orders delivered by a dispatch rider partner within 48 hours.

## Financials
| Item | Amount |
|---|---|
| Start-up (machines, cloth, studio deposit) | ₦2,400,000 |
| Monthly costs (rent, wages, data, delivery) | ₦850,000 |
| Average selling price | ₦18,500 |
| Outfits to sell to break even | 46 a month |
| Year-one revenue target | ₦16,650,000 |

**Break-even:** month 5 if we sell 75 outfits a month from month 4.`,
  },
  content_idea: {
    title: 'A week of Instagram posts for a bakery in Accra',
    content: `## Your week on Instagram

**Monday – Behind the oven**
A 15-second reel of the first meat pies coming out at 6 am.
*Caption:* "Fresh from the oven before Accra wakes up 🔥 Who's grabbing one on the way to work?"

**Tuesday – Meet the baker**
A photo of Auntie Esi with a short story: 20 years of baking.

**Wednesday – Poll**
Story poll: "Meat pie or sausage roll?" Share the results on Thursday.

**Thursday – Customer love**
Repost a customer's birthday cake photo and thank them.

**Friday – Weekend order reminder**
"Birthday this weekend? Order your cake by Friday 5 pm 🎂" with the price list.

**Saturday – How it's made**
Carousel: from dough to glaze in 5 photos.

**Sunday – Family box offer**
"6 pies + 6 rolls for GH₵120, Sunday only."

**Hashtags:** #AccraBakery #MeatPie #GhanaFood #AccraEats #BirthdayCakesAccra`,
  },
  content_link: {
    title: 'Posts from "How to price your products"',
    content: `## Summary
The article explains how to set prices that cover costs and still sell: add up every cost per item, add a profit margin of 30–50%, and check what competitors charge. It warns against pricing only to be the cheapest.

## Social posts
**X / Twitter**
Are your prices really making you money? Add every cost, then your margin. Cheapest isn't always best. 💡 #SmallBusiness

**Facebook**
Many small businesses lose money without knowing it. This guide shows how to price your products: count every cost per item (materials, transport, packaging), add a 30–50% margin, then compare with the market.

**Instagram**
3 steps to a price that pays you 👇
1️⃣ Count every cost
2️⃣ Add your margin
3️⃣ Check the market
Save this for later! #PricingTips #NaijaBusiness

**WhatsApp status**
New week, new prices? Read this first 👉 3 simple steps to pricing that makes profit.`,
  },
  ideal_customer: {
    title: 'Ideal customer for solar lamps in Kenya',
    content: `## Your ideal customer: Kamau, the kiosk owner

**Who:** runs a small shop or kiosk in a town outside Nairobi; 28–45 years old; earns KSh 25,000–60,000 a month.

**Problem:** power cuts and high kerosene costs; he loses evening sales when it is dark.

**What they want:** a lamp that lasts all evening, charges phones, and can be paid in small amounts.

**Where to find them:**
- Market days and chamas (savings groups)
- Facebook groups for traders in his county
- M-Pesa agents and hardware shops

**What convinces them:** a demonstration, a neighbour's recommendation, and pay-as-you-go of KSh 50 a day.

**Message that works:** "Stay open two hours longer every night — for less than the cost of kerosene."`,
  },
  user_persona: {
    title: 'User persona: young users in Nigeria',
    content: `## Persona: Tolu, 24, Lagos

**Age range:** Young (18–30)

**Background:** graduate working in a fintech start-up in Yaba; lives with two flatmates; spends most of her free time on her phone.

**Goals**
- Look good for work and weekend events without spending too much.
- Book services quickly, without phone calls.

**Frustrations**
- Salons that don't keep appointment times.
- Paying a deposit with no confirmation.

**Habits:** Instagram and TikTok every day; pays by transfer or card; trusts reviews from friends.

**How to win her:** online booking with instant confirmation, clear prices, reminders on WhatsApp and a loyalty discount after 5 visits.`,
  },
  newsletter: {
    title: 'Newsletter: our new Lekki branch',
    content: `# We're now in Lekki! 🎉

Dear valued customer,

Thank you for shopping with us this year. Because of your support, **we have opened a second branch at Admiralty Way, Lekki Phase 1**.

## What's new
- **Longer hours:** Monday to Saturday, 8 am – 8 pm.
- **Free parking** at the new branch.
- **Opening week offer:** 10% off everything until 30 November.

## Same service you love
Your loyalty points work at both branches, and you can still order on WhatsApp for delivery.

We can't wait to welcome you!

Warm regards,
The Mama Put Foods team`,
  },
  birthday_wishes: {
    title: 'Birthday message for Chiamaka',
    content: `Happy birthday, Chiamaka! 🎉

Everyone at Bright Prints wishes you a year full of joy, good health and success. Thank you for trusting us with your business — it means a lot to us.

As a small gift, enjoy **15% off your next order** this month.

Have a wonderful day!

Warm wishes,
Emeka – Bright Prints`,
  },
  seasons_greetings: {
    title: 'Christmas greetings from Kofi Fabrics',
    content: `Merry Christmas! 🎄

As the year ends, all of us at Kofi Fabrics want to thank you for your support. Every order you placed helped our small business grow.

May this Christmas bring peace, joy and time with the people you love, and may the new year bring you good health and success.

We are closed on 25 and 26 December and open again on 27 December.

With gratitude,
Kofi Mensah – Kofi Fabrics`,
  },
  email: {
    title: 'Email: December shoe discount',
    content: `**Subject:** 20% off all shoes this December 👟

Hello,

December is here, and we want to make your festive season easier: **every pair of shoes in our shop is 20% off until 31 December**.

- Office shoes, sneakers and sandals
- Sizes for men, women and children
- Free delivery within Kampala for orders above USh 150,000

Visit us at Garden City or order on WhatsApp at +256 700 000 000.

See you soon,
The Step Up Shoes team`,
  },
  reply_email: {
    title: 'Reply: request for a bulk quote',
    content: `**Subject:** Re: Quote for 200 branded T-shirts

Dear Mrs Wanjiru,

Thank you for your email and for thinking of us for your company event.

We would be happy to supply 200 branded T-shirts. Our price is KSh 850 per shirt, including a one-colour print on the front, and we can deliver within 10 working days after you approve the design.

Could you send us your logo and the sizes you need? I will then share a mock-up for your approval.

Kind regards,
Brian Otieno
Nyota Prints`,
  },
};

const samplesOf = (texts: Record<AiType, { title: string; content: string }>) =>
  Object.fromEntries(
    Object.entries(texts).map(([type, s]) => {
      const info = aiTypeInfo(type as AiType);
      return [type, { title: s.title, content: s.content, pageTitle: info.pageTitle, sample: true as const, cost: info.cost }];
    }),
  ) as Record<AiType, AiSample>;

export const AI_SAMPLES: Record<AiType, AiSample> = samplesOf(SAMPLE_TEXT);

/** The samples in each language the built-in writer writes (t21: French and Kiswahili showed the English ones). */
export const AI_SAMPLES_IN: Record<Language, Record<AiType, AiSample>> = { en: AI_SAMPLES, fr: samplesOf(SAMPLE_TEXT_FR), sw: samplesOf(SAMPLE_TEXT_SW) };

/** A type's sample in the language asked for (English for any other). */
export function aiSample(type: AiType, language: string = 'en'): AiSample {
  return AI_SAMPLES_IN[isLanguage(language) ? language : 'en'][type];
}
