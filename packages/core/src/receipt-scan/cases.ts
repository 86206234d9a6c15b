/**
 * Receipt texts as OCR gives them (en/fr/sw; KES, NGN, XAF, ZAR, GHS, UGX, TZS…), with the fields a person reads off
 * them. Several carry OCR's slips: O for 0, broken spacing, stray symbols. Business currency in `currency`.
 */
import type { ReceiptDraft } from './types';

export interface ReceiptCase {
  name: string;
  currency: string;
  text: string;
  want: Partial<ReceiptDraft>;
}

export const TODAY = '2026-11-26';

export const RECEIPT_CASES: ReceiptCase[] = [
  {
    name: 'Kenyan supermarket, VAT 16% inclusive, cash and change',
    currency: 'KES',
    text: `NAIVAS SUPERMARKET
Moi Avenue, Nairobi
PIN: P051234567X
TEL 0722 000 111
CASH SALE
Date: 14/11/2026  Time: 18:42
SUGAR 2KG        2 x 190.00    380.00
COOKING OIL 1L                 325.00
BREAD 400G                      65.00
SUBTOTAL                       770.00
VAT 16%                        106.21
TOTAL KES                      770.00
CASH                         1,000.00
CHANGE                         230.00
Thank you for shopping with us`,
    want: {
      vendor: 'Naivas Supermarket',
      date: '2026-11-14',
      currency: 'KES',
      currency_found: true,
      total: 77_000,
      tax: 10_621,
      tax_rate_bps: 1600,
      category: 'Stock / Inventory',
      total_check: 'lines',
    },
  },
  {
    name: 'Nigerian fuel station, naira sign, 7.5% VAT',
    currency: 'NGN',
    text: `TotalEnergies Marketing Nigeria
Lekki Phase 1, Lagos
Receipt No: 000981
Date: 03-11-2026 09:15
PMS  45.20 Litres @ 617.00
Amount: ₦27,888.40
VAT 7.5%  ₦1,945.70
TOTAL ₦27,888.40
Paid by: Card`,
    want: {
      vendor: 'TotalEnergies Marketing Nigeria',
      date: '2026-11-03',
      currency: 'NGN',
      total: 2_788_840,
      tax: 194_570,
      tax_rate_bps: 750,
      category: 'Transport',
    },
  },
  {
    name: 'Cameroon, French, TVA 19,25 %, FCFA with space thousands',
    currency: 'XAF',
    text: `SUPERMARCHE MAHIMA
Rue Joss, Douala
B.P. 1234 Tel: 233 42 00 00
FACTURE N° 4521
Le 12/10/2026 à 17h05
Riz 5 kg                    4 500
Huile 1 L                   1 800
Savon x3                    1 200
Total HT                    6 290
TVA 19,25 %                 1 211
NET A PAYER              7 500 FCFA
Espèces                 10 000
Monnaie rendue           2 500`,
    want: {
      vendor: 'Supermarche Mahima',
      date: '2026-10-12',
      currency: 'XAF',
      currency_found: true,
      total: 7_500,
      subtotal: 6_290,
      tax: 1_211,
      tax_rate_bps: 1925,
      total_check: 'lines',
    },
  },
  {
    name: 'Côte d’Ivoire, French, TOTAL TTC with TVA 18 %, jj/mm/aaaa, "12 500" amounts, cash handed over',
    currency: 'XOF',
    text: `PHARMACIE DES II PLATEAUX
Bd Latrille, Cocody - Abidjan
RCCM CI-ABJ-2019-B-12345  CC 1234567 A
Tél : 27 22 41 00 00
Ticket N° 000873    Caissier : Awa
Date : 05/11/2026  Heure : 10:14
Doliprane 1000 mg  2 x 1 250      2 500
Sirop toux 125 ml                 5 500
Vitamine C x 2     2 x 2 250      4 500
Total HT                         10 593
TVA 18 %                          1 907
TOTAL TTC                        12 500
Montant reçu                     15 000
Rendu monnaie                     2 500
Merci de votre visite`,
    want: {
      vendor: 'Pharmacie Des Ii Plateaux',
      date: '2026-11-05',
      currency: 'XOF',
      total: 12_500,
      subtotal: 10_593,
      tax: 1_907,
      tax_rate_bps: 1800,
      total_check: 'lines',
    },
  },
  {
    name: 'South Africa, rand prefix, VAT 15% included',
    currency: 'ZAR',
    text: `SPAR Rondebosch
Tax Invoice
VAT No 4123456789
2026/11/20 13:02
Milk 2L               R 32.99
Bread                 R 18.50
Eggs 18               R 54.99
TOTAL                 R106.48
VAT INCL 15%           R13.89
CARD                  R106.48`,
    want: {
      vendor: 'SPAR Rondebosch',
      date: '2026-11-20',
      currency: 'ZAR',
      total: 10_648,
      tax: 1_389,
      tax_rate_bps: 1500,
      total_check: 'lines',
      category: 'Stock / Inventory',
    },
  },
  {
    name: 'Swahili, Tanzania, JUMLA, TSh',
    currency: 'TZS',
    text: `DUKA LA MAMA NEEMA
Kariakoo, Dar es Salaam
STAKABADHI
Tarehe: 05/11/2026
Unga kilo 2          6,000
Sukari kilo 1        3,200
Mafuta lita 1        5,500
JUMLA TSh           14,700
Asante kwa kununua`,
    want: { vendor: 'Duka La Mama Neema', date: '2026-11-05', currency: 'TZS', total: 1_470_000, tax: null, total_check: 'lines' },
  },
  {
    name: 'Kenyan electricity tokens, KSh, shs /=',
    currency: 'KES',
    text: `KENYA POWER
Prepaid Token Receipt
Meter No: 37171234567
Date 21/11/2026
Token: 1234-5678-9012-3456-7890
Units: 45.6 kWh
Amount KSh 1,000/=
VAT 16%   Ksh 96.55
Fuel energy charge   120.00`,
    want: { vendor: 'Kenya Power', date: '2026-11-21', currency: 'KES', total: 100_000, tax: 9_655, category: 'Utilities' },
  },
  {
    name: 'Nigerian airtime, "N" before the amount, TOTAL on the next line',
    currency: 'NGN',
    text: `MTN Nigeria
Airtime Recharge
Ref: 77120019
Date: 15 Nov 2026
TOTAL
N2,000.00
Thank you`,
    want: { vendor: 'MTN Nigeria', date: '2026-11-15', currency: 'NGN', total: 200_000, category: 'Airtime & Data' },
  },
  {
    name: 'Ghana, GH₵, amount due vs tendered',
    currency: 'GHS',
    text: `MELCOM LTD
Accra Mall
INVOICE #55120
Nov 18, 2026
Plastic chairs x4       GH₵ 480.00
Table                   GH₵ 350.00
Sub-Total               GH₵ 830.00
NHIL/GETFund/COVID 6%    GH₵ 49.80
VAT 15%                 GH₵ 132.00
Amount Due              GH₵ 1,011.80
Tendered                GH₵ 1,100.00
Change                  GH₵ 88.20`,
    want: { vendor: 'Melcom Ltd', date: '2026-11-18', currency: 'GHS', total: 101_180, subtotal: 83_000, category: 'Equipment' },
  },
  {
    name: 'OCR slips: O for 0, l for 1, spaced decimal',
    currency: 'KES',
    text: `QUICKMART
Kilimani
Date: O2/11/2026
Rice 5kg            85O.00
Beans 2kg           44O.00
T0TAL               l,29O. 00
CASH               1,5OO.0O`,
    want: { vendor: 'Quickmart', date: '2026-11-02', total: 129_000, total_check: 'lines', category: 'Stock / Inventory' },
  },
  {
    name: 'French, Senegal, XOF business, "Montant total", date in words',
    currency: 'XOF',
    text: `IMPRIMERIE DU PLATEAU
Avenue Pompidou, Dakar
Reçu
Dakar, le 4 novembre 2026
500 flyers A5             25 000
Banderole 2m              15 000
Montant total        40 000 F CFA
Payé en espèces`,
    want: { vendor: 'Imprimerie Du Plateau', date: '2026-11-04', currency: 'XOF', total: 40_000, category: 'Marketing', total_check: 'lines' },
  },
  {
    name: 'Uganda, no decimals, UGX, Grand total beats total',
    currency: 'UGX',
    text: `CAPITAL SHOPPERS
Ntinda
Receipt
22/11/2026
Total items 3
Total            45,000
Service 10%       4,500
Grand Total      49,500
Cash             50,000
Change              500`,
    want: { vendor: 'Capital Shoppers', date: '2026-11-22', currency: 'UGX', total: 49_500 },
  },
  {
    name: 'Taxi, Swahili words, no currency printed: business currency used',
    currency: 'KES',
    text: `Little Cab
Safari: Westlands - CBD
Tarehe 19-11-2026 saa 08:12
Nauli         650
Jumla         650`,
    want: { vendor: 'Little Cab', date: '2026-11-19', currency: 'KES', currency_found: false, total: 65_000, category: 'Transport' },
  },
  {
    name: 'Rent receipt, landlord, written amount',
    currency: 'NGN',
    text: `RENT RECEIPT
Received from Ada Stores the sum of
One hundred and fifty thousand naira only
being shop rent for November 2026
Amount: N150,000
Date: 01/11/2026
Landlord: Chief Okeke`,
    want: { vendor: 'Chief Okeke', date: '2026-11-01', total: 15_000_000, category: 'Rent' },
  },
  {
    name: 'Month-first date when the day cannot be a month',
    currency: 'USD',
    text: `Office Depot
11/23/2026
Printer paper      12.99
Ink cartridge      34.50
Total $47.49`,
    want: { vendor: 'Office Depot', date: '2026-11-23', currency: 'USD', total: 4_749, total_check: 'lines' },
  },
  {
    name: 'Euro style 1.234,56 and TTC',
    currency: 'EUR',
    text: `BRICO DEPOT
Facture 2026-1187
Date : 09.11.2026
Perceuse             89,90
Échelle           1.145,00
Total HT           987,42
TVA 20 %           197,48
Total TTC        1.234,90 €`,
    want: { vendor: 'Brico Depot', date: '2026-11-09', currency: 'EUR', total: 123_490, tax: 19_748, tax_rate_bps: 2000, total_check: 'lines' },
  },
  {
    name: 'A future date is a misread and is left out',
    currency: 'KES',
    text: `CHANDARANA FOODPLUS
Date: 30/12/2026
TOTAL 2,450.00`,
    want: { vendor: 'Chandarana Foodplus', date: null, total: 245_000 },
  },
  {
    name: 'Not a receipt: a page of words',
    currency: 'NGN',
    text: `Dear customer, our shop will be closed on Sunday.
We apologise for any inconvenience.`,
    want: { total: null, date: null, readable: false },
  },
  {
    name: 'Nothing read at all (blurred photo)',
    currency: 'KES',
    text: `~ .. ' ,, _
:`,
    want: { vendor: null, total: null, date: null, readable: false },
  },
  {
    name: 'Kiswahili with "Jumla ndogo" (subtotal), "Kodi" (tax) and "Jumla kuu"',
    currency: 'KES',
    text: `VIFAA HARDWARE
Barabara ya Kenyatta, Nakuru
Tarehe: 10/11/2026
Generator 2.5kVA      24,000.00
Extension cable          950.00
Jumla ndogo           21,508.62
Kodi 16%               3,441.38
Jumla kuu KES         24,950.00`,
    want: {
      vendor: 'Vifaa Hardware',
      date: '2026-11-10',
      total: 2_495_000,
      subtotal: 2_150_862,
      tax: 344_138,
      tax_rate_bps: 1600,
      category: 'Equipment',
      total_check: 'lines',
    },
  },
  {
    name: 'M-Pesa paid line is not the total; total labelled "Total Amount"',
    currency: 'KES',
    text: `JAVA HOUSE
Kimathi Street
Receipt # 8812
16/11/2026 13:20
Coffee x2        560.00
Sandwich         650.00
Total Amount   1,210.00
M-PESA         1,210.00
Till 123456`,
    want: { vendor: 'Java House', date: '2026-11-16', total: 121_000, total_check: 'lines' },
  },
  {
    name: 'Lagos wholesale, ₦ with spaces, TOTAL with a colon',
    currency: 'NGN',
    text: `JUSTRITE WHOLESALE
Ikeja
Date: 24/11/26
Indomie carton x5    ₦ 42,500
Peak milk carton x2  ₦ 38,000
TOTAL: ₦ 80,500`,
    want: { vendor: 'Justrite Wholesale', date: '2026-11-24', total: 8_050_000, category: 'Stock / Inventory', total_check: 'lines' },
  },
  {
    name: 'Zambia printing shop; marketing',
    currency: 'ZMW',
    text: `Copy Cat Printers
Cairo Road, Lusaka
12 Nov 2026
Business cards 500      K 450.00
Posters A3 x20          K 600.00
TOTAL ZMW              1,050.00`,
    want: { vendor: 'Copy Cat Printers', date: '2026-11-12', currency: 'ZMW', total: 105_000, category: 'Marketing' },
  },
  {
    name: 'Real OCR output (tesseract.js in Chromium) of a rendered 12 MP receipt photo, turned 1.5° with specks',
    currency: 'KES',
    text: '"NAIVAS SUPERMARKET | Co   :\nMoi Avenue, Nairobi        Co       )\nDate: 23/11/2026 18:42 =.           Co\n\n© SUGAR 2K          380.00 ©     Co\n\n.* COOKING OIL 1L       1325.00     RE      :\n©. BREAD 4006 =      © .65.00            -\n\nSUBTOTAL        770000\nVAT 16%       :     106.21         :        J\nTOTAL KES. 770.008 PE      -\n“CASH         1,000.00                    oo\n© CHANGE              230.00.\n\n   Thank you for shopping with us:  RE SN     Co',
    want: { vendor: 'Naivas Supermarket', date: '2026-11-23', currency: 'KES', total: 77_000, tax: 10_621, tax_rate_bps: 1600, category: 'Stock / Inventory' },
  },
  // A new user's receipts (t28, issue 29): what tesseract (eng/fra 4.0.0_best_int, as on the device) read from the
  // tester's images. The vendor is the capitals line at the top, even with MALL or TOTAL in it; never a town line.
  {
    name: 'Ghanaian supermarket whose name has MALL in it (t28 rcpt-en)',
    currency: 'GHS',
    text: `SHOPRITE ACCRA MALL
Spintex Road, Accra
TIN: C0001234567

Date: 24/11/2026 14:32
RICE 5KG                   95.00
COOKING OIL 1L             32.50
TOMATO PASTE x2             25.00
SUBTOTAL                 152.50
VAT 15%                   22.88
TOTAL GHS            175.38
CASH 200.00 CHANGE 24.62

THANK YOU`,
    want: { vendor: 'Shoprite Accra Mall', date: '2026-11-24', currency: 'GHS', total: 17_538, tax: 2_288, tax_rate_bps: 1500 },
  },
  {
    name: 'the same receipt photographed 8° tilted: 2026 read as 2024 (t28 rcpt-en-rot8)',
    currency: 'GHS',
    text: `SHOPRITE ACCRA MALL
Spintex Road, Accra
TIN: 000123454

Date: 24/11/2024 14:32

RICE 5KG                    95.00

COOKING OIL 71.             32.50
TOMATO PASTE x2              25.00
SUBTOTA|.                  152.59
VAT 15,                     22.83
TOTAL GHS           175.38
CASH 200. 99 CHANGE 24.62

THANK You`,
    want: { vendor: 'Shoprite Accra Mall', date: '2026-11-24', currency: 'GHS', total: 17_538, tax: 2_283 }, // 22.88 printed, 22.83 read
  },
  {
    name: 'the top lines unreadable: never an item line with its price (t28 rcpt-en-rot8 on the device)',
    currency: 'GHS',
    text: `~ . ;
Date: 24/11/2026 14:32
RICE 5KG 95.00
Cooking Oil 71. 32.50
TOTAL GHS 175.38`,
    want: { vendor: null, date: '2026-11-24', total: 17_538 },
  },
  {
    name: 'Cameroonian fuel station whose name has TOTAL in it, town line below (t28 rcpt-fr)',
    currency: 'XAF',
    text: `STATION TOTAL BASTOS
Yaoundé, Cameroun

Date : 20/11/2026

SUPER SANS PLOMB 25 L      21 250
LAVAGE                   3 000
TVA 19,25%                3 915
MONTANT TTC      24 250 FCFA

MERCI DE VOTRE VISITE`,
    want: { vendor: 'Station Total Bastos', date: '2026-11-20', currency: 'XAF', total: 24_250, tax: 3_915 },
  },
  {
    name: 'a town line is never the vendor (t28)',
    currency: 'XAF',
    text: `Yaoundé, Cameroun
Date : 20/11/2026
LAVAGE 3 000
TOTAL 3 000 FCFA`,
    want: { vendor: null, total: 3_000 },
  },
  {
    name: 'Kenyan supermarket in Swahili (t28 rcpt-sw)',
    currency: 'KES',
    text: `NAIVAS SUPERMARKET
Moi Avenue, Nairobi
Tarehe: 22/11/2026
UNGA 2KG                  230.00
SUKARI 1KG              180.00
JUMLA KSH            410.00
M-PESA 410.00`,
    want: { vendor: 'Naivas Supermarket', date: '2026-11-22', currency: 'KES', total: 41_000 },
  },
];
