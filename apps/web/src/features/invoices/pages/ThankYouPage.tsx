import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function ThankYouPage() {
  return (
    <>
      <PageHeader title="Thank you" />
      <EmptyState title="Nothing here yet">This screen is being built.</EmptyState>
    </>
  );
}
