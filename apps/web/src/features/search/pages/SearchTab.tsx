import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function SearchTab() {
  return (
    <>
      <PageHeader title="Search" />
      <EmptyState title="Nothing here yet">This screen is being built.</EmptyState>
    </>
  );
}
