import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function FeePage() {
  return (
    <>
      <PageHeader title="Tax And Fees" />
      <EmptyState title="Nothing here yet">This screen is being built.</EmptyState>
    </>
  );
}
