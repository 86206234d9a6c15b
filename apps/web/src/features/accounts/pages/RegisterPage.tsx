import { type Country, countryDisplayName, countryFromTimeZone, deviceTimeZone, type Language, languageForCountry, languageFromBrowser } from '@duka/core';
import { Anchor, Input, PasswordInput, SimpleGrid, Text, TextInput, UnstyledButton } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { getRef, setSession } from '../../../data/session';
import { setCurrentUser } from '../../../data/user';
import { setLanguage, useLanguage, useStrings } from '../../../i18n';
import { browserLanguages, deviceLanguage, rememberDeviceLanguage, switchLanguage } from '../../../i18n/device';
import { LanguageSelect } from '../../../ui/LanguageSelect';
import { SelectCountryModal } from '../../../ui/SelectCountryModal';
import { fieldBinder, focusFirstInvalid, SubmitButton } from '../../../ui/form';
import { toast } from '../../../ui/toast';
import { fetchState, register } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { afterRegisterPath } from '../paths';
import '../strings';
import { accountErrorText, type FieldErrors, normaliseUsername, type RegisterForm, validateRegister } from '../validation';
import classes from './RegisterPage.module.css';
import { PAGES } from '../../../paths';

const EMPTY: RegisterForm = { name: '', username: '', email: '', password: '', company_name: '', country: '' };

/** The country the device's time zone points to (Africa/Nairobi → Kenya), the form's first guess; undefined elsewhere. */
function guessedCountry(): Country | undefined {
  return countryFromTimeZone(deviceTimeZone());
}

export default function RegisterPage() {
  const { t } = useStrings('accounts');
  const navigate = useNavigate();
  const { search } = useLocation();
  // Nothing chose a country yet: the device's time zone guesses one (the owner can still change it).
  const [guess] = useState(guessedCountry);
  const [form, setForm] = useState<RegisterForm>(() => ({ ...EMPTY, country: guess?.name ?? '' }));
  const [flag, setFlag] = useState(guess?.flag ?? '');
  const [errors, setErrors] = useState<FieldErrors<RegisterForm>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  // The page speaks the language it will create the account in: the device's or the browser's, else the country's.
  const language = useLanguage();
  const [languageChosen, setLanguageChosen] = useState(() => !!deviceLanguage() || !!languageFromBrowser(browserLanguages()));
  const ref = getRef();

  // A guessed country speaks for a user who chose no language: a browser in en, fr or sw counts as a choice, so an
  // English browser in Nairobi stays English; a Portuguese one in Douala opens in French.
  useEffect(() => {
    // Acts on open only: guess never changes, and a language chosen later turns it off.
    if (guess && !languageChosen) void setLanguage(languageForCountry(guess.name) ?? 'en');
  }, [guess, languageChosen]);

  const errorOf = (k: keyof RegisterForm) => serverErrors[k] ?? (errors[k] ? accountErrorText(t, errors[k]) : undefined);
  const set = (k: keyof RegisterForm) => (e: { currentTarget: { value: string } }) => {
    const value = k === 'username' ? e.currentTarget.value.toLowerCase() : e.currentTarget.value;
    setForm((f) => ({ ...f, [k]: value }));
    if (errors[k] || serverErrors[k]) {
      setErrors((x) => ({ ...x, [k]: undefined }));
      setServerErrors(({ [k]: _dropped, ...rest }) => rest);
    }
  };
  const field = fieldBinder(form, set, errorOf);

  function chooseLanguage(l: Language) {
    setLanguageChosen(true);
    void switchLanguage(l);
  }

  function chooseCountry(c: Country) {
    const fromCountry = languageForCountry(c.name);
    if (!languageChosen) void setLanguage(fromCountry ?? 'en');
    setForm((f) => ({ ...f, country: c.name }));
    setFlag(c.flag);
    setErrors((x) => ({ ...x, country: undefined }));
    setPicking(false);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const user: RegisterForm = {
      ...form,
      language,
      name: form.name.trim(),
      username: normaliseUsername(form.username),
      email: form.email.trim(),
      company_name: form.company_name.trim(),
    };
    const found = validateRegister(user);
    setErrors(found);
    setServerErrors({});
    if (Object.keys(found).length) return focusFirstInvalid(e.currentTarget as HTMLFormElement);
    setBusy(true);
    try {
      const { token } = await register(user, ref);
      rememberDeviceLanguage(language);
      toast.success(t('register.created'));
      const next = afterRegisterPath(token, search);
      if (next.startsWith(PAGES.transactions)) {
        navigate(next, { replace: true });
        return;
      }
      setSession(token);
      try {
        setCurrentUser((await fetchState()).user);
      } catch {
        // The shell loads the user again from /state; the account exists either way.
      }
      navigate(next, { replace: true });
    } catch (err) {
      // What was typed stays in the form; the server's message says what to fix.
      setServerErrors(toast.error(err, t('register.failed'), 'registrationFailure'));
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title={t('register.title')}
      intro={t('register.intro')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Anchor component={Link} to={`${PAGES.login}${search}`} fw={600}>
            {t('register.login')}
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm" mb="md">
          <TextInput label={t('register.name')} autoComplete="name" {...field('name')} autoFocus />
          <TextInput
            label={t('register.username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            description={t('register.usernameHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...field('username')}
          />
        </SimpleGrid>
        <TextInput label={t('register.email')} type="email" autoComplete="email" {...field('email')} mb="sm" />
        <PasswordInput
          label={t('register.password')}
          autoComplete="new-password"
          description={t('register.passwordHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...field('password')}
          mb="sm"
        />
        <TextInput label={t('register.company')} autoComplete="organization" {...field('company_name')} mb="sm" />
        <Input.Wrapper label={t('register.country')} id="register-country" error={errorOf('country')} mb="sm">
          <UnstyledButton
            id="register-country"
            className={classes.picker}
            data-error={errorOf('country') ? true : undefined}
            onClick={() => setPicking(true)}
            aria-haspopup="dialog"
            aria-labelledby="register-country-label register-country-value"
            aria-invalid={errorOf('country') ? true : undefined}
            aria-describedby={errorOf('country') ? 'register-country-error' : undefined}
          >
            <span aria-hidden="true" className={classes.flag}>
              {flag || '🌍'}
            </span>
            <Text id="register-country-value" component="span" c={form.country ? undefined : 'dimmed'} className={classes.value}>
              {form.country ? countryDisplayName(form.country, language) : t('register.chooseCountry')}
            </Text>
            <span aria-hidden="true">▾</span>
          </UnstyledButton>
        </Input.Wrapper>
        <LanguageSelect label={t('register.language')} description={t('register.languageHint')} value={language} onChange={chooseLanguage} mb="lg" />
        {ref && (
          <Text fz="xs" c="dimmed" mb="sm">
            {t('register.referred', { ref })}
          </Text>
        )}
        <SubmitButton fullWidth size="md" pending={busy}>
          {t('register.submit')}
        </SubmitButton>
      </form>
      <SelectCountryModal opened={picking} onClose={() => setPicking(false)} onSelect={chooseCountry} selected={form.country} />
    </AuthLayout>
  );
}
