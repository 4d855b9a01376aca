/**
 * The browser's search: MiniSearch's own browser build (its UMD file from node_modules, comment
 * lines and indentation taken out so the page stays within its size budget) and a few lines that
 * load the directory's index and draw results with DOM text, never markup. It runs inline under
 * the page's CSP hash and asks nothing of any other site: the hosted page fetches its index from
 * this service, the downloaded copy reads it from the data file beside it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

let library: string | undefined;

/** MiniSearch's UMD build (which defines `MiniSearch`), without its comment lines and indentation. */
export function minisearchBrowserBuild(): string {
  if (library === undefined) {
    const require = createRequire(import.meta.url);
    const main = require.resolve('minisearch').replace(/dist[\\/]cjs[\\/]index\.cjs$/, 'dist/umd/index.js');
    library = readFileSync(main, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('//') && !line.startsWith('/*') && !line.startsWith('*'))
      .join('\n');
  }
  return library;
}

/** The glue: reads its settings from #dir-search's data attributes; the markup it draws is the server's (site.ts). */
const glue = `(function () {
  var root = document.getElementById('dir-search');
  if (!root || typeof MiniSearch === 'undefined') return;
  var form = root.querySelector('form');
  var list = document.getElementById('results');
  var status = document.getElementById('results-status');
  var pages = document.getElementById('results-pages');
  var limit = Number(root.getAttribute('data-limit')) || 30;
  var words = JSON.parse(root.getAttribute('data-words'));
  var shown = limit, index = null, payload = null, found = [], claimed = {};
  function rank(id) { var tier = payload.placements[id]; return tier === 'premium' ? 2 : tier === 'featured' ? 1 : 0; }
  function activeFilters() {
    var filters = [];
    Array.prototype.forEach.call(form.querySelectorAll('select[data-filter]'), function (select) { if (select.value) filters.push([select.name, select.value]); });
    return filters;
  }
  function run() {
    var q = form.elements.q.value.trim();
    var filters = activeFilters();
    var options = Object.assign({}, payload.options.searchOptions, { filter: function (result) { return filters.every(function (f) { return result[f[0]] === f[1]; }); } });
    var results = index.search(q ? q : MiniSearch.wildcard, options).map(function (result, position) { return { result: result, position: position }; });
    results.sort(function (a, b) { return rank(b.result.id) - rank(a.result.id) || (q ? a.position - b.position : String(a.result.name).localeCompare(String(b.result.name), 'en')); });
    found = results.map(function (entry) { return entry.result; });
    shown = limit;
    draw(q, filters.length > 0);
  }
  function card(result) {
    var item = document.createElement('li');
    item.className = 'card listing' + (rank(result.id) ? ' placed' : '');
    var title = document.createElement('h3');
    var link = document.createElement('a');
    link.href = payload.href.replace('{id}', encodeURIComponent(result.id));
    link.textContent = result.name;
    title.appendChild(link);
    item.appendChild(title);
    var tier = payload.placements[result.id];
    if (tier) { var badge = document.createElement('p'); badge.className = 'badge'; badge.textContent = words[tier]; item.appendChild(badge); }
    if (claimed[result.id]) { var mark = document.createElement('p'); mark.className = 'badge claimed'; mark.textContent = words.claimed; item.appendChild(mark); }
    if (result.summary) { var text = document.createElement('p'); text.className = 'small'; text.textContent = result.summary; item.appendChild(text); }
    return item;
  }
  function draw(q, filtered) {
    list.textContent = '';
    found.slice(0, shown).forEach(function (result) { list.appendChild(card(result)); });
    var count = found.length;
    status.textContent = count === 0 ? words.none : (q || filtered ? words.matching : words.all).replace('{n}', count).replace('{q}', q) + (count > shown ? ' ' + words.showing.replace('{shown}', shown) : '');
    more.hidden = count <= shown;
  }
  var more = document.createElement('button');
  more.type = 'button';
  more.className = 'btn btn-secondary';
  more.textContent = words.more;
  more.hidden = true;
  more.addEventListener('click', function () { var q = form.elements.q.value.trim(); shown += limit; draw(q, activeFilters().length > 0); });
  list.parentNode.insertBefore(more, list.nextSibling);
  function start(data) {
    payload = data;
    (data.claimed || []).forEach(function (id) { claimed[id] = true; });
    index = MiniSearch.loadJS(data.index, { fields: data.options.fields, storeFields: data.options.storeFields, searchOptions: data.options.searchOptions });
    if (pages) pages.hidden = true;
    var timer = 0;
    form.elements.q.addEventListener('input', function () { clearTimeout(timer); timer = setTimeout(run, 80); });
    Array.prototype.forEach.call(form.querySelectorAll('select[data-filter]'), function (select) { select.addEventListener('change', run); });
    form.addEventListener('submit', function (event) { event.preventDefault(); run(); });
    // Drawn at once, so that the server's page links (hidden above) give way to "Show more" on an unfiltered list too.
    run();
    root.setAttribute('data-ready', 'true');
  }
  if (window.AO_DIRECTORY_DATA) start(window.AO_DIRECTORY_DATA);
  else fetch(root.getAttribute('data-index'), { headers: { Accept: 'application/json' } }).then(function (response) { return response.json(); }).then(start).catch(function () {});
})();`;

let script: { text: string; hash: string } | undefined;

/** The inline script and its CSP hash: the same text on every directory page, so computed once. */
export function searchScript(): { text: string; hash: string } {
  if (!script) {
    const text = `${minisearchBrowserBuild()}\n${glue}`;
    script = { text, hash: `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'` };
  }
  return script;
}
