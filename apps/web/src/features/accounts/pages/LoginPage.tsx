import { Alert, Anchor, Button, Group, PasswordInput, TextInput } from '@mantine/core';
import { type FormEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../data/api';
import { setSession } from '../../../data/session';
import { askAhead } from '../../../data/sync/ahead';
import { setFirstSyncBusy } from '../../../data/sync/linkBusy';
import { typedInFirstPaint } from '../../../boot/firstPaint';
import { preloadHome } from '../../../boot/preload';
import { setCurrentUser } from '../../../data/user';
import { useStrings } from '../../../i18n';
import { errorMessage, isNetworkError } from '../../../ui/errors';
import { fieldBinder, fieldSetter, SubmitButton } from '../../../ui/form';
import { toast } from '../../../ui/toast';
import { login, requestLoginLink } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { KEPT_CHANGES_KEY, KEPT_DRAFTS_KEY } from '../keptChanges';
import { afterLoginPath } from '../paths';
import { PAGES } from '../../../paths';
import { adoptQuickLogin } from '../quick/adopt';
import { QUICK_LOGIN_EVENT, quickLogin, quickThrottle, setQuickThrottle } from '../quick/handoff';
import '../strings';
import { loginErrorText, type LoginErrors, validateLogin } from '../loginValidation';

export default function LoginPage() {
  const { t } = useStrings('accounts');
  const navigate = useNavigate();
  const { search } = useLocation();
  const [form, setForm] = useState(() => ({ identifier: '', password: '', ...typedInFirstPaint(['identifier', 'password'])?.values }));
  const [errors, setErrors] = useState<LoginErrors>({});
  // Busy from the start while a Log in pressed before this page was there is being checked (see below). The check
  // is kept as it was at this first render: the drawn screen's script forgets it when refused, which can happen
  // between this render and the effect below (the render is a transition); the page must not then stay busy.
  const [quickAtStart] = useState(() => quickLogin());
  const [busy, setBusy] = useState(() => !!quickAtStart);
  // Issue 22 item 5: refused for too many failed attempts → offer a mailed one-time login link.
  // The drawn screen's script (quick/quick.ts) may have been refused so already and offered the link: kept as it is.
  const [throttleAtStart] = useState(() => quickThrottle());
  const [throttled, setThrottled] = useState(() => !!throttleAtStart);
  const [linkState, setLinkState] = useState<'idle' | 'sending' | 'sent'>(() =>
    throttleAtStart?.sent ? 'sent' : throttleAtStart?.sending ? 'sending' : 'idle',
  );
  const mounted = useRef(true);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (!throttleAtStart) return;
    setQuickThrottle(null);
    void throttleAtStart.sending?.then((sent) => mounted.current && setLinkState(sent ? 'sent' : 'idle'));
  }, [throttleAtStart]);
  // A Log in sent from the drawn screen and adopted here (below) was refused. For too many attempts, the drawn screen
  // offered the login link, and goes now: the offer is taken over as it stands.
  const refusedQuick = useCallback(() => {
    setBusy(false);
    const offer = quickThrottle();
    if (!offer) return;
    setQuickThrottle(null);
    setThrottled(true);
    setLinkState(offer.sent ? 'sent' : offer.sending ? 'sending' : 'idle');
    void offer.sending?.then((sent) => mounted.current && setLinkState(sent ? 'sent' : 'idle'));
  }, []);
  // A session that ended on its own (expired token) with changes kept on the device says so once.
  const [kept] = useState(() => Number(localStorage.getItem(KEPT_CHANGES_KEY) ?? 0));
  const [keptDrafts] = useState(() => Number(localStorage.getItem(KEPT_DRAFTS_KEY) ?? 0));
  useEffect(() => {
    localStorage.removeItem(KEPT_CHANGES_KEY);
    localStorage.removeItem(KEPT_DRAFTS_KEY);
  }, []);
  // The screen drawn in the HTML takes typing before this code is there: keep the caret where it was (the text is
  // taken over by the form's first state, above).
  useLayoutEffect(() => {
    const typed = typedInFirstPaint(['identifier', 'password']);
    // Typed there after this page's first state was made (the drawn screen takes typing while the app renders, issue
    // 30): taken now, while the drawn screen is still there (it goes right after this commit).
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the drawn screen is outside React: read at the one moment both exist
    if (typed) setForm((f) => (Object.entries(typed.values).some(([k, v]) => f[k as keyof typeof f] !== v) ? { ...f, ...typed.values } : f));
    // The identifier takes the focus as the page opens, as autoFocus would; but autoFocus acts before this effect and
    // took it from the drawn screen's password field while the person was typing there: the rest of the password went
    // into the identifier (seen in CI). A field focused on the drawn screen keeps it here instead.
    // Busy from the start (a Log in sent from the drawn screen): that screen stays on top and keeps the focus until it
    // goes (boot/firstPaint.ts carries the focus over then).
    if (quickAtStart) return;
    const nothingFocused = !document.activeElement || document.activeElement === document.body;
    const name = typed?.focused ?? (nothingFocused ? 'identifier' : null);
    const el = name && formRef.current?.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    if (!el) return;
    el.focus();
    if (typed?.selection) requestAnimationFrame(() => el.setSelectionRange(...typed.selection!));
  }, [quickAtStart]);

  // Log in was pressed on the screen drawn in the HTML before this page was there (quick/quick.ts) and is still
  // being checked: it goes on from here as if this page had sent it.
  useEffect(() => {
    let live = true;
    const adopting = adoptQuickLogin((path) => navigate(path, { replace: true })) ?? quickAtStart?.then(() => false);
    if (!adopting) return;
    void adopting.then((signedIn) => live && !signedIn && refusedQuick());
    return () => {
      live = false;
    };
  }, [navigate, quickAtStart, refusedQuick]);

  // Log in pressed on the drawn screen after this page was there (it stays on top while this page is busy, and until
  // it has gone the drawn form takes Enter): taken over the same way.
  useEffect(() => {
    let live = true;
    const take = () => {
      const adopting = adoptQuickLogin((path) => navigate(path, { replace: true }));
      if (!adopting) return;
      setBusy(true);
      void adopting.then((signedIn) => live && !signedIn && refusedQuick());
    };
    addEventListener(QUICK_LOGIN_EVENT, take);
    return () => {
      live = false;
      removeEventListener(QUICK_LOGIN_EVENT, take);
    };
  }, [navigate, refusedQuick]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateLogin(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    // The next screen's code loads while the password is checked (issue 30).
    preloadHome();
    try {
      const { user, jwt } = await login(form.identifier, form.password);
      setSession(jwt, user);
      // The first clients are asked for at once, ahead of the full sync, while that screen is still loading; what can
      // wait (the rest of the CSS, prefetches) waits for that sync from now on, not from when the engine starts.
      askAhead('contacts');
      setFirstSyncBusy(true);
      setCurrentUser(user);
      toast.success(t('login.welcomeBack', { name: user.name }));
      navigate(afterLoginPath(search), { replace: true });
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 429) {
        setThrottled(true);
        return;
      }
      // Network trouble is said as it is; any refusal gets SPEC §8's text.
      toast.danger(isNetworkError(err) ? errorMessage(err) : t('login.failed'));
    }
  }

  async function sendLink() {
    if (!form.identifier.trim()) {
      setErrors({ identifier: 'required' });
      return;
    }
    setLinkState('sending');
    try {
      await requestLoginLink(form.identifier);
      setLinkState('sent');
    } catch (err) {
      setLinkState('idle');
      toast.error(err, t('login.failed'));
    }
  }

  const field = fieldBinder(form, fieldSetter(setForm), (k) => errors[k] && loginErrorText(t, errors[k]));

  return (
    <AuthLayout
      title={t('login.title')}
      intro={t('login.intro')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Anchor component={Link} to={`${PAGES.register}${search}`} fw={600}>
            {t('login.register')}
          </Anchor>
        </>
      }
    >
      {(kept > 0 || keptDrafts > 0) && (
        <Alert color="yellow" mb="md" role="status" data-testid="kept-notice">
          {kept > 0 && t('leave.keptNotice', { count: kept })}
          {kept > 0 && keptDrafts > 0 && ' '}
          {keptDrafts > 0 && t(kept > 0 ? 'leave.keptDraftsToo' : 'leave.keptDrafts')}
        </Alert>
      )}
      {throttled && (
        <Alert color="yellow" mb="md" role="alert">
          {linkState === 'sent' ? (
            t('login.linkSent')
          ) : (
            <>
              {t('login.throttled')}
              <Button variant="light" color="yellow" mt="sm" fullWidth onClick={sendLink} loading={linkState === 'sending'}>
                {t('login.emailLink')}
              </Button>
            </>
          )}
        </Alert>
      )}
      <form ref={formRef} onSubmit={submit} noValidate>
        <TextInput label={t('login.identifier')} autoComplete="username" autoCapitalize="none" spellCheck={false} {...field('identifier')} mb="sm" />
        <PasswordInput label={t('login.password')} autoComplete="current-password" {...field('password')} mb="xs" />
        <Group justify="flex-end" mb="md">
          <Anchor component={Link} to={PAGES.forgotPassword} fz="sm">
            {t('login.forgot')}
          </Anchor>
        </Group>
        <SubmitButton fullWidth size="md" pending={busy}>
          {t('login.submit')}
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
