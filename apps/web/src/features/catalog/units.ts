import { CATALOG_UNITS } from '@duka/core';
import { useStrings } from '../../i18n';
import './strings';

const CANONICAL = CATALOG_UNITS as readonly string[];

/**
 * A catalog item's unit is stored as core's word for the units it knows ('piece', 'box') and shown in the screen's
 * language ('pièce', 'carton'); a unit of the owner's own ('sac 50 kg') is stored and shown as typed.
 */
export function useUnitWords() {
  const { t } = useStrings('catalog');
  const label = (unit: string) => (CANONICAL.includes(unit) ? t(`units.${unit}`) : unit);
  // In any case ('Carton', 'KG'), in the screen's language or core's word; else the owner's own unit, as typed.
  const stored = (text: string) => {
    const typed = text.trim().toLocaleLowerCase();
    return CANONICAL.find((u) => u === typed || t(`units.${u}`).toLocaleLowerCase() === typed) ?? text;
  };
  return { label, stored, options: CANONICAL.map((u) => t(`units.${u}`)) };
}
