import { createContext, use, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AppError, Result } from '../../../shared/result';
import type { ProfilePreview } from '../../../shared/team-profile';
import { useApi } from '../api';
import { ProfileDialog, type ProfileOffer } from './profile-dialog';
import { readProfileFile } from './read-profile-file';

export interface TeamProfiles {
  /** Shows a profile's preview (main offered it, or it was read): a newer one takes the place of the one shown. */
  show(preview: ProfilePreview): void;
  /** Says why a profile main was given (`--profile FILE`) was refused; nothing of it was used. */
  refuse(error: AppError): void;
  /** The system's open dialog; the profile picked is previewed, a refused file said, a cancelled dialog nothing. */
  choose(): Promise<void>;
  /** A file dropped on the window, sent to main as text when it can be a profile. */
  previewFile(file: File): Promise<void>;
}

const TeamProfileContext = createContext<TeamProfiles | null>(null);

export function useTeamProfiles(): TeamProfiles {
  const profiles = use(TeamProfileContext);
  if (!profiles) throw new Error('useTeamProfiles() needs a <TeamProfileProvider> above it.');
  return profiles;
}

/**
 * The team profile's preview, wherever it was asked for (Settings, the sign-in gate, a file dropped, one given at
 * start): one modal dialog over the whole window, which says what the profile would change, or why the file was
 * refused. The focus goes back where it was when the dialog closes.
 */
export function TeamProfileProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const [offer, setOffer] = useState<ProfileOffer | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  const open = useCallback((next: ProfileOffer) => {
    if (!returnFocus.current && document.activeElement instanceof HTMLElement) returnFocus.current = document.activeElement;
    setOffer(next);
  }, []);

  const close = useCallback(() => {
    setOffer(null);
    const element = returnFocus.current;
    returnFocus.current = null;
    if (element?.isConnected) element.focus();
  }, []);

  const profiles = useMemo<TeamProfiles>(() => {
    function offerRead(result: Result<ProfilePreview | null>) {
      if (!result.ok) open({ kind: 'refused', refusal: { error: result.error } });
      else if (result.value) open({ kind: 'preview', preview: result.value });
    }
    return {
      show: (preview) => open({ kind: 'preview', preview }),
      refuse: (error) => open({ kind: 'refused', refusal: { error } }),
      async choose() {
        const result = await api.profile.choose();
        offerRead(result.ok ? { ok: true, value: result.value.preview } : result);
      },
      async previewFile(file) {
        const read = await readProfileFile(file);
        if ('refused' in read) return open({ kind: 'refused', refusal: read.refused });
        offerRead(await api.profile.preview({ text: read.text }));
      },
    };
  }, [api, open]);

  return (
    <TeamProfileContext value={profiles}>
      {children}
      {offer && <ProfileDialog key={offer.kind === 'preview' ? offer.preview.id : 'refused'} offer={offer} onClose={close} />}
    </TeamProfileContext>
  );
}
