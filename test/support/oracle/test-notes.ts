import type { Notes } from './oracle-kit';

/** Test-only: a small team base: IT notes that link each other, and an expenses guide with many sections. */
export const TEAM_NOTES: Notes = {
  'it/vpn.md': [
    '---',
    'title: VPN access',
    'tags: [it]',
    '---',
    '# VPN access',
    '',
    '## Request access',
    '',
    'To request VPN access, open a ticket with the IT desk and name your manager. The VPN account is ready within one working day. Printing from home goes through the [[Network-Printer]].',
    '',
    '## Install the VPN client',
    '',
    'Install the WireGuard VPN client from the company portal, then import the VPN profile that IT sends you.',
    '',
    '## VPN troubleshooting',
    '',
    'If the VPN does not connect, check that the VPN profile is active and that the clock of your laptop is right.',
    '',
  ].join('\n'),
  'it/network-printer.md': [
    '# Network printer',
    '',
    '## Add the printer',
    '',
    'The office printer answers at 10.0.0.7; add it as an IPP printer from the system settings.',
    '',
    '## Toner',
    '',
    'Spare toner cartridges are in the cupboard next to the kitchen.',
    '',
    '## Printing from home',
    '',
    'From home, printing works once the request for access has been approved: jobs wait in the queue until you are in.',
    '',
  ].join('\n'),
  'finance/expenses.md': [
    '# Expense reports',
    '',
    ...[
      'Who submits an expense report: every member who paid for something for the team.',
      'When to submit the expense report: before the fifth day of the next month.',
      'How to submit the expense report: fill in the expense report form in the finance portal.',
      'Receipts for the expense report: attach a photo of every receipt to the expense report.',
      'Approval of the expense report: your manager approves the expense report within a week.',
      'Payment of the expense report: the amount of an approved expense report is paid with the salary.',
      'Travel in the expense report: train and plane tickets go in the expense report with the booking.',
      'Meals in the expense report: team meals go in the expense report with the names of the guests.',
      'Currency in the expense report: amounts in another currency are converted on the day of payment.',
      'Mistakes in an expense report: ask finance to reopen a submitted expense report to correct it.',
    ].flatMap((text, index) => [`## Part ${index + 1}`, '', text, '']),
  ].join('\n'),
};

export const VPN_QUESTION = 'How do I request VPN access?';
export const EXPENSES_QUESTION = 'How do I submit an expense report?';
export const UNRELATED_QUESTION = 'Where can I buy saffron for a paella?';

/**
 * Test-only: a VPN guide whose nine sections all match VPN_QUESTION and link three notes (in every section): the
 * printer note by file name (in another case), whose "Printing from home" shares the question's words, so the
 * guide lends it a place among the 8 retrieved; the Wi-Fi note by its front-matter title and the badge note, which
 * share none, so they can only join through the links; and the guide itself, already in the context.
 */
export const LINKED_NOTES: Notes = {
  'it/vpn-guide.md': [
    '# VPN guide',
    '',
    ...Array.from({ length: 9 }, (_, index) => [
      `## VPN access step ${index + 1}`,
      '',
      `To request VPN access, step ${index + 1} of the VPN access request. Print from home with the [[Network-Printer]]; at the office use the [[Office Wi-Fi]] and your [[badge]], and see [[VPN guide]].`,
      '',
    ]).flat(),
  ].join('\n'),
  'it/network-printer.md': [
    '# Network printer',
    '',
    '## Add the printer',
    '',
    'The office printer answers at 10.0.0.7; add it as an IPP printer from the system settings.',
    '',
    '## Printing from home',
    '',
    'From home, printing works once your request for remote access is approved.',
    '',
    '## Toner',
    '',
    'Spare toner cartridges are in the cupboard next to the kitchen.',
    '',
  ].join('\n'),
  'it/wifi.md': ['---', 'title: Office Wi-Fi', '---', '', 'The office network is called crearack-staff.', ''].join('\n'),
  'it/badge.md': ['# Badge', '', 'Reception hands out door badges on your first day.', ''].join('\n'),
};
