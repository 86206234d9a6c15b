import { useRenumberToasts } from './renumberToasts';

/** The renumber toasts (t20 H3) as a component, so the header loads their code only once a sync has ended (issue 30). */
export default function RenumberToasts() {
  useRenumberToasts();
  return null;
}
