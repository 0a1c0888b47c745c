import RenderKeyboardKit

/// The live preview page: one self-contained HTML document (no external scripts, fonts or
/// styles), so it works offline and names no file.
///
/// It follows `/events` and loads `/cells.json` once each time the stream (re)connects (or
/// once, when the stream cannot open), lays the cells out in a grid with captions, and swaps a
/// cell's image in place once the new one has loaded (scroll and zoom stay), shows or clears
/// its error over the last good image, and reloads its frames. A cell is swapped by the URL it
/// should show, never by which update asked for it: a load that finishes is shown when its URL
/// is still the one wanted, however many updates named it meanwhile.
/// Pointing at a key outlines it and shows its frames entry (label, code, frame in pt). The
/// browser's EventSource reconnects by itself, so nothing missed while the server was away
/// stays stale.
enum Page {
    /// The page, offering each cell in every format of the renderer's table.
    static let html = template.replacingOccurrences(
        of: "[/*FORMATS*/]", with: "[" + OutputFormat.allCases.map { "\"\($0.fileExtension)\"" }.joined(separator: ", ") + "]")

    private static let template = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>render-keyboard · live preview</title>
<link rel="icon" href="data:,">
<style>
:root {
  color-scheme: light dark;
  --page: #f4f4f6; --card: #ffffff; --ink: #1d1d22; --muted: #6b6b76; --line: #dcdce2;
  --accent: #2f6fde; --error-bg: rgba(176, 32, 32, 0.93); --error-ink: #fff;
  --well: #e9e9ee;
}
@media (prefers-color-scheme: dark) {
  :root {
    --page: #17171b; --card: #222228; --ink: #ececf1; --muted: #9a9aa6; --line: #34343c;
    --accent: #7aa7ff; --error-bg: rgba(150, 28, 28, 0.94); --error-ink: #fff; --well: #1b1b20;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--page); color: var(--ink);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; }
header { position: sticky; top: 0; z-index: 5; display: flex; align-items: center; gap: 12px;
  padding: 10px 20px; background: var(--page); border-bottom: 1px solid var(--line); }
header h1 { font-size: 15px; font-weight: 600; margin: 0; }
header .spacer { flex: 1; }
#status { display: inline-flex; align-items: center; gap: 6px; color: var(--muted); font-size: 13px; }
#status::before { content: ""; width: 8px; height: 8px; border-radius: 50%; background: #999; }
#status.live::before { background: #2fa84f; }
#status.away::before { background: #d08a1a; }
main { padding: 20px; display: grid; gap: 20px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 400px), 1fr)); }
.cell { background: var(--card); border: 1px solid var(--line); border-radius: 10px;
  overflow: hidden; display: flex; flex-direction: column; }
.cell .well { position: relative; background: var(--well); padding: 12px; display: flex;
  justify-content: center; align-items: center; min-height: 120px; flex: 1; }
.cell .frame { position: relative; line-height: 0; }
.cell img { display: block; max-width: 100%; height: auto; border-radius: 4px; }
.cell .outline { position: absolute; border: 2px solid var(--accent); border-radius: 4px;
  pointer-events: none; display: none; }
.cell .error { position: absolute; left: 0; right: 0; bottom: 0; margin: 0; padding: 10px 12px;
  background: var(--error-bg); color: var(--error-ink); white-space: pre-wrap; word-break: break-word;
  font: 12px/1.4 ui-monospace, "DejaVu Sans Mono", monospace; max-height: 70%; overflow: auto; }
.cell .error[hidden] { display: none; }
.cell footer { display: flex; align-items: center; gap: 8px; padding: 8px 12px; border-top: 1px solid var(--line); }
.cell .caption { flex: 1; min-width: 0; }
.cell .caption b { font-weight: 600; }
.cell .caption span { color: var(--muted); }
.cell .downloads a { color: var(--accent); text-decoration: none; font-size: 12px; padding: 2px 6px;
  border: 1px solid var(--line); border-radius: 5px; margin-left: 4px; }
.cell .downloads a:hover { border-color: var(--accent); }
#tip { position: fixed; z-index: 10; pointer-events: none; display: none; padding: 6px 9px;
  background: var(--ink); color: var(--page); border-radius: 6px; font: 12px/1.4 ui-monospace, "DejaVu Sans Mono", monospace;
  white-space: pre; box-shadow: 0 4px 14px rgba(0,0,0,.25); }
</style>
</head>
<body>
<header><h1>render-keyboard · live preview</h1><span class="spacer"></span><span id="status">connecting…</span></header>
<main id="grid"></main>
<div id="tip"></div>
<script>
"use strict";
const grid = document.getElementById("grid");
const statusLine = document.getElementById("status");
const tip = document.getElementById("tip");
const cards = new Map();

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function makeCard(cell) {
  const card = el("article", "cell");
  card.dataset.id = cell.id;
  const well = el("div", "well");
  const frame = el("div", "frame");
  const img = el("img");
  img.alt = cell.theme + " " + cell.layout;
  const outline = el("div", "outline");
  frame.append(img, outline);
  const error = el("pre", "error");
  error.hidden = true;
  well.append(frame, error);
  const footer = el("footer");
  const caption = el("div", "caption");
  const downloads = el("div", "downloads");
  for (const format of [/*FORMATS*/]) {
    const link = el("a", "", format.toUpperCase());
    link.dataset.format = format;
    downloads.append(link);
  }
  footer.append(caption, downloads);
  card.append(well, footer);
  const entry = { card, img, outline, error, caption, downloads, cell: null, frames: null, wanted: null, shown: null };
  img.addEventListener("mousemove", (event) => hover(entry, event));
  img.addEventListener("mouseleave", () => { outline.style.display = "none"; tip.style.display = "none"; });
  cards.set(cell.id, entry);
  grid.append(card);
  return entry;
}

function short(reference) {
  const name = reference.split("/").pop();
  return name.replace(/\.(ya?ml|json|xml)$/i, "");
}

function update(cell) {
  const entry = cards.get(cell.id) || makeCard(cell);
  entry.cell = cell;
  entry.caption.replaceChildren();
  entry.caption.append(el("b", "", short(cell.theme)), " · " + short(cell.layout) + " ",
    el("span", "", "· " + cell.device + " · " + cell.orientation + (cell.state === "normal" ? "" : " · " + cell.state)));
  const stem = [cell.theme, cell.layout, cell.device, cell.orientation, cell.state].map(short).join("-");
  for (const link of entry.downloads.children) {
    link.href = cell.image.replace(/\.png\?/, "." + link.dataset.format + "?");
    link.download = stem + "." + link.dataset.format;
  }
  entry.card.dataset.error = cell.error ? "yes" : "no";
  entry.error.textContent = cell.error || "";
  entry.error.hidden = !cell.error;
  if (cell.image.endsWith("v=none") || entry.wanted === cell.image) return;
  entry.wanted = cell.image;
  show(entry, cell.image, 0);
  fetch(cell.frames).then((r) => r.ok ? r.json() : null).then((frames) => { if (entry.wanted === cell.image) entry.frames = frames; }).catch(() => {});
}

// Loads the image at `url` off-screen and swaps it in once decoded, so the old one stays until
// then. The swap happens when `url` is still the one the cell should show, whichever update
// started the load; a failed load (a connection dropped while the server restarts) is tried again.
function show(entry, url, attempt) {
  const next = new Image();
  const retry = () => { if (entry.wanted === url && attempt < 5) setTimeout(() => show(entry, url, attempt + 1), 300 * (attempt + 1)); };
  next.onload = () => {
    if (entry.wanted !== url || entry.shown === url) return;
    entry.shown = url;
    entry.img.onerror = retry;
    entry.img.src = url;
    entry.img.dataset.version = url.split("v=")[1];
  };
  next.onerror = retry;
  next.src = url;
}

function hover(entry, event) {
  const frames = entry.frames, img = entry.img;
  if (!frames || !img.naturalWidth) return;
  const rect = img.getBoundingClientRect();
  const pixels = img.naturalWidth / rect.width;
  const x = (event.clientX - rect.left) * pixels / frames.scale;
  const y = (event.clientY - rect.top) * pixels / frames.scale;
  const key = frames.keys.find((k) => x >= k.frame.x && x < k.frame.x + k.frame.width && y >= k.frame.y && y < k.frame.y + k.frame.height);
  if (!key) { entry.outline.style.display = "none"; tip.style.display = "none"; return; }
  const toCss = frames.scale / pixels;
  Object.assign(entry.outline.style, { display: "block", left: key.frame.x * toCss + "px", top: key.frame.y * toCss + "px",
    width: key.frame.width * toCss + "px", height: key.frame.height * toCss + "px" });
  const f = key.frame, n = (v) => Math.round(v * 100) / 100;
  tip.textContent = "label " + JSON.stringify(key.label) + "\ncode  " + key.code +
    "\nframe x " + n(f.x) + "  y " + n(f.y) + "  " + n(f.width) + " × " + n(f.height) + " pt";
  tip.style.display = "block";
  tip.style.left = Math.min(event.clientX + 14, window.innerWidth - tip.offsetWidth - 8) + "px";
  tip.style.top = Math.min(event.clientY + 14, window.innerHeight - tip.offsetHeight - 8) + "px";
}

// One load of /cells.json at a time; a call while one runs is answered by that one.
let loading = null;
function loadCells() {
  loading = loading || fetch("/cells.json", { cache: "no-store" })
    .then((response) => response.json())
    .then((body) => { for (const cell of body.cells) update(cell); })
    .catch(() => {})
    .finally(() => { loading = null; });
  return loading;
}

// The cells are loaded when the event stream opens (and again each time it reopens), so no
// event sent between the load and the stream is missed; when the stream cannot open at all
// (the server refuses more streams), they are loaded once all the same.
let everLoaded = false;
function connect() {
  const events = new EventSource("/events");
  events.addEventListener("open", () => {
    statusLine.textContent = "live";
    statusLine.className = "live";
    everLoaded = true;
    loadCells();
  });
  events.addEventListener("cell", (event) => update(JSON.parse(event.data)));
  events.addEventListener("error", () => {
    statusLine.textContent = "reconnecting…";
    statusLine.className = "away";
    if (!everLoaded) { everLoaded = true; loadCells(); }
    if (events.readyState === EventSource.CLOSED) setTimeout(connect, 1000);
  });
}

connect();
</script>
</body>
</html>
"""#
}
