import type { FiscalCodeLists } from './types';

/**
 * The code lists of Duka's TEST MODE unit (issue 26), and what a device shows offline before it has asked the
 * server: a bundled part of KRA eTIMS's lists. Quantity units (code list 10) and tax types (04) as KRA codes them;
 * item classifications are KRA's 10-digit codes (UNSPSC family, padded), here at segment level only. A business with
 * its own eTIMS device gets KRA's full lists from the device (selectCodeList / selectItemClsList).
 */
const c = (code: string, name: string, extra: string | null = null) => ({ code, name, extra });

/**
 * The item classification a line goes to KRA eTIMS with when it has none of its own (issue 26): typed on the
 * invoice rather than taken from the catalog, or an invoice-level fee. KRA's lists classify every item (an item's
 * class is required when it is registered, and sales carry it), so no line goes without one: 99010000 is the
 * "Goods" class of KRA's own VAT Act branch (99…) of the classification list. A catalog item's own class wins.
 */
export const DEFAULT_ITEM_CLASS = '99010000';

/** The class a line is sent with: its catalog item's, else the default. */
export function itemClassOrDefault(itemClass: string | null | undefined): string {
  return itemClass?.trim() || DEFAULT_ITEM_CLASS;
}

export const TEST_CODE_LISTS: FiscalCodeLists = {
  tax_types: [c('A', 'A-Exempt', '0'), c('B', 'B-16.00%', '16'), c('C', 'C-0%', '0'), c('D', 'D-Non-VAT', '0'), c('E', 'E-8%', '8')],
  units: [
    c('U', 'Pieces/item'),
    c('KG', 'Kilo-Gramme'),
    c('GRM', 'Gram'),
    c('TNE', 'Tonne'),
    c('L', 'Litre'),
    c('M', 'Metre'),
    c('M2', 'Square metre'),
    c('M3', 'Cubic metre'),
    c('BG', 'Bag'),
    c('BX', 'Box'),
    c('DZ', 'Dozen'),
    c('PA', 'Packet'),
    c('PR', 'Pair'),
    c('SET', 'Set'),
    c('RO', 'Roll'),
  ],
  // Code list 17 (UN/ECE Recommendation 21 codes): NT for goods sold loose or unpackaged, and for services.
  packaging_units: [
    c('NT', 'Net'),
    c('BG', 'Bag'),
    c('BX', 'Box'),
    c('CT', 'Carton'),
    c('SA', 'Sack'),
    c('BO', 'Bottle'),
    c('CA', 'Can'),
    c('JR', 'Jar'),
    c('JY', 'Jerrycan'),
    c('DR', 'Drum'),
    c('PK', 'Package'),
    c('RO', 'Roll'),
  ],
  item_classes: [
    c('1000000000', 'Live plant and animal material and accessories and supplies', 'B'),
    c('1500000000', 'Fuels and lubricants', 'B'),
    c('2500000000', 'Vehicles and their accessories and components', 'B'),
    c('3000000000', 'Structures, building and construction components and supplies', 'B'),
    c('4300000000', 'Information technology and telecommunications', 'B'),
    c('4400000000', 'Office equipment, accessories and supplies', 'B'),
    c('4700000000', 'Cleaning equipment and supplies', 'B'),
    c('5000000000', 'Food, beverage and tobacco products', 'B'),
    c('5100000000', 'Drugs and pharmaceutical products', 'A'),
    c('5200000000', 'Domestic appliances and consumer electronics', 'B'),
    c('5300000000', 'Apparel, luggage and personal care products', 'B'),
    c('7200000000', 'Building and facility construction and maintenance services', 'B'),
    c('8000000000', 'Management and business professionals and administrative services', 'B'),
    // The common classes of small businesses (UNSPSC segments as KRA pads them to 10 digits): search by name or code.
    c('1100000000', 'Mineral, textile and inedible plant and animal materials', 'B'),
    c('1200000000', 'Chemicals, including bio-chemicals and gas materials', 'B'),
    c('1400000000', 'Paper materials and products', 'B'),
    c('2700000000', 'Tools and general machinery', 'B'),
    c('3100000000', 'Manufacturing components and supplies', 'B'),
    c('3900000000', 'Electrical systems, lighting and components', 'B'),
    c('4200000000', 'Medical equipment, accessories and supplies', 'B'),
    c('4900000000', 'Sports and recreational equipment and supplies', 'B'),
    c('5500000000', 'Published products (books, newspapers)', 'B'),
    c('5600000000', 'Furniture and furnishings', 'B'),
    c('6000000000', 'Musical instruments, games, toys, arts and crafts', 'B'),
    c('7000000000', 'Farming, fishing, forestry and wildlife services', 'B'),
    c('7300000000', 'Industrial production and manufacturing services (tailoring, printing)', 'B'),
    c('7600000000', 'Industrial cleaning services', 'B'),
    c('7800000000', 'Transportation, storage and mail services', 'B'),
    c('8100000000', 'Engineering, research and technology based services', 'B'),
    c('8200000000', 'Editorial, design, graphic and fine art services', 'B'),
    c('8400000000', 'Financial and insurance services', 'B'),
    c('8500000000', 'Healthcare services', 'A'),
    c('8600000000', 'Education and training services', 'A'),
    c('9000000000', 'Travel, food, lodging and entertainment services', 'B'),
    c('9100000000', 'Personal and domestic services (hair, beauty, laundry)', 'B'),
  ],
};
