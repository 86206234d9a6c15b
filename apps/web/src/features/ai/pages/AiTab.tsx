import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function AiTab() {
  return (
    <>
      <PageHeader title="Ai Writer" />
      <EmptyState title="Nothing here yet">This screen is being built.</EmptyState>
    </>
  );
}
