import { localStorageStorage } from "./browser.js";
import { HeraldClient } from "./client.js";
import { localeTruncations } from "./locale.js";
import { adoptStyle, textOn } from "./element-style.js";
import { themeWords } from "./words.js";
/**
 * The component's words in a locale: herald's default theme's (`themes/default/i18n`), word by word
 * along the locale's chain (`de-AT`, `de`), then English. A site's own `i18n/` words do not reach the
 * component: give `labels` to use them.
 */
export function labelsFor(locale) {
    const table = { ...themeWords["en"] };
    const chain = locale === null ? [] : localeTruncations(locale).reverse();
    for (const tag of chain)
        Object.assign(table, themeWords[tag] ?? {});
    const word = (key) => table[key] ?? "";
    return {
        bell: word("bell"),
        unread: (count) => word("unread").replace("{count}", String(count)),
        archiveTitle: word("archiveTitle"),
        empty: word("nothingYet"),
        close: word("close"),
        dismiss: word("dismiss"),
        newBadge: word("newBadge"),
        kinds: {
            WHATS_NEW: word("kindWhatsNew"),
            UPDATE_AVAILABLE: word("kindUpdateAvailable"),
            NOTICE: word("kindNotice"),
        },
        updateRequired: word("updateRequired"),
    };
}
/** The component's English words. */
export const englishLabels = labelsFor("en");
/**
 * `<herald-announcements>`: the whole what's-new UI of a web app in one tag, drawn from a Herald
 * channel with no framework and no runtime dependency. It shows the wall (full screen, focus held
 * inside, its action the only way out), the takeover, the dialog (a centred modal), the strip, and
 * a bell with the unread badge that opens the archive; it marks messages seen exactly as the
 * protocol says (a strip when dismissed, a dialog or takeover when closed, every message when the
 * archive opens; a wall never). Its text is the rows' own, set as text, never as HTML.
 *
 * Attributes: `channel` and `app-version` (required), `platform` (default `web`), `user-id`,
 * `account-created`, `storage-prefix`. Or set `client` to a `HeraldClient` of your own. Events
 * (bubbling, composed): `herald-shown`, `herald-dismissed`, `herald-action` (cancelable: cancel it
 * to route the action yourself). Themed with CSS custom properties (`--herald-accent`,
 * `--herald-surface`, `--herald-text`, …), light and dark.
 */
export class HeraldAnnouncementsElement extends HTMLElement {
    constructor() {
        super();
        this.given = null;
        this.own = null;
        this.givenClient = null;
        this.unsubscribe = null;
        this.current = null;
        /** What was drawn last, so an unchanged state does not redraw (or move focus). */
        this.drawn = "";
        this.archiveOpen = false;
        /** The archive as it was when opened: its "New" marks stay while it is open. */
        this.archiveAsOpened = [];
        this.returnFocus = null;
        this.archiveWasDrawn = false;
        /** The interruption drawn last (`shape id`), so `herald-shown` fires once per showing. */
        this.shown = "";
        this.started = false;
        this.schemeQuery = null;
        this.onSchemeChange = () => this.deriveTextColours();
        this.restartQueued = false;
        this.root = this.attachShadow({ mode: "open" });
        adoptStyle(this.root);
    }
    /**
     * The words the component writes itself: by default the theme's for the locale of the channel's
     * words the client read (`labelsFor`); set your own (`{ ...englishLabels, close: "…" }`) to replace them.
     */
    get labels() {
        return this.given ?? labelsFor(this.current?.locale ?? null);
    }
    set labels(labels) {
        this.given = labels;
        this.drawn = "";
        if (this.current !== null)
            this.draw(this.current);
    }
    /** The client the component draws; set it to draw your own (a custom transport, clock or storage). */
    get client() {
        return this.givenClient ?? this.own;
    }
    set client(client) {
        this.givenClient = client;
        if (this.isConnected)
            this.restart();
    }
    /** The state last drawn (null before the first). */
    get state() {
        return this.current;
    }
    connectedCallback() {
        this.started = true;
        // The accent of the other colour scheme wants the other text colour.
        this.schemeQuery = typeof matchMedia === "function" ? matchMedia("(prefers-color-scheme: dark)") : null;
        this.schemeQuery?.addEventListener("change", this.onSchemeChange);
        this.restart();
    }
    disconnectedCallback() {
        this.schemeQuery?.removeEventListener("change", this.onSchemeChange);
        this.schemeQuery = null;
        this.started = false;
        this.unsubscribe?.();
        this.unsubscribe = null;
    }
    /** A change of attribute restarts the client, once for several changes made together. */
    attributeChangedCallback() {
        if (!this.started || this.givenClient !== null || this.restartQueued)
            return;
        this.restartQueued = true;
        queueMicrotask(() => {
            this.restartQueued = false;
            if (this.started)
                this.restart();
        });
    }
    restart() {
        this.unsubscribe?.();
        this.unsubscribe = null;
        this.own = null;
        const client = this.givenClient ?? this.makeClient();
        if (client === null)
            return;
        if (this.givenClient === null)
            this.own = client;
        this.unsubscribe = client.subscribe(() => this.draw(client.getState()));
        this.draw(client.getState());
    }
    makeClient() {
        const channel = this.getAttribute("channel");
        const appVersion = this.getAttribute("app-version");
        if (channel === null || appVersion === null)
            return null;
        try {
            return new HeraldClient({
                // A channel given relative to the page (`/whats-new/`) is read from the page's origin.
                channel: new URL(channel, document.baseURI).href,
                appVersion,
                platform: this.getAttribute("platform") ?? "web",
                userId: this.getAttribute("user-id"),
                accountCreatedAt: this.getAttribute("account-created"),
                storage: localStorageStorage({ prefix: this.getAttribute("storage-prefix") ?? "" }),
            });
        }
        catch (error) {
            // A programming error of the page (an account time that is not one): said once, nothing drawn.
            console.error("herald-announcements:", error);
            return null;
        }
    }
    draw(state) {
        this.current = state;
        const key = JSON.stringify([
            state.wall?.id ?? null,
            state.interruption?.id ?? null,
            state.interruption?.shape ?? null,
            state.badge,
            state.archive.map((entry) => [entry.message.id, entry.seen]),
            this.archiveOpen,
            state.locale,
        ]);
        if (key === this.drawn)
            return;
        // A redraw replaces what had the focus: it goes back where it was (into the archive, say).
        const focusArchive = !this.archiveWasDrawn || this.root.activeElement !== null;
        this.drawn = key;
        this.archiveWasDrawn = this.archiveOpen;
        const probe = element("span", "probe");
        probe.hidden = true;
        this.root.replaceChildren(...adoptStyle(this.root), probe, this.bell(state));
        this.deriveTextColours();
        if (this.archiveOpen)
            this.root.append(this.archive(state));
        if (state.wall !== null) {
            this.root.append(this.modal(state.wall, "wall"));
        }
        else if (state.interruption !== null) {
            const { shape } = state.interruption;
            const drawn = shape === "strip" ? this.strip(state.interruption) : this.modal(state.interruption, shape);
            this.root.append(drawn);
        }
        this.settleFocus(focusArchive);
        const message = state.wall ?? state.interruption;
        const shape = state.wall !== null ? "wall" : (state.interruption?.shape ?? "strip");
        const shown = message === null ? "" : `${shape} ${message.id}`;
        if (message !== null && shown !== this.shown)
            this.emit("herald-shown", { id: message.id, shape });
        this.shown = shown;
    }
    /**
     * Sets the text on the accent and on the badge to white or black, whichever reads better on the
     * colours in use now (the page may have set only `--herald-accent`), as `--herald-derived-on-*`.
     */
    deriveTextColours() {
        const probe = this.root.querySelector(".probe");
        if (probe === null)
            return;
        const style = getComputedStyle(probe);
        for (const [name, color] of [
            ["--herald-derived-on-accent", style.color],
            ["--herald-derived-on-badge", style.backgroundColor],
        ]) {
            const text = textOn(color);
            if (text !== null && this.style.getPropertyValue(name) !== text)
                this.style.setProperty(name, text);
        }
    }
    /** Moves focus into a modal that just opened (and back to where it was when it closes). */
    settleFocus(focusArchive) {
        const dialog = this.root.querySelector("dialog.modal");
        if (dialog !== null) {
            if (!dialog.open) {
                const active = document.activeElement;
                this.returnFocus = active instanceof HTMLElement ? active : null;
                dialog.showModal();
            }
            dialog.querySelector("[data-autofocus]")?.focus();
            return;
        }
        const archive = this.root.querySelector(".archive");
        if (archive !== null && focusArchive) {
            archive.querySelector("[data-autofocus]")?.focus();
            return;
        }
        if (this.returnFocus !== null && this.returnFocus.isConnected)
            this.returnFocus.focus();
        this.returnFocus = null;
    }
    bell(state) {
        const button = element("button", "bell");
        button.type = "button";
        button.setAttribute("part", "bell");
        button.setAttribute("aria-haspopup", "dialog");
        button.setAttribute("aria-expanded", String(this.archiveOpen));
        const unread = state.badge > 0 ? `, ${this.labels.unread(state.badge)}` : "";
        button.setAttribute("aria-label", this.labels.bell + unread);
        button.append(bellIcon());
        if (state.badge > 0) {
            const badge = element("span", "badge", state.badge > 99 ? "99+" : String(state.badge));
            badge.setAttribute("aria-hidden", "true");
            button.append(badge);
        }
        button.addEventListener("click", () => this.toggleArchive());
        return button;
    }
    toggleArchive() {
        this.archiveOpen = !this.archiveOpen;
        const client = this.client;
        if (this.archiveOpen && client !== null) {
            // Opening the archive marks every message in it seen (the protocol); the list says which were new.
            const state = client.getState();
            this.archiveAsOpened = state.archive;
            // Opening with nothing to show shows the current (empty) list.
            this.draw(state);
            this.emit("herald-shown", { id: "", shape: "archive" });
            void client.markArchiveOpened();
        }
        else {
            if (!this.archiveOpen)
                this.emit("herald-dismissed", { id: "", shape: "archive" });
            if (this.current !== null)
                this.draw(this.current);
            this.root.querySelector(".bell")?.focus();
        }
    }
    archive(state) {
        const panel = element("div", "archive");
        panel.setAttribute("part", "archive");
        panel.setAttribute("role", "dialog");
        panel.setAttribute("aria-label", this.labels.archiveTitle);
        const header = element("div", "archive-header");
        header.append(element("h2", "archive-title", this.labels.archiveTitle));
        const close = button(this.labels.close, "secondary");
        close.dataset.autofocus = "";
        close.addEventListener("click", () => this.toggleArchive());
        header.append(close);
        panel.append(header);
        panel.addEventListener("keydown", (event) => {
            if (event.key === "Escape")
                this.toggleArchive();
        });
        const entries = this.archiveAsOpened.length > 0 ? this.archiveAsOpened : state.archive;
        if (entries.length === 0) {
            panel.append(element("p", "empty", this.labels.empty));
            return panel;
        }
        const list = element("ol", "entries");
        for (const entry of entries) {
            const item = element("li", `entry severity-${entry.message.row.severity.toLowerCase()}`);
            const kind = element("p", "kind", this.labels.kinds[entry.message.row.kind]);
            if (!entry.seen)
                kind.append(" ", element("span", "new", this.labels.newBadge));
            item.append(kind, element("h3", "entry-title", entry.message.row.title));
            item.append(...this.body(entry.message));
            const action = this.action(entry.message, "archive");
            if (action !== null)
                item.append(action);
            list.append(item);
        }
        panel.append(list);
        return panel;
    }
    /** A wall, takeover or dialog, in a modal `<dialog>`: the rest of the page is inert behind it. */
    modal(message, shape) {
        const dialog = document.createElement("dialog");
        dialog.className = `modal ${shape} severity-${message.row.severity.toLowerCase()}`;
        dialog.setAttribute("part", shape);
        dialog.setAttribute("role", shape === "wall" ? "alertdialog" : "dialog");
        const titleID = `herald-${shape}-title`;
        dialog.setAttribute("aria-labelledby", titleID);
        const box = element("div", "box");
        // Above a wall, whatever its kind, the label says what the wall does.
        const kind = shape === "wall" ? this.labels.updateRequired : this.labels.kinds[message.row.kind];
        box.append(element("p", "kind", kind));
        const title = element("h2", "title", message.row.title);
        title.id = titleID;
        box.append(title, ...this.body(message));
        const actions = element("div", "actions");
        const action = this.action(message, shape);
        if (action !== null)
            actions.append(action);
        if (shape !== "wall") {
            const close = button(this.labels.close, action === null ? "primary" : "secondary");
            close.addEventListener("click", () => this.dismiss(message.id, shape));
            actions.append(close);
            (action ?? close).dataset.autofocus = "";
        }
        else if (action !== null) {
            action.dataset.autofocus = "";
        }
        box.append(actions);
        dialog.append(box);
        // Escape closes a dialog or a takeover (and marks it seen); a wall stays. Chromium makes a second
        // Escape's cancel (with no click between) uncancelable, and Android's back gesture takes the same
        // path: so a wall's Escape is stopped at the key, and a wall closed any other way opens again.
        dialog.addEventListener("cancel", (event) => {
            event.preventDefault();
            if (shape !== "wall")
                this.dismiss(message.id, shape);
        });
        if (shape === "wall") {
            dialog.addEventListener("keydown", (event) => {
                if (event.key === "Escape")
                    event.preventDefault();
            });
            dialog.addEventListener("close", () => {
                if (dialog.isConnected && this.current?.wall?.id === message.id)
                    dialog.showModal();
            });
        }
        return dialog;
    }
    strip(message) {
        const strip = element("div", `strip severity-${message.row.severity.toLowerCase()}`);
        strip.setAttribute("part", "strip");
        strip.setAttribute("role", "region");
        strip.setAttribute("aria-label", this.labels.kinds[message.row.kind]);
        const text = element("div", "strip-text");
        text.append(element("strong", "title", message.row.title));
        const first = message.row.body.paragraphs[0];
        if (first !== undefined)
            text.append(" ", element("span", "summary", first));
        strip.append(text);
        const actions = element("div", "actions");
        const action = this.action(message, "strip");
        if (action !== null)
            actions.append(action);
        const dismiss = button(this.labels.dismiss, "secondary");
        dismiss.addEventListener("click", () => this.dismiss(message.id, "strip"));
        actions.append(dismiss);
        strip.append(actions);
        return strip;
    }
    body(message) {
        const parts = message.row.body.paragraphs.map((text) => element("p", "paragraph", text));
        if (message.row.body.bullets.length > 0) {
            const list = element("ul", "bullets");
            for (const bullet of message.row.body.bullets)
                list.append(element("li", "", bullet));
            parts.push(list);
        }
        return parts;
    }
    /** The message's button, or null when it has no action. */
    action(message, shape) {
        const action = message.action;
        if (action === null)
            return null;
        const control = button(message.actionLabel ?? "", "primary");
        control.addEventListener("click", () => {
            const detail = { id: message.id, shape, action: { kind: action.kind, target: action.target } };
            if (!this.emit("herald-action", detail, true))
                return;
            if (action.kind === "web" && shape !== "wall") {
                window.open(action.target, "_blank", "noopener");
            }
            else {
                window.location.assign(action.target);
            }
        });
        return control;
    }
    dismiss(id, shape) {
        this.emit("herald-dismissed", { id, shape });
        const client = this.client;
        if (client !== null)
            void client.markSeen(id);
    }
    /** Dispatches an event; false when a listener cancelled it. */
    emit(name, detail, cancelable = false) {
        return this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable }));
    }
}
HeraldAnnouncementsElement.observedAttributes = [
    "channel", "platform", "app-version", "user-id", "account-created", "storage-prefix",
];
function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className !== "")
        node.className = className;
    // Text only: a row's words are never parsed as HTML.
    if (text !== undefined)
        node.textContent = text;
    return node;
}
function button(label, kind) {
    const node = element("button", `button ${kind}`, label);
    node.type = "button";
    return node;
}
function bellIcon() {
    const namespace = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(namespace, "svg");
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    const path = document.createElementNS(namespace, "path");
    path.setAttribute("d", "M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 " +
        "7 0 0 0 5 11v5l-2 2v1h18v-1Z");
    svg.append(path);
    return svg;
}
/** Defines `<herald-announcements>` (once: a second call, or a page that defined it, changes nothing). */
export function defineHeraldAnnouncements(name = "herald-announcements") {
    const registry = globalThis.customElements;
    if (registry !== undefined && registry.get(name) === undefined) {
        registry.define(name, class extends HeraldAnnouncementsElement {
        });
    }
}
