import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** A fixed order for the e2e files, so a CI run on a fresh clone (no duration cache) runs them as developers do. */
const ORDER = ['accounts', 'records', 'invoices', 'paystack', 'ai', 'plans', 'reports', 'announcements', 'affiliates', 'a11y', 'smoke'];
const rank = (spec: TestSpecification) => {
  const i = ORDER.findIndex((name) => spec.moduleId.endsWith(`/${name}.spec.ts`));
  return i === -1 ? ORDER.length : i;
};

export default class FixedOrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => rank(a) - rank(b));
  }
}
