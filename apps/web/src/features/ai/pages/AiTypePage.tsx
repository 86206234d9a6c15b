import { aiTypeBySlug, type AiTypeInfo, canGenerate } from '@duka/core';
import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../data/user';
import { loginPathFor } from '../../accounts/paths';
import { useLanguage, useStrings } from '../../../i18n';
import { PageHeader } from '../../../ui/PageHeader';
import { useCredit } from '../api';
import { AiForm, type FormValues, initialValues, LANGUAGE_PICKED, toPayload, writerLanguage } from '../components/AiForm';
import { loadDraft, saveDraft } from '../draft';
import { FullscreenVideo } from '../components/FullscreenVideo';
import { LowCreditAlert } from '../components/LowCreditAlert';
import { ResultModal } from '../components/ResultModal';
import '../strings';
import { useGeneration } from '../useGeneration';
import { PAGES } from '../../../paths';

/** Every /ai/{slug} page (SPEC §2 AI writer pages). */
export default function AiTypePage() {
  const { pathname } = useLocation();
  const info = aiTypeBySlug(pathname.replace(/\/+$/, '').split('/').pop() ?? '');
  if (!info) return <Navigate to={PAGES.aiTab} replace />;
  return <AiTypeForm key={info.type} info={info} />;
}

export function tutorialSrc(slug: string): string {
  return `/videos/${slug}.webm`;
}

function AiTypeForm({ info }: { info: AiTypeInfo }) {
  const { t } = useStrings('ai');
  const user = useCurrentUser();
  const screenLanguage = useLanguage();
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const creditQuery = useCredit();
  // The profile prefill and defaults, then whatever the user typed here before in this tab.
  const [typed, setValues] = useState<FormValues>(() => ({ ...initialValues(info, user), ...loadDraft(info.type) }));
  // Until the owner picks one, the output language is the owner's of now: the account's, which may arrive after the
  // page drew (opened by its address or reloaded), else the screen's; never one a draft kept without being picked.
  const ownerLanguage = writerLanguage(user?.language ?? screenLanguage);
  const values = useMemo(() => (typed[LANGUAGE_PICKED] ? typed : { ...typed, language: ownerLanguage }), [typed, ownerLanguage]);
  useEffect(() => saveDraft(info.type, values), [info.type, values]);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [tutorial, setTutorial] = useState(false);
  const gen = useGeneration(info);
  const loading = gen.state.status === 'loading';
  const ready = canGenerate(info.type, values);
  const [loadingSample, setLoadingSample] = useState(false);

  // The canned samples are loaded on demand: they are text the page does not need until asked.
  const seeSample = async () => {
    setLoadingSample(true);
    try {
      const { sampleFor } = await import('../samples');
      gen.showSample(sampleFor(info, values.language));
    } catch (e) {
      gen.fail(e);
    } finally {
      setLoadingSample(false);
    }
  };

  const paramCredit = params.get('credit');
  const credit = gen.credit ?? creditQuery.data ?? (paramCredit !== null && /^\d+$/.test(paramCredit) ? Number(paramCredit) : null);

  return (
    <>
      <PageHeader
        title={t(`pageTitles.${info.type}`)}
        back={PAGES.aiTab}
        right={
          <Badge size="lg" variant="light" style={{ flexShrink: 0 }} aria-label={`${t('credit')}: ${credit ?? t('creditUnknown')}`} data-testid="credit">
            {credit === null ? `${t('credit')}: ${t('creditUnknown')}` : t('costCredits', { count: credit })}
          </Badge>
        }
      />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ready && !loading) void gen.generate(toPayload(info, values));
          else setTouched(Object.fromEntries(info.fields.map((f) => [f.name, true])));
        }}
        noValidate
      >
        <Stack gap="md" maw={640}>
          <AiForm
            info={info}
            values={values}
            touched={touched}
            serverErrors={gen.state.status === 'error' ? gen.state.fields : undefined}
            disabled={loading}
            onChange={(name, value) => {
              setValues((v) => ({ ...v, [name]: value }));
              if (gen.state.status === 'error' && gen.state.fields?.[name]) gen.clearState();
            }}
            onTouch={(name) => setTouched((v) => (v[name] ? v : { ...v, [name]: true }))}
          />
          {gen.state.status === 'error' && (
            <Alert
              color={gen.state.offline ? 'yellow' : 'red'}
              title={gen.state.offline ? t('offlineTitle') : t('generationFailedTitle')}
              withCloseButton
              onClose={gen.clearState}
              role="alert"
            >
              {gen.state.offline ? t('offlineGenerate') : t('generationFailed', { message: gen.state.message })}
            </Alert>
          )}
          {gen.state.status === 'login' && (
            <Alert color="yellow" role="alert">
              {t('loginToGenerate')}{' '}
              <Anchor component={Link} to={loginPathFor(`${pathname}${search}`)}>
                {t('login')}
              </Anchor>
            </Alert>
          )}
          {loading && (
            <Group gap="xs" role="status" aria-live="polite">
              <Loader size="sm" />
              <Text size="sm">{t('generating')}</Text>
            </Group>
          )}
          <Button type="submit" size="md" disabled={!ready || loading} loading={loading} fullWidth>
            {t('generate')} · {t('costCredits', { count: info.cost })}
          </Button>
          {!ready && (
            <Text size="xs" c="dimmed" ta="center">
              {t('generateHint')}
            </Text>
          )}
          {/* Side by side while both labels fit, one under the other when a language's words are longer. */}
          <Group gap="sm">
            <Button variant="light" style={{ flex: '1 1 auto' }} onClick={() => setTutorial(true)}>
              {t('watchTutorial')}
            </Button>
            <Button variant="default" style={{ flex: '1 1 auto' }} loading={loadingSample} onClick={() => void seeSample()}>
              {t('seeSample')}
            </Button>
          </Group>
        </Stack>
      </form>
      {tutorial && <FullscreenVideo src={tutorialSrc(info.slug)} title={t('watchTutorial')} onClose={() => setTutorial(false)} />}
      <ResultModal shown={gen.shown} onClose={gen.closeResult} />
      <LowCreditAlert opened={gen.state.status === 'low-credit'} onClose={gen.clearState} />
    </>
  );
}
