extension AppPreview {
  /// The controls, the app's frame beside them, and the reasons below: the page an author opens.
  static let controls = """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>App preview · herald serve</title>
    <style>
      :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
        --text: #1b1e23; --muted: #545c69; --surface: #ffffff; --background: #f3f4f6; --border: #c9ced6;
        --accent: #0a58b0; }
      @media (prefers-color-scheme: dark) { :root { --text: #e9ebef; --muted: #a9b0bc; --surface: #1b1e23;
        --background: #121417; --border: #3a404a; --accent: #8ab8ff; } }
      body { margin: 0; color: var(--text); background: var(--background); }
      header, main { padding: 1rem 1.5rem; }
      h1 { margin: 0 0 0.25rem; font-size: 1.5rem; }
      header p { margin: 0; color: var(--muted); }
      a { color: var(--accent); }
      main { display: grid; grid-template-columns: minmax(16rem, 22rem) 392px minmax(18rem, 1fr); gap: 1.5rem;
        align-items: start; }
      @media (max-width: 70rem) { main { grid-template-columns: 1fr; } }
      form, .reasons { background: var(--surface); border: 1px solid var(--border); border-radius: 12px; padding: 1rem; }
      label { display: block; margin: 0 0 0.8rem; font-weight: 600; }
      label span { display: block; font-weight: 400; color: var(--muted); font-size: 0.9rem; }
      label.check input { display: inline; width: auto; margin: 0 0.4rem 0 0; }
      input, select { display: block; width: 100%; box-sizing: border-box; margin-top: 0.3rem; padding: 0.45rem 0.5rem;
        font: inherit; color: var(--text); background: var(--surface); border: 1px solid var(--border); border-radius: 6px; }
      iframe { width: 390px; height: 720px; border: 1px solid var(--border); border-radius: 24px;
        background: var(--surface); }
      table { width: 100%; border-collapse: collapse; font-size: 0.95rem; }
      th, td { text-align: left; padding: 0.4rem 0.5rem; border-top: 1px solid var(--border); vertical-align: top; }
      .shown td { font-weight: 700; }
      #problem { color: #a3190f; white-space: pre-wrap; }
      @media (prefers-color-scheme: dark) { #problem { color: #ffb7ae; } }
    </style>
    </head>
    <body>
    <header>
      <h1>App preview</h1>
      <p>What an app shows now, decided as the app decides, from this site's channel built at the time
      you pick. It updates when you save a file. <a href="/">The archive</a></p>
    </header>
    <main>
      <form id="inputs" aria-label="The app and its user">
        <label>Platform <select name="platform" id="platform"></select></label>
        <label>Version <span>a release, or any other build (a hotfix such as 1.9.3.1); empty for the current release</span>
          <input name="version" id="version" autocomplete="off"></label>
        <label>Time <span>RFC 3339; empty for now</span><input name="now" id="now" autocomplete="off"></label>
        <label>Account created <span>RFC 3339; empty for an account older than every record</span>
          <input name="account" id="account" autocomplete="off"></label>
        <label>Rollouts <span>a record rolled out to a share of users: show it as a user inside that share sees it,
          or outside it (as herald explain decides without --user, or with --outside-rollouts)</span>
          <select name="rollouts" id="rollouts">
            <option value="inside">Inside every rollout begun</option>
            <option value="outside">Outside every rollout not yet at 100%</option>
          </select></label>
        <label>User id <span>or decide for one user: the signed-in user's id, or the install's, whose bucket puts them inside a
          rollout or not (this overrides Rollouts)</span>
          <input name="user" id="user" autocomplete="off"></label>
        <label>Seen ids <span>comma-separated</span><input name="seen" id="seen" autocomplete="off"></label>
        <label>Languages <span>most preferred first, such as de-AT, en</span>
          <input name="languages" id="languages" autocomplete="off"></label>
        <label class="check"><input type="checkbox" name="drafts" id="drafts"> Deliver drafts
          <span>as this preview's archive shows them; a real build leaves them out</span></label>
      </form>
      <iframe id="app" title="The app, as it would look now"></iframe>
      <section class="reasons" aria-labelledby="why">
        <h2 id="why">Why</h2>
        <p id="summary"></p>
        <p id="problem" role="alert"></p>
        <table><thead><tr><th scope="col">Record</th><th scope="col">What happens to it</th></tr></thead>
        <tbody id="records"></tbody></table>
      </section>
    </main>
    <script type="module">
    const form = document.getElementById("inputs");
    const fields = ["platform", "version", "now", "account", "rollouts", "user", "seen", "languages", "drafts"];
    const params = new URLSearchParams(location.search);
    for (const name of fields) {
      const field = document.getElementById(name);
      if (field.type === "checkbox") field.checked = params.get(name) === "on";
      else if (params.has(name)) field.value = params.get(name);
    }
    let generation = -1;
    let asked = 0;
    function query() {
      const query = new URLSearchParams();
      for (const name of fields) {
        const field = document.getElementById(name);
        // Before the platforms arrive the menu is empty: the address's platform is the one asked.
        const value = field.type === "checkbox" ? (field.checked ? "on" : "")
          : name === "platform" && field.options.length === 0 ? params.get(name) ?? "" : field.value.trim();
        // Inside every rollout is the default, as explain's: the address names only the switch.
        if (value !== "" && !(name === "rollouts" && value === "inside")) query.set(name, value);
      }
      return query;
    }
    function audience(input) {
      if (input.user !== null) return `for user ${input.user}`;
      return input.rollouts === "outside" ? "outside every rollout" : "inside every rollout begun";
    }
    async function update() {
      const q = query();
      const turn = ++asked;
      history.replaceState(null, "", "?" + q);
      const answer = await (await fetch("/_herald/app/decide?" + q, { cache: "no-store" })).json();
      // An answer to an older question (the inputs changed while it was asked) draws nothing.
      if (turn !== asked) return;
      const select = document.getElementById("platform");
      if (answer.platforms && select.options.length !== answer.platforms.length) {
        select.replaceChildren(...answer.platforms.map((p) => new Option(p.key, p.key)));
      }
      if (answer.input) {
        select.value = answer.input.platform;
        const release = answer.platforms.find((p) => p.key === answer.input.platform);
        document.getElementById("version").placeholder = release ? release.releases.at(-1) ?? "" : "";
      }
      document.getElementById("problem").textContent = answer.error || "";
      const rows = document.getElementById("records");
      rows.replaceChildren();
      document.getElementById("summary").textContent = "";
      if (answer.explanation) {
        const e = answer.explanation;
        const shown = e.shown ? `${e.shown.shape} ${e.shown.id}` : "nothing";
        document.getElementById("summary").textContent =
          `${e.platform} ${e.version} at ${e.now} ${audience(answer.input)}: shows ${shown}; badge ${e.badge}; ${e.archive.length} in the archive` +
          (e.manifest === "live" ? " (an unlisted version: read from live.json)" : "");
        for (const record of e.announcements) {
          const row = document.createElement("tr");
          if (record.outcome.startsWith("shown")) row.className = "shown";
          for (const text of [record.id, record.reason]) {
            const cell = document.createElement("td");
            cell.textContent = text;
            row.append(cell);
          }
          rows.append(row);
        }
      }
      // The frame's modal takes the focus as it opens, as it must in an app; an author typing in the
      // controls keeps it.
      restoreFocus = form.contains(document.activeElement) ? document.activeElement : null;
      document.getElementById("app").src = "/_herald/app/frame?" + q;
    }
    let restoreFocus = null;
    window.addEventListener("message", (event) => {
      if (event.origin !== location.origin || event.data !== "herald-preview-drawn") return;
      if (restoreFocus !== null && document.activeElement === document.getElementById("app")) {
        restoreFocus.focus({ preventScroll: true });
      }
      restoreFocus = null;
    });
    async function waitForBuilds() {
      for (;;) {
        try {
          const answer = await (await fetch(`/_herald/reload?since=${generation}`, { cache: "no-store" })).json();
          if (answer.generation !== generation) {
            const first = generation === -1;
            generation = answer.generation;
            if (!first) await update();
          }
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
    }
    form.addEventListener("change", update);
    form.addEventListener("submit", (event) => { event.preventDefault(); update(); });
    await update();
    waitForBuilds();
    </script>
    </body>
    </html>

    """

  /// The app's frame: the component, drawing from the channel and at the time the controls say.
  static let frame = """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>The app</title>
    <style>
      :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
      body { margin: 0; color: #1b1e23; background: #fafafa; }
      header { display: flex; justify-content: space-between; align-items: center; padding: 0.75rem 1rem;
        background: #ffffff; border-bottom: 1px solid #dde1e6; }
      h1 { margin: 0; font-size: 1.15rem; }
      main { padding: 1rem; color: #545c69; }
      @media (prefers-color-scheme: dark) { body { color: #e9ebef; background: #121417; }
        header { background: #1b1e23; border-color: #2f343c; } main { color: #a9b0bc; } }
    </style>
    </head>
    <body>
    <header><h1 id="name">Your app</h1><herald-announcements></herald-announcements></header>
    <main><p>The app's own screen.</p></main>
    <script type="module">
    import { HeraldClient, memoryTransport, parseTimestamp } from "/_herald/client/web.js";
    // The composer draws a draft that is not on disk: it hands the answer over itself.
    const answer = new URLSearchParams(location.search).has("composed")
      ? await new Promise((resolve) => {
          addEventListener("message", (event) => {
            if (event.origin === location.origin && event.data && event.data.heraldAnswer) resolve(event.data.heraldAnswer);
          });
          parent.postMessage("herald-frame-ready", location.origin);
        })
      : await (await fetch("/_herald/app/decide" + location.search, { cache: "no-store" })).json();
    document.addEventListener("herald-shown", () => parent.postMessage("herald-preview-drawn", location.origin));
    if (answer.documents) {
      const now = parseTimestamp(answer.input.now);
      const clock = { now: () => now, sleepUntil: (_, signal) =>
        new Promise((_, reject) => signal.addEventListener("abort", () => reject(new Error("aborted")))) };
      const client = new HeraldClient({
        channel: answer.channel, platform: answer.input.platform, appVersion: answer.input.version,
        userId: answer.input.user, accountCreatedAt: answer.input.accountCreatedAt, clock,
        rollouts: answer.input.user === null ? answer.input.rollouts : undefined,
        transport: memoryTransport(answer.documents), preferredLanguages: answer.input.languages,
      });
      for (const id of answer.input.seen) await client.markSeen(id);
      document.getElementById("name").textContent = `${answer.input.platform} ${answer.input.version}`;
      document.querySelector("herald-announcements").client = client;
    }
    </script>
    </body>
    </html>

    """
}
