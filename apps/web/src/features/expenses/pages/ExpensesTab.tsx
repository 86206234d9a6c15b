import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function ExpensesTab() {
  return (
    <>
      <PageHeader title="Expenses" />
      <EmptyState title="Nothing here yet">This screen is being built.</EmptyState>
    </>
  );
}
