extension Composer {
  /// The composer's page: the form made from the record schema, and what the draft does.
  ///
  /// Beside the form, every app's outcome; `{{token}}` is replaced with the server's token.
  static let page = """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="herald-token" content="{{token}}">
    <title>Compose an announcement · herald serve</title>
    <style>
      :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
        --text: #1b1e23; --muted: #545c69; --surface: #ffffff; --background: #f3f4f6; --border: #8d95a1;
        --accent: #0a58b0; --error: #a3190f; --warning: #7a4b00; --ok: #1d6b34; }
      @media (prefers-color-scheme: dark) { :root { --text: #e9ebef; --muted: #a9b0bc; --surface: #1b1e23;
        --background: #121417; --border: #6b7380; --accent: #8ab8ff; --error: #ffb7ae; --warning: #f5c66b; --ok: #8fd6a2; } }
      body { margin: 0; color: var(--text); background: var(--background); }
      [hidden] { display: none !important; }
      header, main { padding: 1rem 1.5rem; }
      h1 { margin: 0 0 0.25rem; font-size: 1.5rem; }
      h2 { font-size: 1.15rem; margin: 0 0 0.6rem; }
      header p { margin: 0; color: var(--muted); }
      a { color: var(--accent); }
      main { display: grid; grid-template-columns: minmax(20rem, 34rem) minmax(20rem, 1fr); gap: 1.5rem; align-items: start; }
      #beside { position: sticky; top: 0.5rem; max-height: calc(100vh - 1rem); overflow: auto; }
      @media (max-width: 60rem) { #beside { position: static; max-height: none; } }
      td button { padding: 0.15rem 0.6rem; }
      iframe { width: 390px; max-width: 100%; height: 640px; border: 1px solid var(--border); border-radius: 24px;
        background: var(--surface); }
      @media (max-width: 60rem) { main { grid-template-columns: 1fr; } }
      form, section { background: var(--surface); border: 1px solid var(--border); border-radius: 12px; padding: 1rem; }
      section + section { margin-top: 1rem; }
      .field { margin: 0 0 1rem; }
      .field > label, .field > legend, fieldset > legend { display: block; font-weight: 600; }
      .help { display: block; font-weight: 400; color: var(--muted); font-size: 0.9rem; margin: 0.1rem 0 0.3rem; }
      fieldset { border: 1px solid var(--border); border-radius: 8px; margin: 0 0 1rem; padding: 0.6rem 0.8rem; }
      input[type=text], input[type=datetime-local], select, textarea { display: block; width: 100%; box-sizing: border-box;
        padding: 0.45rem 0.5rem; font: inherit; color: var(--text); background: var(--surface);
        border: 1px solid var(--border); border-radius: 6px; }
      textarea { min-height: 9rem; font-family: ui-monospace, monospace; font-size: 0.92rem; }
      .check { font-weight: 400; display: inline-flex; gap: 0.4rem; align-items: center; margin-right: 1rem; }
      [aria-invalid=true] { border-color: var(--error); outline: 2px solid var(--error); }
      .problem { color: var(--error); margin: 0.3rem 0 0; white-space: pre-wrap; }
      .problem.warning { color: var(--warning); }
      .problem:empty { display: none; }
      .tabs button, button { font: inherit; padding: 0.45rem 0.9rem; border-radius: 6px; border: 1px solid var(--border);
        background: var(--surface); color: var(--text); cursor: pointer; }
      button.primary { background: var(--accent); color: var(--background); border-color: var(--accent); font-weight: 600; }
      button:disabled { opacity: 0.6; cursor: not-allowed; }
      .tabs [aria-selected=true] { border-color: var(--accent); font-weight: 600; }
      table { width: 100%; border-collapse: collapse; font-size: 0.95rem; }
      th, td { text-align: left; padding: 0.35rem 0.5rem; border-top: 1px solid var(--border); vertical-align: top; }
      td.shows-wall, td.shows-takeover { font-weight: 700; }
      pre { white-space: pre-wrap; font-size: 0.88rem; margin: 0; }
      #saved { color: var(--ok); }
      .row { display: flex; gap: 0.5rem; align-items: end; margin-bottom: 0.4rem; }
      .row > * { flex: 1; }
    </style>
    </head>
    <body>
    <header>
      <h1>Compose an announcement</h1>
      <p>Write it here; every change is checked as <code>herald check</code> checks it, and beside the form you see what
      each app will show. Saving writes the record file and commits it on a branch of its own for review.
      <a href="/">The archive</a> · <a href="/_herald/app/">The app preview</a></p>
    </header>
    <main>
      <form id="composer" aria-label="The announcement" novalidate>
        <div class="field"><label for="open">Start from <span class="help">a new announcement, or one of the site's to edit</span></label>
          <select id="open"><option value="">A new announcement</option></select></div>
        <ul id="general" class="problem" aria-live="polite"></ul>
        <div id="fields"></div>
        <p><button type="button" id="save" class="primary" disabled>Save and propose</button>
          <span id="saved" role="status"></span></p>
      </form>
      <div id="beside">
        <section aria-labelledby="does">
          <h2 id="does">What it does</h2>
          <p id="walls" role="status"></p>
          <p id="at" class="help"></p>
          <table><thead id="matrix-head"></thead><tbody id="matrix"></tbody></table>
          <p id="why" class="help" aria-live="polite"></p>
        </section>
        <section aria-labelledby="drawn">
          <h2 id="drawn">The app</h2>
          <p class="help" id="drawn-help">Press a cell above to see that app draw the announcement, as it would.</p>
          <iframe id="app" title="The app picked in the table" hidden></iframe>
        </section>
        <section aria-labelledby="changes">
          <h2 id="changes">What it changes for the pull request</h2>
          <p class="help">As <code>herald diff</code> writes it in the review, against the branch checked out: walls first.</p>
          <pre id="diff"></pre>
        </section>
        <section aria-labelledby="rendered">
          <h2 id="rendered">The body, as apps and the archive show it</h2>
          <div id="body-html"></div>
        </section>
        <section aria-labelledby="file">
          <h2 id="file">The file that is saved</h2>
          <pre id="text"></pre>
        </section>
      </div>
    </main>
    <script type="module">
    const token = document.querySelector("meta[name=herald-token]").content;
    const storageKey = "herald-compose-draft:" + location.host;
    const call = async (name, body) => {
      const response = await fetch("/_herald/compose/api/" + name, { method: "POST", cache: "no-store",
        headers: { "Content-Type": "application/json", "X-Herald-Token": token }, body: JSON.stringify(body) });
      return { status: response.status, json: await response.json() };
    };
    const schema = await (await fetch("/_herald/compose/record.schema.json")).json();
    const site = (await call("site", {})).json;
    const fields = document.getElementById("fields");
    const times = new Set(["publishAt", "expiresAt", "updatedAt"]);
    const plainText = (value) => typeof value === "string" ? value : "";
    const required = new Set(schema.required);
    const labels = { id: "Id", title: "Title", severity: "Severity", kind: "Kind", body: "Body",
      minVersion: "Lowest version", maxVersion: "Highest version", belowVersion: "Below version",
      platforms: "Platforms", actionUrl: "Button's address", actionLabel: "Button's label", blocking: "A wall",
      confirmBlocking: "Confirm the wall", active: "Active", draft: "A draft", publishAt: "Publish at",
      expiresAt: "Expires at", updatedAt: "Updated at", rollout: "Rollout", remindAfter: "Remind after",
      translations: "Translations" };
    let original = null;
    let keptRollout = null;

    function help(name, text) {
      const span = document.createElement("span");
      span.className = "help"; span.id = "help-" + name; span.textContent = text || "";
      return span;
    }
    function problemSlot(name) {
      const p = document.createElement("p");
      p.className = "problem"; p.id = "problem-" + name; p.setAttribute("aria-live", "polite");
      return p;
    }
    function wrap(name, control, description) {
      const box = document.createElement("div");
      box.className = "field"; box.dataset.field = name;
      const label = document.createElement("label");
      label.htmlFor = "field-" + name;
      label.textContent = labels[name] + (required.has(name) ? " (required)" : "");
      label.append(help(name, description));
      control.id = "field-" + name;
      control.setAttribute("aria-describedby", "help-" + name + " problem-" + name);
      box.append(label, control, problemSlot(name));
      return box;
    }
    function text(name, description) {
      const input = document.createElement("input");
      input.type = "text"; input.name = name; input.autocomplete = "off";
      return wrap(name, input, description);
    }
    function choice(name, values, description) {
      const select = document.createElement("select");
      select.name = name;
      select.append(new Option("Choose…", ""), ...values.map((v) => new Option(v, v)));
      return wrap(name, select, description);
    }
    function checkbox(name, description, checked) {
      const box = document.createElement("div");
      box.className = "field"; box.dataset.field = name;
      const label = document.createElement("label");
      label.className = "check";
      const input = document.createElement("input");
      input.type = "checkbox"; input.name = name; input.id = "field-" + name; input.checked = checked;
      input.setAttribute("aria-describedby", "help-" + name + " problem-" + name);
      label.append(input, labels[name]);
      box.append(label, help(name, description), problemSlot(name));
      return box;
    }
    function time(name, description) {
      const input = document.createElement("input");
      input.type = "datetime-local"; input.name = name; input.step = 60;
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      return wrap(name, input, description + " In your time zone (" + zone + ").");
    }
    function platforms(description) {
      const set = document.createElement("fieldset");
      set.dataset.field = "platforms";
      const legend = document.createElement("legend");
      legend.textContent = labels.platforms;
      set.append(legend, help("platforms", description + " None ticked: every platform."));
      for (const platform of site.platforms) {
        const label = document.createElement("label");
        label.className = "check";
        const input = document.createElement("input");
        input.type = "checkbox"; input.name = "platforms"; input.value = platform.key;
        label.append(input, platform.key);
        set.append(label);
      }
      set.append(problemSlot("platforms"));
      return set;
    }
    function rollout(description) {
      const set = document.createElement("fieldset");
      set.dataset.field = "rollout";
      const legend = document.createElement("legend");
      legend.textContent = labels.rollout;
      const mode = document.createElement("select");
      mode.id = "field-rollout"; mode.setAttribute("aria-label", "Who gets it");
      mode.append(new Option("Everyone it targets", ""), new Option("A share of users", "share"),
        new Option("A share that grows in steps", "steps"));
      const share = document.createElement("input");
      share.type = "text"; share.id = "rollout-share"; share.placeholder = "25%"; share.setAttribute("aria-label", "Share");
      const steps = document.createElement("div");
      steps.id = "rollout-steps";
      const add = document.createElement("button");
      add.type = "button"; add.textContent = "Add a step";
      add.addEventListener("click", () => { addStep(steps, "", ""); changed(); });
      const sync = () => { share.hidden = mode.value !== "share"; steps.hidden = add.hidden = mode.value !== "steps"; };
      mode.addEventListener("change", () => { if (mode.value === "steps" && !steps.children.length) addStep(steps, "0d", "10%"); sync(); });
      set.append(legend, help("rollout", description), mode, share, steps, add, problemSlot("rollout"));
      set.sync = sync;
      sync();
      return set;
    }
    function addStep(steps, after, share) {
      const row = document.createElement("div");
      row.className = "row step";
      for (const [name, value, label] of [["after", after, "After (such as 0d, 12h, 7d)"], ["share", share, "Share (such as 10%)"]]) {
        const input = document.createElement("input");
        input.type = "text"; input.className = "step-" + name; input.value = value; input.setAttribute("aria-label", label);
        input.placeholder = label;
        row.append(input);
      }
      const remove = document.createElement("button");
      remove.type = "button"; remove.textContent = "Remove";
      remove.addEventListener("click", () => { row.remove(); changed(); });
      row.append(remove);
      steps.append(row);
    }
    function translations(description) {
      const set = document.createElement("fieldset");
      set.dataset.field = "translations";
      const legend = document.createElement("legend");
      legend.textContent = labels.translations;
      set.append(legend, help("translations", description));
      const others = site.locales.slice(1);
      if (!others.length) {
        set.append(help("translations-none", "This channel has one locale: nothing to translate."));
        return set;
      }
      const tabs = document.createElement("div");
      tabs.className = "tabs"; tabs.setAttribute("role", "tablist");
      set.append(tabs);
      for (const [index, locale] of others.entries()) {
        const tab = document.createElement("button");
        tab.type = "button"; tab.textContent = locale; tab.setAttribute("role", "tab"); tab.id = "tab-" + locale;
        tab.setAttribute("aria-selected", String(index === 0)); tab.setAttribute("aria-controls", "panel-" + locale);
        const panel = document.createElement("div");
        panel.id = "panel-" + locale; panel.setAttribute("role", "tabpanel"); panel.setAttribute("aria-labelledby", tab.id);
        panel.hidden = index !== 0;
        for (const word of ["title", "actionLabel", "body"]) {
          const control = document.createElement(word === "body" ? "textarea" : "input");
          if (word !== "body") control.type = "text";
          control.dataset.locale = locale; control.dataset.word = word; control.id = `translation-${locale}-${word}`;
          const label = document.createElement("label");
          label.htmlFor = control.id; label.textContent = `${labels[word]} (${locale})`;
          panel.append(label, control);
        }
        tab.addEventListener("click", () => {
          for (const other of tabs.children) other.setAttribute("aria-selected", String(other === tab));
          for (const other of set.querySelectorAll("[role=tabpanel]")) other.hidden = other !== panel;
        });
        tabs.append(tab);
        set.append(panel);
      }
      set.append(problemSlot("translations"));
      return set;
    }

    for (const [name, property] of Object.entries(schema.properties)) {
      const description = property.description || "";
      if (name === "body") {
        const area = document.createElement("textarea");
        area.name = "body";
        fields.append(wrap(name, area, "Paragraphs, and one bullet list (lines starting with - ). " + description));
      } else if (name === "platforms") fields.append(platforms(description));
      else if (name === "rollout") fields.append(rollout(description));
      else if (name === "translations") fields.append(translations(description));
      else if (property.enum) fields.append(choice(name, property.enum, description));
      else if (property.type === "boolean") fields.append(checkbox(name, description, name === "active"));
      else if (times.has(name)) fields.append(time(name, description));
      else fields.append(text(name, description));
    }
    const confirm = document.querySelector("[data-field=confirmBlocking]");
    const control = (name) => document.getElementById("field-" + name);

    // A time as the input shows it (local), and back as RFC 3339 with the author's offset.
    function localInput(rfc3339) {
      const date = new Date(rfc3339);
      if (Number.isNaN(date.getTime())) return "";
      const pad = (n) => String(n).padStart(2, "0");
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
    }
    function rfc3339(local) {
      const date = new Date(local);
      if (!local || Number.isNaN(date.getTime())) return "";
      const offset = -date.getTimezoneOffset();
      const pad = (n) => String(Math.floor(Math.abs(n))).padStart(2, "0");
      const zone = offset === 0 ? "Z" : (offset > 0 ? "+" : "-") + pad(offset / 60) + ":" + pad(offset % 60);
      return local.length === 16 ? `${local}:00${zone}` : `${local}${zone}`;
    }

    function draft() {
      const values = {};
      for (const [name] of Object.entries(schema.properties)) {
        const input = control(name);
        if (name === "body" || name === "translations" || name === "rollout" || name === "platforms") continue;
        if (!input) continue;
        if (input.type === "checkbox") values[name] = input.checked;
        else if (times.has(name)) values[name] = input.dataset.typed ?? rfc3339(input.value);
        else values[name] = input.value;
      }
      values.platforms = [...document.querySelectorAll("input[name=platforms]:checked")].map((i) => i.value);
      const mode = control("rollout").value;
      const salt = keptRollout && typeof keptRollout === "object" && !Array.isArray(keptRollout) ? keptRollout.salt : undefined;
      if (control("rollout").disabled) values.rollout = keptRollout;
      else if (mode === "share") {
        const share = document.getElementById("rollout-share").value;
        values.rollout = salt ? { salt, share } : share;
      } else if (mode === "steps") {
        const steps = [...document.querySelectorAll(".step")].map((row) =>
          ({ after: row.querySelector(".step-after").value, share: row.querySelector(".step-share").value }));
        values.rollout = salt ? { salt, steps } : steps;
      }
      const words = {};
      for (const input of document.querySelectorAll("[data-locale]")) {
        if (input.value.trim() === "") continue;
        (words[input.dataset.locale] ??= {})[input.dataset.word] = input.value;
      }
      values.translations = words;
      return { fields: values, body: control("body").value };
    }

    function fill(given) {
      const values = given.fields || {};
      for (const [name] of Object.entries(schema.properties)) {
        const input = control(name);
        if (!input || ["body", "translations", "rollout", "platforms"].includes(name)) continue;
        const value = values[name];
        if (input.type === "checkbox") input.checked = value === undefined ? name === "active" : value === true;
        else if (times.has(name)) {
          input.value = value ? localInput(value) : "";
          // A time kept as written until the author changes it: the file then stays as it was.
          if (value) input.dataset.typed = value; else delete input.dataset.typed;
        } else input.value = plainText(value);
      }
      control("body").value = given.body || "";
      for (const box of document.querySelectorAll("input[name=platforms]")) box.checked = (values.platforms || []).includes(box.value);
      const mode = control("rollout");
      const steps = document.getElementById("rollout-steps");
      steps.replaceChildren();
      document.getElementById("rollout-share").value = "";
      // A rollout is kept whole (its salt too); one written with exact times is not edited here.
      keptRollout = values.rollout ?? null;
      const written = keptRollout && !Array.isArray(keptRollout) && typeof keptRollout === "object"
        ? keptRollout : null;
      const share = typeof keptRollout === "string" ? keptRollout : written?.share;
      const stepList = Array.isArray(keptRollout) ? keptRollout : written?.steps;
      mode.disabled = Array.isArray(stepList) && stepList.some((step) => step.at !== undefined);
      if (typeof share === "string") { mode.value = "share"; document.getElementById("rollout-share").value = share; }
      else if (Array.isArray(stepList)) { mode.value = "steps"; for (const step of stepList) addStep(steps, step.after ?? step.at ?? "", step.share ?? ""); }
      else mode.value = "";
      for (const input of mode.closest("fieldset").querySelectorAll("input, button")) input.disabled = mode.disabled;
      mode.closest("fieldset").sync();
      for (const input of document.querySelectorAll("[data-locale]")) {
        input.value = plainText(((values.translations || {})[input.dataset.locale] || {})[input.dataset.word]);
      }
      showWall();
    }

    function showWall() { confirm.hidden = !control("blocking").checked; }

    let turn = 0;
    let last = null;
    async function check() {
      const mine = ++turn;
      const body = draft();
      localStorage.setItem(storageKey, JSON.stringify({ opened: original, draft: body }));
      const answer = (await call("check", body)).json;
      if (mine !== turn) return;
      last = answer;
      show(answer);
      draw();
    }
    function show(answer) {
      for (const slot of document.querySelectorAll(".field .problem, fieldset .problem")) { slot.textContent = ""; slot.className = "problem"; }
      for (const input of document.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
      const general = document.getElementById("general");
      general.replaceChildren();
      const problems = answer.problems || [];
      if (answer.error) problems.push({ field: null, severity: "error", message: answer.error });
      for (const problem of problems) {
        const words = problem.message + (problem.hint ? "\\nhint: " + problem.hint : "");
        const slot = problem.field && document.getElementById("problem-" + problem.field);
        if (slot) {
          slot.textContent += (slot.textContent ? "\\n" : "") + words;
          if (problem.severity === "warning" && !slot.classList.contains("error")) slot.classList.add("warning");
          else slot.classList.add("error");
          if (problem.severity === "error") control(problem.field)?.setAttribute("aria-invalid", "true");
        } else {
          const item = document.createElement("li");
          item.textContent = words;
          general.append(item);
        }
      }
      const errors = problems.some((p) => p.severity === "error");
      document.getElementById("save").disabled = errors;
      document.getElementById("text").textContent = answer.text || "";
      document.getElementById("diff").textContent = answer.diff || "";
      document.getElementById("body-html").innerHTML = answer.bodyHTML || "";
      const head = document.getElementById("matrix-head");
      const rows = document.getElementById("matrix");
      rows.replaceChildren(); head.replaceChildren();
      document.getElementById("at").textContent = "";
      document.getElementById("walls").textContent = "";
      // How many answers are drawn: what a test (or a curious author) can wait for.
      document.body.dataset.checks = String(Number(document.body.dataset.checks || 0) + 1);
      if (!answer.matrix) return;
      const matrix = answer.matrix;
      document.getElementById("at").textContent =
        `As each app decides at ${matrix.at}, for a user inside every rollout begun who has seen every other announcement.`;
      if (control("blocking").checked) {
        document.getElementById("walls").textContent = matrix.wallsNow.length
          ? `It walls ${matrix.wallsNow.length} listed release${matrix.wallsNow.length === 1 ? "" : "s"} now: ${matrix.wallsNow.join(", ")}.`
          : "It walls no listed release now.";
      }
      const locales = [...new Set(matrix.cells.map((c) => c.locale ?? site.locales[0]))];
      const headRow = document.createElement("tr");
      const columns = locales.flatMap((locale) => [[locale, false], [locale, true]]);
      for (const title of ["Release", ...columns.map(([locale, hotfix]) =>
        (hotfix ? "A hotfix of it" : "The release") + (locales.length > 1 ? ` (${locale})` : ""))]) {
        const th = document.createElement("th"); th.scope = "col"; th.textContent = title; headRow.append(th);
      }
      head.append(headRow);
      // One row per listed release, its hotfix beside it: "1.9.0.1" stands for every hotfix of 1.9.0.
      const releases = new Map();
      for (const cell of matrix.cells) {
        const release = cell.hotfix ? cell.version.split(".").slice(0, -1).join(".") : cell.version;
        const key = `${cell.platform} ${release}`;
        if (!releases.has(key)) releases.set(key, {});
        releases.get(key)[`${cell.locale ?? site.locales[0]} ${cell.hotfix}`] = cell;
      }
      for (const [key, byColumn] of releases) {
        const row = document.createElement("tr");
        const name = document.createElement("th");
        name.scope = "row"; name.textContent = key;
        row.append(name);
        for (const [locale, hotfix] of columns) {
          const cell = byColumn[`${locale} ${hotfix}`];
          const td = document.createElement("td");
          td.className = "shows-" + (cell?.shows ?? "nothing");
          const button = document.createElement("button");
          const app = cell ? `${cell.platform} ${cell.version}` : key;
          button.type = "button"; button.textContent = cell?.shows ?? "nothing";
          button.setAttribute("aria-label", `${app} (${locale}): ${cell?.shows ?? "nothing"}`);
          button.addEventListener("click", () => {
            document.getElementById("why").textContent = `${app} (${locale}): ${cell?.why ?? ""}`;
            if (cell) { picked = { platform: cell.platform, version: cell.version, locale: cell.locale }; draw(); }
          });
          td.append(button);
          row.append(td);
        }
        rows.append(row);
      }
    }

    // The app picked in the table, drawn from the draft (not on disk yet) by the app preview's frame.
    let picked = null;
    let drawing = 0;
    let answerForFrame = null;
    async function draw() {
      if (!picked || !last || !last.matrix) return;
      const mine = ++drawing;
      const result = await call("draw", { ...draft(), ...picked, at: last.matrix.at });
      if (mine !== drawing || result.status !== 200) return;
      answerForFrame = result.json;
      const frame = document.getElementById("app");
      frame.hidden = false;
      document.getElementById("drawn-help").textContent =
        `${picked.platform} ${picked.version}${picked.locale ? " (" + picked.locale + ")" : ""} at ${last.matrix.at}.`;
      frame.src = "/_herald/app/frame?composed=1&turn=" + mine;
    }
    addEventListener("message", (event) => {
      const frame = document.getElementById("app");
      if (event.origin !== location.origin || event.source !== frame.contentWindow) return;
      if (event.data === "herald-frame-ready" && answerForFrame) {
        frame.contentWindow.postMessage({ heraldAnswer: answerForFrame }, location.origin);
      }
    });

    let timer = null;
    function changed() { clearTimeout(timer); timer = setTimeout(check, 250); }
    document.getElementById("composer").addEventListener("input", (event) => {
      if (times.has(event.target.name)) delete event.target.dataset.typed;
      if (event.target.name === "blocking") showWall();
      changed();
    });
    document.getElementById("composer").addEventListener("change", changed);

    const opener = document.getElementById("open");
    for (const record of site.records) opener.append(new Option(`${record.title} (${record.id})`, record.id));
    opener.addEventListener("change", async () => {
      original = opener.value || null;
      if (original) {
        const opened = (await call("open", { id: original })).json;
        fill(opened);
      } else fill({ fields: { active: true }, body: "" });
      check();
    });

    document.getElementById("save").addEventListener("click", async () => {
      const button = document.getElementById("save");
      button.disabled = true;
      const result = await call("save", draft());
      show(result.json);
      const said = document.getElementById("saved");
      if (result.status !== 200) { said.textContent = "Not saved: mend the problems above."; return; }
      const json = result.json;
      said.textContent = json.saved === "unchanged" ? "Nothing changed: the file is as it was."
        : json.pushed ? `Saved ${json.saved}, committed it on the branch ${json.branch} and pushed it. `
        : json.branch ? `Saved ${json.saved} and committed it on the branch ${json.branch}.`
          + (json.pushError ? ` It could not be pushed: ${json.pushError}` : " Push it and open a pull request for review.")
        : `Saved ${json.saved}.` + (json.commitError ? ` It was not committed: ${json.commitError}` : "");
      if (json.pullRequest) {
        const link = document.createElement("a");
        link.href = json.pullRequest; link.textContent = "Open the pull request";
        said.append(link);
      }
      if (json.saved) localStorage.removeItem(storageKey);
    });

    const kept = JSON.parse(localStorage.getItem(storageKey) || "null");
    const asked = new URLSearchParams(location.search).get("id");
    if (asked) { opener.value = asked; opener.dispatchEvent(new Event("change")); }
    else if (kept) { original = kept.opened; if (original) opener.value = original; fill(kept.draft); check(); }
    else { fill({ fields: { active: true }, body: "" }); check(); }
    </script>
    </body>
    </html>

    """
}
