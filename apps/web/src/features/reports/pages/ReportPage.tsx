import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function ReportPage() {
  return (
    <>
      <PageHeader title="Analytics" />
      <EmptyState title="Nothing here yet">Reports arrive in a coming release.</EmptyState>
    </>
  );
}
