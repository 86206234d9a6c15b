import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function DraftsPage() {
  return (
    <>
      <PageHeader title="Drafts" />
      <EmptyState title="Nothing here yet">This screen is being built.</EmptyState>
    </>
  );
}
