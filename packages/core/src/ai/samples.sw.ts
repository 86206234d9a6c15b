import type { AiType } from './types';

/** The "See Sample" results in Kiswahili (samples.ts has the English ones; same businesses, same facts). */
export const SAMPLE_TEXT_SW: Record<AiType, { title: string; content: string }> = {
  business_name: {
    title: 'Mawazo ya majina ya duka la juisi Yaba',
    content: `## Mawazo 10 ya majina ya duka lako la juisi

1. **Squeeze Yaba** – inasema unachofanya na mahali ulipo; rahisi kupatikana kwenye Google Maps.
2. **Fresh Pulp Bar** – inasikika safi na ya kisasa; inafaa kwenye bango na kwenye kikombe.
3. **Agbalumo & Wenzake** – tunda la nyumbani ambalo kila mtu analipenda; la kirafiki na la fahari ya Naija.
4. **Kituo cha Juisi** – nzuri kwa eneo lenye shughuli nyingi wanapopita wanafunzi na wafanyakazi.
5. **Zobo Lab** – ya kuchangamsha; inadokeza mapishi yako mwenyewe zaidi ya chungwa na nanasi.
6. **Funda la Asubuhi** – inakaribisha wateja wa kifungua kinywa wakielekea kazini.
7. **Tropika Press** – fupi, ya kitropiki, na bado inafaa ukiongeza smoothies.
8. **Ayo Juisi** – *ayo* ni "furaha" kwa Kiyoruba; ya upendo na rahisi kukumbuka.
9. **Mtaa wa Mchanganyiko** – ya kisasa; inafaa kwa programu za usafirishaji na jina la Instagram.
10. **Juisi Safi ya Mawese** – inaashiria asili, bila sukari ya ziada.

**Hatua inayofuata:** hakikisha jina halijachukuliwa CAC na kama jina la Instagram kabla ya kuchapisha chochote.`,
  },
  business_plan: {
    title: 'Mpango wa biashara: nguo za Ankara zilizo tayari kuvaliwa',
    content: `## Muhtasari
Ankara Edge inatengeneza nguo za Ankara zilizo tayari kuvaliwa kwa vijana wanaofanya kazi Lagos. Tunauza mtandaoni na kwenye studio ndogo Surulere.

## Soko
- Takriban wanawake milioni 2 wanaofanya kazi, wa miaka 22–40, wanaishi Lagos, na wengi wanataka vitenge vya Kiafrika vya kuvaa ofisini.
- Washindani ni hasa mafundi cherehani wanaoshona kwa oda (kusubiri wiki 2–3) na nguo za haraka kutoka nje.

## Tunachotoa
- Mitindo 12 kila msimu, saizi 8–20, tayari kuvaliwa siku hiyo hiyo.
- Marekebisho bure ndani ya siku 7.

## Masoko
- Video za kujaribu nguo kwenye Instagram na TikTok mara tatu kwa wiki.
- Katalogi ya WhatsApp na orodha ya ujumbe kwa wateja wanaorudi.
- Vibanda vya muda katika maeneo mawili ya ofisi kila mwezi.

## Uendeshaji
- Mafundi 2 na mkataji 1; kitambaa kinanunuliwa kila wiki soko la Balogun.
- Oda zinafikishwa na mshirika wa pikipiki ndani ya saa 48.

## Fedha
| Kipengele | Kiasi |
|---|---|
| Kuanzisha (mashine, kitambaa, amana ya studio) | ₦2,400,000 |
| Gharama za kila mwezi (kodi, mishahara, data, usafirishaji) | ₦850,000 |
| Bei ya wastani ya kuuza | ₦18,500 |
| Nguo za kuuza ili kurudisha gharama | 46 kwa mwezi |
| Lengo la mapato ya mwaka wa kwanza | ₦16,650,000 |

**Kurudisha gharama:** mwezi wa 5 tukiuza nguo 75 kwa mwezi kuanzia mwezi wa 4.`,
  },
  content_idea: {
    title: 'Wiki ya machapisho ya Instagram kwa duka la mikate Accra',
    content: `## Wiki yako kwenye Instagram

**Jumatatu – Nyuma ya tanuri**
Video fupi ya sekunde 15 ya meat pies za kwanza zikitoka saa 12 asubuhi.
*Maelezo:* "Moto moto kabla Accra haijaamka 🔥 Nani anachukua moja akielekea kazini?"

**Jumanne – Mfahamu mwokaji**
Picha ya Shangazi Esi na hadithi fupi: miaka 20 ya kuoka.

**Jumatano – Kura**
Kura kwenye story: "Meat pie au sausage roll?" Shiriki matokeo Alhamisi.

**Alhamisi – Upendo wa wateja**
Chapisha tena picha ya keki ya siku ya kuzaliwa ya mteja na umshukuru.

**Ijumaa – Ukumbusho wa oda za wikendi**
"Siku ya kuzaliwa wikendi hii? Agiza keki yako kabla ya Ijumaa saa 11 jioni 🎂" pamoja na orodha ya bei.

**Jumamosi – Jinsi inavyotengenezwa**
Picha 5 mfululizo: kutoka unga hadi sukari ya juu.

**Jumapili – Ofa ya boksi la familia**
"Meat pies 6 + sausage rolls 6 kwa GH₵120, Jumapili tu."

**Hashtag:** #MikateAccra #MeatPie #ChakulaGhana #AccraEats #KekiZaSikukuuAccra`,
  },
  content_link: {
    title: 'Machapisho kutoka "Jinsi ya kupanga bei ya bidhaa zako"',
    content: `## Muhtasari
Makala inaeleza jinsi ya kuweka bei zinazolipa gharama na bado zinauzika: jumlisha kila gharama ya bidhaa moja, ongeza faida ya 30–50%, na uangalie washindani wanauza kwa bei gani. Inaonya dhidi ya kuweka bei ili tu kuwa wa bei nafuu zaidi.

## Machapisho
**X / Twitter**
Je, bei zako kweli zinakuletea faida? Jumlisha kila gharama, kisha faida yako. Bei ya chini kabisa si bora kila wakati. 💡 #BiasharaNdogo

**Facebook**
Biashara ndogo nyingi hupoteza pesa bila kujua. Mwongozo huu unaonyesha jinsi ya kupanga bei: hesabu kila gharama ya bidhaa moja (malighafi, usafiri, vifungashio), ongeza faida ya 30–50%, kisha linganisha na soko.

**Instagram**
Hatua 3 za bei inayokulipa 👇
1️⃣ Hesabu kila gharama
2️⃣ Ongeza faida yako
3️⃣ Angalia soko
Hifadhi hii kwa baadaye! #VidokezoVyaBei #Ujasiriamali

**Status ya WhatsApp**
Wiki mpya, bei mpya? Soma hii kwanza 👉 hatua 3 rahisi za bei zinazoleta faida.`,
  },
  ideal_customer: {
    title: 'Mteja bora wa taa za sola nchini Kenya',
    content: `## Mteja wako bora: Kamau, mwenye kibanda

**Ni nani:** anaendesha duka dogo au kibanda katika mji nje ya Nairobi; miaka 28–45; anapata KSh 25,000–60,000 kwa mwezi.

**Tatizo:** umeme hukatika na mafuta ya taa ni ghali; anapoteza mauzo ya jioni giza linapoingia.

**Anachotaka:** taa inayowaka jioni nzima, inayochaji simu, na inayolipwa kidogo kidogo.

**Mahali pa kumpata:**
- Siku za soko na chama (vikundi vya akiba)
- Vikundi vya Facebook vya wafanyabiashara wa kaunti yake
- Mawakala wa M-Pesa na maduka ya vifaa

**Kinachomshawishi:** maonyesho, pendekezo la jirani, na kulipa kadri unavyotumia KSh 50 kwa siku.

**Ujumbe unaofanya kazi:** "Fungua saa mbili zaidi kila usiku — kwa gharama ndogo kuliko mafuta ya taa."`,
  },
  user_persona: {
    title: 'Persona ya mtumiaji: vijana nchini Nigeria',
    content: `## Persona: Tolu, miaka 24, Lagos

**Kundi la umri:** Vijana (18–30)

**Historia:** mhitimu anayefanya kazi katika kampuni changa ya fintech Yaba; anaishi na wenzake wawili; hutumia muda wake mwingi wa mapumziko kwenye simu.

**Malengo**
- Kupendeza kazini na kwenye matukio ya wikendi bila kutumia pesa nyingi.
- Kuweka miadi ya huduma haraka, bila kupiga simu.

**Kero**
- Saluni zisizoheshimu muda wa miadi.
- Kulipa amana bila kupata uthibitisho.

**Tabia:** Instagram na TikTok kila siku; hulipa kwa uhamisho au kadi; huamini maoni ya marafiki.

**Jinsi ya kumpata:** kuweka miadi mtandaoni na uthibitisho wa papo hapo, bei zilizo wazi, vikumbusho kwenye WhatsApp na punguzo la uaminifu baada ya ziara 5.`,
  },
  newsletter: {
    title: 'Jarida: tawi letu jipya Lekki',
    content: `# Sasa tuko Lekki! 🎉

Mpendwa mteja,

Asante kwa kununua kwetu mwaka huu. Kwa sababu ya msaada wako, **tumefungua tawi la pili Admiralty Way, Lekki Phase 1**.

## Kipi kipya
- **Saa zaidi:** Jumatatu hadi Jumamosi, saa 2 asubuhi – saa 2 usiku.
- **Maegesho bure** kwenye tawi jipya.
- **Ofa ya wiki ya ufunguzi:** punguzo la 10% kwa kila kitu hadi 30 Novemba.

## Huduma ile ile unayoipenda
Pointi zako za uaminifu zinatumika katika matawi yote mawili, na bado unaweza kuagiza kwenye WhatsApp tukuletee.

Tunasubiri kwa hamu kukukaribisha!

Wasalaam,
Timu ya Mama Put Foods`,
  },
  birthday_wishes: {
    title: 'Ujumbe wa siku ya kuzaliwa kwa Chiamaka',
    content: `Heri ya siku ya kuzaliwa, Chiamaka! 🎉

Sote katika Bright Prints tunakutakia mwaka uliojaa furaha, afya njema na mafanikio. Asante kwa kutuamini na biashara yako — ina maana kubwa kwetu.

Kama zawadi ndogo, furahia **punguzo la 15% kwenye oda yako ijayo** mwezi huu.

Uwe na siku njema!

Kwa upendo,
Emeka – Bright Prints`,
  },
  seasons_greetings: {
    title: 'Salamu za Krismasi kutoka Kofi Fabrics',
    content: `Heri ya Krismasi! 🎄

Mwaka unapoisha, sote katika Kofi Fabrics tunataka kukushukuru kwa msaada wako. Kila oda uliyoweka ilisaidia biashara yetu ndogo kukua.

Krismasi hii ikuletee amani, furaha na muda na watu unaowapenda, na mwaka mpya ukuletee afya njema na mafanikio.

Tumefunga tarehe 25 na 26 Desemba na tunafungua tena tarehe 27 Desemba.

Kwa shukrani,
Kofi Mensah – Kofi Fabrics`,
  },
  email: {
    title: 'Barua pepe: punguzo la viatu Desemba',
    content: `**Kichwa:** Punguzo la 20% kwa viatu vyote Desemba hii 👟

Habari,

Desemba imefika, na tunataka kurahisisha msimu wako wa sikukuu: **kila jozi ya viatu dukani kwetu ina punguzo la 20% hadi 31 Desemba**.

- Viatu vya ofisi, raba na sandali
- Saizi za wanaume, wanawake na watoto
- Tunaleta bure ndani ya Kampala kwa oda zaidi ya USh 150,000

Tutembelee Garden City au agiza kwenye WhatsApp kupitia +256 700 000 000.

Tutaonana hivi karibuni,
Timu ya Step Up Shoes`,
  },
  reply_email: {
    title: 'Jibu: ombi la bei ya jumla',
    content: `**Kichwa:** Re: Bei ya T-shirt 200 zenye nembo

Mpendwa Bi Wanjiru,

Asante kwa barua pepe yako na kwa kutufikiria kwa tukio la kampuni yako.

Tutafurahi kuwaletea T-shirt 200 zenye nembo. Bei yetu ni KSh 850 kwa kila T-shirt, pamoja na uchapishaji wa rangi moja mbele, na tunaweza kuleta ndani ya siku 10 za kazi baada ya kuidhinisha muundo.

Mnaweza kututumia nembo yenu na saizi mnazohitaji? Kisha nitawatumia mfano ili muuidhinishe.

Wako,
Brian Otieno
Nyota Prints`,
  },
};
