import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../shared/result';
import type { UpdateMode } from '../../../shared/updates';
import { useApi } from '../api';
import { usePolicy } from '../settings-provider';
import { CopyDiagnostics } from '../ui/copy-diagnostics';
import { errorNotice, NoticeRegion } from '../ui/notice';

interface AppInfo {
  version: string;
  dataPath: string;
  updates: UpdateMode;
}

type AboutState = { kind: 'loading' } | { kind: 'failed'; error: AppError } | { kind: 'ready'; info: AppInfo };

export function AboutSection() {
  const api = useApi();
  const { t } = useTranslation();
  const headingId = useId();
  const policy = usePolicy();
  const [state, setState] = useState<AboutState>({ kind: 'loading' });

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    const result = await api.app.info();
    setState(result.ok ? { kind: 'ready', info: result.value } : { kind: 'failed', error: result.error });
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="settings-section" aria-labelledby={headingId} aria-busy={state.kind === 'loading'}>
      <h2 id={headingId}>{t('settings.about.heading')}</h2>
      {state.kind === 'loading' && <p className="muted">{t('common.loading')}</p>}
      {state.kind === 'ready' && (
        <dl className="facts">
          <dt>{t('settings.about.version')}</dt>
          {/* Numbers and paths read left to right in every UI language, and sit at the start of the line all the same. */}
          <dd>
            <span dir="ltr">{state.info.version}</span>
          </dd>
          <dt>{t('settings.about.dataPath')}</dt>
          <dd>
            <span dir="ltr" className="path">
              {state.info.dataPath}
            </span>
          </dd>
          <dt>{t('settings.about.updates')}</dt>
          <dd>{policy?.features.updates === false ? t('managed.updatesOff') : t(`settings.about.updateModes.${state.info.updates}`)}</dd>
          {/* A policy that applies: said with where it was read, which IT recognises. */}
          {policy && policy.source !== null && policy.problem === null && (
            <>
              <dt>{t('managed.organization')}</dt>
              <dd>{t('managed.managedBy')}</dd>
              <dt>{t('managed.source')}</dt>
              <dd>
                <span dir="ltr" className="path">
                  {policy.source}
                </span>
              </dd>
            </>
          )}
        </dl>
      )}
      {/* Found but not read: the app runs as if there were none, and the member (or IT) must know why. */}
      {policy && policy.problem !== null && (
        <div className="notice notice-error" role="alert">
          <p>{t('managed.problem', { problem: policy.problem })}</p>
        </div>
      )}
      <NoticeRegion notice={state.kind === 'failed' ? errorNotice(state.error) : null} diagnostics={false} />
      {state.kind === 'failed' && (
        <button type="button" onClick={() => void load()}>
          {t('common.retry')}
        </button>
      )}
      <p className="muted">
        {t('diagnostics.help')}
      </p>
      <CopyDiagnostics />
    </section>
  );
}
