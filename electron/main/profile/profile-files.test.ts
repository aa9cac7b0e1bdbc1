import { describe, expect, it } from 'vitest';
import { TEAM_PROFILE } from '../../../shared/limits';
import { err, ok } from '../../../shared/result';
import { readTeamProfile } from '../../../shared/team-profile';
import type { TextFiles } from '../files/text-files';
import { PROFILE_TEXTS } from '../texts/profile-texts';
import { profileFilesOn } from './profile-files';

function files(opened: Awaited<ReturnType<TextFiles['open']>>) {
  const asked: unknown[] = [];
  const port: TextFiles = {
    save: async (file) => {
      asked.push(file);
      return ok(true);
    },
    open: async (file, maxBytes) => {
      asked.push({ ...file, maxBytes });
      return opened;
    },
  };
  return { port, asked };
}

describe('TP2 the team profile in the system dialogs', () => {
  it('a chosen file over a profile’s size is refused unread, in the sentence a dropped one gets', async () => {
    const { port, asked } = files(err('TOO_LARGE', 'That file is larger than 262144 bytes.', { reason: 'file_too_large' }));
    const opened = await profileFilesOn(port, () => PROFILE_TEXTS.en).open();
    expect(opened).toEqual(readTeamProfile('x'.repeat(TEAM_PROFILE.fileMaxBytes + 1)));
    expect(asked).toEqual([{ extension: 'json', kindName: 'Staff Desk team profile', title: 'Import a team profile', maxBytes: TEAM_PROFILE.fileMaxBytes }]);
  });

  it('saves under the suggested name, titled in the language of the moment', async () => {
    const { port, asked } = files(ok(null));
    let lang: 'en' | 'es' = 'en';
    const profiles = profileFilesOn(port, () => PROFILE_TEXTS[lang]);
    lang = 'es';
    await profiles.save('Crearack', '{}');
    expect(asked).toEqual([{ extension: 'json', kindName: PROFILE_TEXTS.es.fileKind, title: PROFILE_TEXTS.es.exportTitle, fileName: 'Crearack' }]);
  });
});
