// The web entry, `@herald/client/web`: importing it defines <herald-announcements>.
import { defineHeraldAnnouncements } from "./element.js";

export { defineHeraldAnnouncements, englishLabels, HeraldAnnouncementsElement, labelsFor } from "./element.js";
export type { HeraldEventDetail, HeraldLabels } from "./element.js";
export { localStorageStorage } from "./browser.js";
export type { WebStorage } from "./browser.js";
export * from "./index.js";

defineHeraldAnnouncements();
