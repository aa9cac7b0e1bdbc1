import { FileDown } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTeamProfiles } from './team-profile-context';
import './team.css';

/** A drag that carries files from outside the page (text or a link dragged within the page carries none). */
function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

/**
 * TP2: a team profile dropped anywhere on the main window is previewed. While a file is dragged over the window
 * it says what dropping does; a drop is never left to the browser, which would open the file in place of the app.
 * Other drags (text into a field) go on as usual.
 */
export function ProfileDropZone() {
  const { t } = useTranslation();
  const { previewFile } = useTeamProfiles();
  const [over, setOver] = useState(false);

  useEffect(() => {
    // Entering a child leaves its parent: the overlay goes only when the drag has left every element it entered.
    let depth = 0;
    function enter(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth += 1;
      setOver(true);
    }
    function hover(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    }
    function leave(event: DragEvent) {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    }
    function drop(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setOver(false);
      const file = event.dataTransfer?.files[0];
      if (file) void previewFile(file);
    }
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', hover);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', hover);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [previewFile]);

  if (!over) return null;
  return (
    <div className="profile-drop" aria-hidden="true">
      <p className="profile-drop-text">
        <FileDown className="profile-drop-icon" />
        {t('team.drop.overlay')}
      </p>
    </div>
  );
}
