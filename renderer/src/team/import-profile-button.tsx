import { useState } from 'react';
import { useTeamProfiles } from './team-profile-context';

/** Opens the system's dialog to pick a team profile; what it would change is shown before anything changes. */
export function ImportProfileButton({ label, primary = false }: { label: string; primary?: boolean }) {
  const profiles = useTeamProfiles();
  const [choosing, setChoosing] = useState(false);

  async function choose() {
    setChoosing(true);
    await profiles.choose();
    setChoosing(false);
  }

  return (
    <button type="button" className={primary ? 'button-primary' : undefined} disabled={choosing} aria-busy={choosing} onClick={() => void choose()}>
      {label}
    </button>
  );
}
