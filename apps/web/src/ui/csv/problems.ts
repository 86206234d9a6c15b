import type { ImportProblem } from '@duka/core';
import type { TFunction } from 'i18next';
import { ruleText } from '../validation';

/**
 * One imported cell's problem (core's code and values) in the screen's language, naming the field by `label`
 * (already translated). English reads exactly as core's importProblemText; a schema message (`invalid`) goes
 * through ruleText from core's rule code; one without words of its own is shown as it came.
 * `t`: the 'csv' strings.
 */
export function importProblemMessage(t: TFunction, label: string, problem: ImportProblem): string {
  switch (problem.code) {
    case 'notAmount':
      return t('problems.notAmount', { field: label, value: problem.value });
    case 'notDate':
      return t('problems.notDate', { field: label, value: problem.value, example: problem.example });
    case 'noDecimals':
      return t('problems.noDecimals', { field: label, value: problem.value, currency: problem.currency, example: problem.example });
    case 'decimals':
      return t('problems.decimals', { field: label, value: problem.value, n: problem.n, example: problem.example });
    case 'paymentMethod':
      return t('problems.paymentMethod', { field: label, choices: problem.choices.join(', ') });
    case 'invalid':
      return t('problems.invalid', { field: label, message: problem.rule ? ruleText({ ...problem.rule, message: problem.message }) : problem.message });
    default:
      return t(`problems.${problem.code}`, { field: label });
  }
}
