import { useState } from 'react';
import { describeError } from './errors';

/**
 * A form's submit: busy while it runs, its errors cleared first; when it fails, the fields the server named, or its
 * sentence under `form` (shown by FormAlert).
 */
export function useFormSubmit() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setErrors({});
    try {
      await work();
    } catch (e) {
      const shown = describeError(e);
      setErrors(Object.keys(shown.fields).length ? shown.fields : { form: shown.message });
    } finally {
      setBusy(false);
    }
  };
  return { errors, setErrors, busy, run };
}
