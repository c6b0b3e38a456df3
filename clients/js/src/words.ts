// Made from herald's themes/default/i18n/*.yaml by RECORD_GOLDEN=1 swift test --filter ComponentWords;
// do not edit: ComponentWordsTests fails when it is stale.

/** The default theme's words that `<herald-announcements>` writes itself, by locale. */
export const themeWords: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "de": {
    archiveTitle: "Neuigkeiten",
    bell: "Neuigkeiten",
    close: "Schließen",
    dismiss: "Ausblenden",
    kindNotice: "Hinweis",
    kindUpdateAvailable: "Aktualisierung verfügbar",
    kindWhatsNew: "Neuigkeiten",
    newBadge: "Neu",
    nothingYet: "Bisher wurde nichts angekündigt.",
    unread: "{count} ungelesen",
    updateRequired: "Aktualisierung erforderlich",
  },
  "en": {
    archiveTitle: "What's new",
    bell: "What's new",
    close: "Close",
    dismiss: "Dismiss",
    kindNotice: "Notice",
    kindUpdateAvailable: "Update available",
    kindWhatsNew: "What's new",
    newBadge: "New",
    nothingYet: "Nothing has been announced yet.",
    unread: "{count} unread",
    updateRequired: "Update required",
  },
};
