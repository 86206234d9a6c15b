import { contactFields, expenseFields, parsePhone } from '@duka/core';
import { afterEach, describe, expect, it } from 'vitest';
import { fieldErrors } from '../ui/record/forms';
import { setLanguage } from '../i18n';
import { coreMessage } from './validation';

afterEach(() => setLanguage('en'));

describe("core's validation messages in the screen language (issue 19)", () => {
  it('leaves English as core wrote it', () => {
    expect(coreMessage('Name is required')).toBe('Name is required');
    expect(coreMessage('This is not a valid Cameron phone number.')).toBe('This is not a valid Cameron phone number.');
    expect(fieldErrors(contactFields.pick({ name: true, email: true }), { name: '', email: 'x' })).toEqual({
      name: 'Name is required',
      email: 'Not a valid e-mail address',
    });
  });

  it('translates the form checks and phone messages into French and Swahili', async () => {
    await setLanguage('fr');
    expect(fieldErrors(contactFields.pick({ name: true, email: true }), { name: '', email: 'x' })).toEqual({
      name: 'Nom : ce champ est obligatoire',
      email: 'Adresse e-mail non valide',
    });
    expect(fieldErrors(expenseFields.pick({ amount: true }), { amount: 0 }).amount).toBe('Le montant doit être supérieur à 0');
    expect(coreMessage('At most 200 characters')).toBe('200 caractères au maximum');
    const phone = parsePhone('12ab', 'Cameron');
    expect(phone.ok).toBe(false);
    if (!phone.ok) expect(coreMessage(phone.message)).toMatch(/^Ce n’est pas un numéro de téléphone\. Tapez-le comme .+ ou \+237 .+\.$/);
    expect(coreMessage('Something the server said')).toBe('Something the server said');
    // The country in the message is named in the screen's language (English keeps SPEC's Cameron).
    expect(coreMessage('This is not a valid Cameron phone number.')).toBe('Ce numéro de téléphone n’est pas valide pour Cameroun.');

    await setLanguage('sw');
    const kenyan = parsePhone('071234', 'Kenya');
    if (!kenyan.ok) expect(coreMessage(kenyan.message)).toMatch(/^Namba hii si namba sahihi ya simu ya Kenya\. Iandike kama .+ au \+254 .+\.$/);
    expect(kenyan.ok).toBe(false);
    expect(coreMessage('This is not a valid Cameron phone number.')).toBe('Namba hii si namba sahihi ya simu ya Kameruni.');
    expect(coreMessage('Category is required')).toBe('Aina inahitajika');
  });
});
