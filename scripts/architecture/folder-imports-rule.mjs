// The lint rule behind the per-folder allow-lists of eslint.config.js (as VS Code's code-import-patterns): a file
// in one top-level folder of an area may import only the folders its own folder's list names. A folder with no
// list is refused too, so a new folder is placed in the layering on purpose, not by its first import.
import { relative } from 'node:path';
import { nodeOf, resolveImport, toPosix } from './folder-graph.mjs';

export const folderImportsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'A folder imports only the folders its allow-list names (eslint.config.js).' },
    schema: [
      {
        type: 'object',
        properties: { area: { type: 'string' }, folders: { type: 'object' } },
        required: ['area', 'folders'],
        additionalProperties: false,
      },
    ],
    messages: {
      notAllowed: '{{from}} may not import {{to}} ({{area}}): its allow-list in eslint.config.js names {{allowed}}.',
      unlisted: '{{from}} has no allow-list in eslint.config.js: place it in the layering of {{area}} first.',
    },
  },
  create(context) {
    const [{ area, folders }] = context.options;
    const root = context.cwd;
    const file = toPosix(relative(root, context.filename));
    const from = nodeOf(area, file);
    if (!from) return {};
    const allowed = folders[from];

    function check(node, source) {
      if (!source || typeof source.value !== 'string') return;
      const target = resolveImport(root, file, source.value);
      const to = target && nodeOf(area, target);
      if (!to || to === from) return;
      if (!allowed) return context.report({ node, messageId: 'unlisted', data: { from, area } });
      if (allowed.includes(to)) return;
      context.report({ node, messageId: 'notAllowed', data: { from, to, area, allowed: allowed.join(', ') || 'nothing' } });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};
