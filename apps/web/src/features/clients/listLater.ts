/**
 * What the client list can draw without at first (issue 30), in a chunk of its own, loaded once the list is drawn and
 * the first sync is off the link: the phone rules (libphonenumber-js, ≈ 27 KB compressed) and the country list
 * (countries-list, for the business's own country and country names in French or Kiswahili).
 */
export { countryDisplayName } from '@duka/core';
export { formatPhone } from '../../data/phone';
export { countryNameOf } from '../../ui/dial';
