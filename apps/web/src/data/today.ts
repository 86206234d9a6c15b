import { businessToday, userTimeZone } from '@duka/core';
import { getCurrentUser } from './user';

/**
 * "Today" on the device: the calendar day in the business's time zone (its settings' time zone, else its
 * country's), the same rule the server uses for issue dates and what is overdue (core's businessToday).
 */
export function businessTimeZoneNow(): string {
  return userTimeZone(getCurrentUser());
}

export function todayForBusiness(now: Date = new Date()): string {
  return businessToday(now, businessTimeZoneNow());
}
