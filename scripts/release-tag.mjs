// `node scripts/release-tag.mjs TAG`: a release's tag must be `v` and package.json's version, or its installers and
// update feed would carry another version than the release that publishes them (RD2, docs/release.md).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const tag = process.argv[2] ?? '';
if (tag !== `v${version}`) {
  console.error(`release: the tag "${tag}" does not name package.json's version ${version}: tag v${version}, or change the version first.`);
  process.exit(1);
}
console.log(`release: ${tag} names package.json's version.`);
