import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Test-only: writes `count` varied notes (front matter, nested headings, a long section, links) under `root`. */
export function generateVault(root: string, count: number): void {
  for (let index = 0; index < count; index += 1) {
    const file = join(root, `area-${index % 7}`, `note-${String(index).padStart(4, '0')}.md`);
    mkdirSync(dirname(file), { recursive: true });
    const long = Array.from({ length: 40 + (index % 30) }, (_, word) => `término${word} de la nota ${index}`).join(' ');
    writeFileSync(
      file,
      `---\ntitle: Nota ${index}\ntags: [area${index % 7}]\n---\n# Nota ${index}\n\nResumen ${index}, ver [[note-${String((index + 1) % count).padStart(4, '0')}]].\n\n## Detalle\n\n${long}\n\n### Pasos\n\n1. Abrir\n2. Cerrar #paso\n`,
    );
  }
}
