import { useNavigate, useParams } from 'react-router';
import { InvoiceLinkView } from '../components/InvoiceLinkView';

/** invoice/link/{id} inside the app (the owner's device); visitors get the same view from the public entry. */
export default function InvoiceLinkPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return <InvoiceLinkView id={id} onPaid={(path) => navigate(path)} />;
}
