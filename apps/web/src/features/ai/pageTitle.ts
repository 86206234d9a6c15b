import { AI_TYPES } from '@duka/core';
import type { TFunction } from 'i18next';

/** The server names the type by SPEC's English page title: shown in the screen's language (issue 23). */
export function pageTitleIn(t: TFunction, pageTitle: string): string {
  const type = AI_TYPES.find((a) => a.pageTitle === pageTitle || a.label === pageTitle)?.type;
  return type ? t(`pageTitles.${type}`) : pageTitle;
}
