import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';

export default function AnnouncementPage() {
  return (
    <>
      <PageHeader title="Announcements" />
      <EmptyState title="Nothing here yet">Announcements arrive in a coming release.</EmptyState>
    </>
  );
}
