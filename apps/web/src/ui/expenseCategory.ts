import { EXPENSE_CATEGORIES, expenseCategoryKey } from '@duka/core';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useStrings } from '../i18n';
import './appStrings';

export interface ExpenseCategoryText {
  /** What a screen shows for a stored category: a default one in the active language, one the owner typed as typed. */
  label: (category: string) => string;
  /** What is stored for text typed or picked in the active language: a default category's label gives its English value. */
  stored: (text: string) => string;
}

/** Category labels with a given 'ui' t (for code outside React, e.g. the search index). */
export function expenseCategoryText(t: TFunction): ExpenseCategoryText {
  const label = (category: string) => {
    const key = expenseCategoryKey(category);
    return key ? t(`expenseCategory.${key}`) : category;
  };
  const stored = (text: string) => {
    const typed = text.trim();
    const lower = typed.toLocaleLowerCase();
    return EXPENSE_CATEGORIES.find((c) => label(c).toLocaleLowerCase() === lower || c.toLowerCase() === lower) ?? typed;
  };
  return { label, stored };
}

/** Expense categories in the active language (issue 19); the stored value stays core's English category. */
export function useExpenseCategory(): ExpenseCategoryText {
  const { t } = useStrings('ui');
  return useMemo(() => expenseCategoryText(t), [t]);
}
