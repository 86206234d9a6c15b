/**
 * Stands in for i18n/index and i18n/lite in the quick login bundle (build/loginEntry.ts aliases it): the strings modules it reads
 * register their English with i18next in the app, but the quick login reads them as they are and carries no i18next.
 */
export function registerStrings(): void {}
