import type { Turn } from '@duka/core';
import { type GreyImage, halfTurn, quarterTurn } from './image';

/** The picture turned for another reading (the order of the turns is core's turnsAfter, shared with the device). */
export function turned(img: GreyImage, turn: Turn): GreyImage {
  return turn === 'half' ? halfTurn(img) : quarterTurn(img, turn === 'clockwise');
}
