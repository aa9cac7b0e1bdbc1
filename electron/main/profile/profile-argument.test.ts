import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { profileArgument } from './profile-argument';

describe('--profile FILE on the command line', () => {
  it.each([
    // resolve: on Windows a rooted path takes the current drive's letter.
    [['staff-desk', '--profile', 'team.json'], resolve('/home/ana/Downloads/team.json')],
    [['staff-desk', '--profile=team.json'], resolve('/home/ana/Downloads/team.json')],
    [['staff-desk', '--no-sandbox', '--profile=/srv/desk/team.json', 'extra'], resolve('/srv/desk/team.json')],
    [['staff-desk'], null],
    [['staff-desk', '--profile'], null],
    [['staff-desk', '--profile', '--hidden'], null],
    [['staff-desk', '--profile='], null],
  ])('%j names %j', (argv, file) => {
    expect(profileArgument(argv, '/home/ana/Downloads')).toBe(file);
  });
});
