import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfilePreview } from '../../../shared/team-profile';
import { useApi } from '../api';
import { useAuth } from '../auth/auth-context';
import { SignInButton } from '../auth/sign-in-button';
import { errorNotice, NoticeRegion, type Notice } from '../ui/notice';
import { useErrorText } from '../ui/use-error-text';
import { useFocusAfterRender } from '../ui/use-focus-after-render';
import { ProfileChangeItem } from './profile-change-item';
import { ProfileModal } from './profile-modal';
import { refusalText, type ProfileRefusal } from './profile-refusal';
import './team.css';

/** What the dialog shows: a profile's preview, or why a file was not read as one. */
export type ProfileOffer =
  | { readonly kind: 'preview'; readonly preview: ProfilePreview }
  | { readonly kind: 'refused'; readonly refusal: ProfileRefusal };

interface ProfileDialogProps {
  readonly offer: ProfileOffer;
  /** The dialog is done with: the page takes the focus back. */
  readonly onClose: () => void;
}

export function ProfileDialog({ offer, onClose }: ProfileDialogProps) {
  return offer.kind === 'preview' ? (
    <PreviewDialog preview={offer.preview} onClose={onClose} />
  ) : (
    <RefusedDialog refusal={offer.refusal} onClose={onClose} />
  );
}

/** A file that is not a profile this app reads: why, in one sentence, and that nothing changed. */
function RefusedDialog({ refusal, onClose }: { refusal: ProfileRefusal; onClose: () => void }) {
  const { t } = useTranslation();
  const describe = useErrorText();
  const close = useRef<HTMLButtonElement>(null);
  return (
    <ProfileModal title={t('team.dialog.refused')} initialFocus={close} onEscape={onClose}>
      <p role="alert">{refusalText(refusal, t, describe)}</p>
      <p className="muted">{t('team.dialog.nothingChanged')}</p>
      <div className="actions">
        <button ref={close} type="button" className="button-primary" onClick={onClose}>
          {t('team.dialog.close')}
        </button>
      </div>
    </ProfileModal>
  );
}

type Stage = { readonly kind: 'review'; readonly applying: boolean } | { readonly kind: 'applied'; readonly count: number };

/**
 * TP2: what a team profile would change, item by item, before anything changes. Apply makes the changes (those the
 * machine's policy holds stay as they are) and says how many; Cancel or Escape leaves everything as it was. Signed
 * out, a profile that would change what is already set here waits for sign-in.
 */
function PreviewDialog({ preview, onClose }: { preview: ProfilePreview; onClose: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const auth = useAuth();
  const [stage, setStage] = useState<Stage>({ kind: 'review', applying: false });
  const [notice, setNotice] = useState<Notice | null>(null);
  const targets = { apply: useRef<HTMLButtonElement>(null), cancel: useRef<HTMLButtonElement>(null), close: useRef<HTMLButtonElement>(null) };
  const focusAfterRender = useFocusAfterRender(targets);
  const blocked = preview.needsSignIn && auth.status?.state !== 'signed_in';
  const applicable = preview.changes.some((change) => !change.lockedByPolicy);
  const applying = stage.kind === 'review' && stage.applying;

  function cancel() {
    // Main forgets the preview, and a profile given at start is not offered again.
    void api.profile.dismiss({ id: preview.id });
    onClose();
  }

  function escape() {
    if (stage.kind === 'applied') onClose();
    // Main is making the changes: what became of them is said first.
    else if (!stage.applying) cancel();
  }

  async function apply() {
    setStage({ kind: 'review', applying: true });
    setNotice(null);
    const result = await api.profile.apply({ id: preview.id });
    if (!result.ok) {
      setStage({ kind: 'review', applying: false });
      setNotice(errorNotice(result.error));
      focusAfterRender('cancel');
      return;
    }
    setStage({ kind: 'applied', count: result.value.applied });
    focusAfterRender('close');
    // The profile may have set sign-in up: the session is asked for again.
    void auth.reload();
  }

  const title = preview.name ? t('team.dialog.heading', { name: preview.name }) : t('team.dialog.headingUnnamed');
  return (
    <ProfileModal title={title} initialFocus={blocked || !applicable ? targets.cancel : targets.apply} onEscape={escape}>
      {stage.kind === 'applied' ? (
        <>
          <p role="status" className="profile-applied">
            {t('team.dialog.applied', { count: stage.count })}
          </p>
          <div className="actions">
            <button ref={targets.close} type="button" className="button-primary" onClick={onClose}>
              {t('team.dialog.close')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="muted">{t('team.dialog.intro')}</p>
          <ChangeList preview={preview} />
          {blocked && (
            <div className="profile-sign-in">
              <p>{t('team.dialog.needsSignIn')}</p>
              {(auth.status?.state === 'signed_out' || auth.status?.state === 'expired') && <SignInButton />}
            </div>
          )}
          <div className="actions">
            <button
              ref={targets.apply}
              type="button"
              className="button-primary"
              disabled={blocked || applying || !applicable}
              onClick={() => void apply()}
            >
              {t(applying ? 'team.dialog.applying' : 'team.dialog.apply')}
            </button>
            <button ref={targets.cancel} type="button" disabled={applying} onClick={cancel}>
              {t('common.cancel')}
            </button>
          </div>
          <NoticeRegion notice={notice} />
        </>
      )}
    </ProfileModal>
  );
}

function ChangeList({ preview }: { preview: ProfilePreview }) {
  const { t } = useTranslation();
  return (
    <>
      {preview.changes.length > 0 ? (
        <ul className="stack-list profile-changes" aria-label={t('team.dialog.changes')}>
          {preview.changes.map((change) => (
            <ProfileChangeItem key={change.field} change={change} />
          ))}
        </ul>
      ) : (
        <p>{t('team.dialog.nothingToChange')}</p>
      )}
      {preview.unchanged > 0 && <p className="muted">{t('team.dialog.unchanged', { count: preview.unchanged })}</p>}
    </>
  );
}
