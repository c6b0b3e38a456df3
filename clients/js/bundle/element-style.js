/**
 * The component's style sheet. Every colour is a custom property a page may set on the element
 * (`herald-announcements { --herald-accent: #7a3cff; }`); the defaults meet WCAG AA (4.5:1) in
 * both colour schemes. The text on the accent and on the badge (`--herald-on-accent`,
 * `--herald-on-badge`) is white or black, whichever contrasts more with the colour in use (the element
 * works it out as it draws, into `--herald-derived-on-*`), so a page that sets only `--herald-accent`
 * keeps readable buttons in both schemes; a page that sets `--herald-on-accent` itself keeps its own.
 */
const css = `
:host {
  --herald-font: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  --herald-text: #1b1e23;
  --herald-muted: #545c69;
  --herald-surface: #ffffff;
  --herald-border: #c9ced6;
  --herald-accent: #0a58b0;
  --herald-critical: #a3190f;
  --herald-important: #6a2fb0;
  --herald-info: #1d4d99;
  --herald-badge: #a3190f;
  --herald-backdrop: rgba(16, 18, 22, 0.6);
  --herald-radius: 12px;
  display: inline-block;
  position: relative;
  font-family: var(--herald-font);
  color: var(--herald-text);
}
@media (prefers-color-scheme: dark) {
  :host {
    --herald-text: #e9ebef;
    --herald-muted: #a9b0bc;
    --herald-surface: #1b1e23;
    --herald-border: #3a404a;
    --herald-accent: #8ab8ff;
    --herald-critical: #ffb7ae;
    --herald-important: #d3b6ff;
    --herald-info: #a8c8ff;
    --herald-badge: #ffb7ae;
    --herald-backdrop: rgba(0, 0, 0, 0.7);
  }
}
* { box-sizing: border-box; }
.button, .bell { font: inherit; cursor: pointer; }
.button {
  border-radius: 8px; padding: 0.55rem 1rem; font-size: 1rem; line-height: 1.3;
  border: 2px solid var(--herald-accent);
}
.button.primary {
  background: var(--herald-accent); color: var(--herald-on-accent, var(--herald-derived-on-accent, #ffffff));
}
.button.secondary { background: var(--herald-surface); color: var(--herald-accent); }
.button:focus-visible, .bell:focus-visible {
  outline: 3px solid var(--herald-accent); outline-offset: 2px;
}
.bell {
  position: relative; display: inline-flex; align-items: center; justify-content: center;
  width: 2.75rem; height: 2.75rem; border-radius: 50%; border: 1px solid var(--herald-border);
  background: var(--herald-surface); color: var(--herald-text);
}
.bell svg { width: 1.5rem; height: 1.5rem; fill: currentColor; }
.badge {
  position: absolute; top: -0.25rem; right: -0.25rem; min-width: 1.35rem; height: 1.35rem;
  padding: 0 0.3rem; border-radius: 0.7rem; font-size: 0.8rem; font-weight: 700; line-height: 1.35rem;
  text-align: center; background: var(--herald-badge);
  color: var(--herald-on-badge, var(--herald-derived-on-badge, #ffffff));
}
.archive {
  position: fixed; top: 4rem; right: 1rem; z-index: 2147483000;
  width: min(26rem, calc(100vw - 2rem)); max-height: calc(100vh - 6rem); overflow: auto;
  background: var(--herald-surface); color: var(--herald-text);
  border: 1px solid var(--herald-border); border-radius: var(--herald-radius);
  box-shadow: 0 12px 32px rgba(0, 0, 0, 0.25); padding: 1rem 1.25rem;
}
.archive-header { display: flex; align-items: center; justify-content: space-between; gap: 1rem; }
.archive-title { font-size: 1.2rem; margin: 0; }
.entries { list-style: none; margin: 0.75rem 0 0; padding: 0; }
.entry { border-top: 1px solid var(--herald-border); padding: 0.75rem 0; }
.entry-title { font-size: 1.05rem; margin: 0.2rem 0 0.4rem; }
.kind { margin: 0; font-size: 0.85rem; color: var(--herald-muted); text-transform: none; }
.severity-critical > .kind, .severity-critical .box > .kind { color: var(--herald-critical); }
.severity-important > .kind, .severity-important .box > .kind { color: var(--herald-important); }
.severity-info > .kind, .severity-info .box > .kind { color: var(--herald-info); }
.new {
  display: inline-block; margin-left: 0.25rem; padding: 0 0.4rem; border-radius: 0.5rem;
  background: var(--herald-badge); color: var(--herald-on-badge, var(--herald-derived-on-badge, #ffffff));
  font-weight: 700; font-size: 0.75rem;
}
.paragraph { margin: 0.4rem 0; line-height: 1.5; }
.bullets { margin: 0.4rem 0; padding-left: 1.25rem; line-height: 1.5; }
.empty { color: var(--herald-muted); }
dialog.modal {
  border: 0; padding: 0; color: var(--herald-text); background: var(--herald-surface);
  font-family: var(--herald-font);
}
dialog.modal::backdrop { background: var(--herald-backdrop); }
dialog.wall, dialog.takeover {
  width: 100vw; height: 100vh; max-width: none; max-height: none; margin: 0;
}
dialog.dialog {
  width: min(32rem, calc(100vw - 2rem)); max-height: calc(100vh - 2rem);
  border-radius: var(--herald-radius); box-shadow: 0 16px 48px rgba(0, 0, 0, 0.35);
}
.box { max-width: 36rem; margin: 0 auto; padding: 1.5rem; }
dialog.wall .box, dialog.takeover .box { padding-top: 18vh; }
.title { font-size: 1.6rem; line-height: 1.25; margin: 0.35rem 0 0.75rem; }
dialog.dialog .title { font-size: 1.35rem; }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1.25rem; }
.strip {
  position: fixed; left: 0; right: 0; bottom: 0; z-index: 2147482000;
  display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 0.75rem;
  padding: 0.75rem 1rem; background: var(--herald-surface); color: var(--herald-text);
  border-top: 3px solid var(--herald-accent); box-shadow: 0 -4px 16px rgba(0, 0, 0, 0.15);
}
.strip .actions { margin-top: 0; }
.strip-text { flex: 1 1 16rem; line-height: 1.45; }
.strip .title { font-size: 1rem; margin: 0; }
.strip .summary {
  display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; line-clamp: 2; overflow: hidden;
}
@media (max-width: 30rem) {
  .strip { padding: 0.5rem 0.75rem; gap: 0.5rem; }
  .strip .summary { display: none; }
  .strip .button { padding: 0.35rem 0.75rem; }
}
.probe { color: var(--herald-accent); background-color: var(--herald-badge); }
@media (prefers-reduced-motion: no-preference) {
  .archive, dialog.dialog { animation: herald-in 120ms ease-out; }
  @keyframes herald-in { from { opacity: 0; transform: translateY(-4px); } to { opacity: 1; transform: none; } }
}
`;
/**
 * White or black, whichever contrasts more with a colour as `getComputedStyle` gives it (`rgb(…)`,
 * `rgba(…)` or `color(srgb …)`); null for a colour it cannot read.
 */
export function textOn(color) {
    const numbers = color.match(/-?[0-9.]+(?:e-?[0-9]+)?/g)?.map(Number) ?? [];
    if (numbers.length < 3 || !/^(rgba?|color\(srgb)/.test(color))
        return null;
    const channels = (color.startsWith("color(") ? numbers.slice(0, 3) : numbers.slice(0, 3).map((n) => n / 255)).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    const luminance = 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2];
    // Where white and black contrast alike: (1 + 0.05) / (y + 0.05) = (y + 0.05) / 0.05.
    return luminance > 0.179 ? "#000000" : "#ffffff";
}
let sheet = null;
/**
 * Gives a shadow root the component's style sheet: a constructed sheet (`adoptedStyleSheets`), which a
 * page's Content-Security-Policy `style-src` does not block, shared by every element of the document;
 * where a browser cannot adopt sheets, a `<style>` element to put in the root, which is returned.
 */
export function adoptStyle(root) {
    if ("adoptedStyleSheets" in root && typeof CSSStyleSheet === "function" && "replaceSync" in CSSStyleSheet.prototype) {
        if (sheet === null) {
            sheet = new CSSStyleSheet();
            sheet.replaceSync(css);
        }
        if (!root.adoptedStyleSheets.includes(sheet))
            root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
        return [];
    }
    const style = document.createElement("style");
    style.textContent = css;
    return [style];
}
