import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function AiTypePage() {
  return (
    <>
      <PageHeader title="Ai Writer" back="/tabs/ai" />
      <EmptyState title="Nothing here yet">This screen is being built.</EmptyState>
    </>
  );
}
