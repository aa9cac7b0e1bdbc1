/** The product's name as the member sees it: window titles, the tray, the keychain entry its secrets are filed under. */
export const APP_TITLE = 'Staff Desk';
