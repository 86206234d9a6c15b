import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function ExpensePage() {
  return (
    <>
      <PageHeader title="Expense" />
      <EmptyState title="Nothing here yet">This screen is being built.</EmptyState>
    </>
  );
}
