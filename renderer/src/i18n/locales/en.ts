/** The reference catalogue: every key the UI uses exists here first. */
export const en = {
  app: {
    name: 'Staff Desk',
    skipToContent: 'Skip to content',
    sections: 'Sections',
  },
  common: {
    cancel: 'Cancel',
    retry: 'Try again',
    loading: 'Loading…',
  },
  panes: {
    secretary: {
      title: 'Secretary',
      summary: 'Ask about your Zoho mailbox in plain words: what arrived, who wrote, what needs an answer.',
      upcoming: 'The mailbox secretary arrives in an upcoming version. Meanwhile, set up your Gemini key in Settings.',
    },
    oracle: {
      title: 'Oracle',
      summary: "Get answers from the team's knowledge base, with links to the notes they come from.",
      upcoming: 'The oracle arrives in an upcoming version. Meanwhile, set up your Gemini key in Settings.',
    },
    assistant: {
      title: 'Assistant',
      summary: 'Chat with a Gemini assistant that shows you every step it takes.',
      upcoming: 'The assistant arrives in an upcoming version. Meanwhile, set up your Gemini key in Settings.',
    },
    voice: {
      title: 'Voice',
      summary: 'Ask out loud and hear the answer spoken back.',
      upcoming: 'Voice questions arrive in an upcoming version. Meanwhile, set up your Gemini key in Settings.',
    },
    translate: {
      title: 'Translate',
      summary: 'Translate text, recordings and meetings as they happen.',
      upcoming: 'Translation arrives in an upcoming version. Meanwhile, set up your Gemini key in Settings.',
    },
    settings: {
      title: 'Settings',
    },
  },
  upcoming: {
    openSettings: 'Open Settings',
  },
  settings: {
    apiKey: {
      heading: 'Gemini API key',
      intro: 'Staff Desk uses this key to talk to Google Gemini. It is kept in your system keychain and is never shown again.',
      label: 'API key',
      save: 'Save key',
      checking: 'Checking the keychain…',
      configured: 'Configured',
      notConfigured: 'Not configured',
      replace: 'Replace',
      remove: 'Remove',
      confirmRemove: 'Remove the Gemini key from this computer? Features that use Gemini stop working until you add a key again.',
      confirmRemoveAction: 'Remove key',
      empty: 'Type or paste your key before saving.',
      saved: 'The key is saved in your system keychain.',
      removed: 'The key was removed from this computer.',
    },
    language: {
      heading: 'Language',
      label: 'Interface language',
      system: 'System ({{name}})',
      help: 'System follows the language of your computer.',
    },
    about: {
      heading: 'About',
      version: 'Version',
      dataPath: 'Data folder',
    },
  },
};
