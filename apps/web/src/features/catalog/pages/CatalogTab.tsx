import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function CatalogTab() {
  return (
    <>
      <PageHeader title="Catalog" />
      <EmptyState title="Nothing here yet">This screen is being built.</EmptyState>
    </>
  );
}
