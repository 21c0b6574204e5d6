// `npm run build:docs`: renders the user help (docs/*.md) into standalone HTML pages under
// public/help/, which Vite copies into dist/ so that the server serves them at /help/… and the
// app shows /help/index.html in its /doc frame (docs/dev/product-rules.md#screens).
//
// - Each page gets the same nav (index first, then by title), its title from its first '# ' line.
// - Links between pages are written as `roles.md` in the markdown (so they work on GitHub too)
//   and rewritten to `roles.html`.
// - `<!-- shortcuts -->` in a page becomes the table of src/ui/shortcuts/list.ts, the same list
//   the app binds its keys from, so the keyboard help cannot drift.
// - Plain HTML and one CSS file, no scripts: the app sets data-theme on the frame's <html> so the
//   help follows the app's light/dark theme; opened on its own it follows the system setting.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Marked, type Tokens } from 'marked';
import { ALL_SHORTCUTS } from '../src/ui/shortcuts/list';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sourceDir = join(root, 'docs');
const outDir = join(root, 'public', 'help');
const SITE_TITLE = 'Rübenlabor – Hilfe';

interface DocPage {
  name: string;
  title: string;
  markdown: string;
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const slugify = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** `roles.md#x` → `roles.html#x`; external and anchor-only links stay as they are. */
const rewriteHref = (href: string): string => {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#') || href.startsWith('/')) return href;
  return href.replace(/^((?:\.\/)?[\w-]+)\.md(#.*)?$/, (_, file: string, hash = '') => `${file}.html${hash}`);
};

const shortcutTable = (): string => {
  const escapeCell = (text: string) => text.replace(/\|/g, '\\|');
  const rows = ALL_SHORTCUTS.map(
    (s) =>
      `| ${s.keys.map((k) => `<kbd>${escapeHtml(k)}</kbd>`).join(' or ')} | ${escapeCell(s.description)} | ${escapeCell(s.where)} |`,
  );
  return ['| Keys | What it does | Where |', '|---|---|---|', ...rows].join('\n');
};

const readPages = (): DocPage[] => {
  const files = readdirSync(sourceDir).filter((f) => f.endsWith('.md'));
  if (!files.includes('index.md')) throw new Error('docs/index.md is missing: it is the first help page');
  const pages = files.map((file) => {
    const markdown = readFileSync(join(sourceDir, file), 'utf8').replace(
      '<!-- shortcuts -->',
      shortcutTable(),
    );
    const title = /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim();
    if (!title) throw new Error(`docs/${file} needs a '# Title' line`);
    return { name: basename(file, '.md'), title, markdown };
  });
  return pages.sort((a, b) =>
    a.name === 'index' ? -1 : b.name === 'index' ? 1 : a.title.localeCompare(b.title, 'en'),
  );
};

const createMarked = (): Marked => {
  const marked = new Marked({ gfm: true });
  marked.use({
    walkTokens(token) {
      if (token.type === 'link') (token as Tokens.Link).href = rewriteHref((token as Tokens.Link).href);
    },
    renderer: {
      // Ids on headings so that pages can link to a section (keyboard.md#palette).
      heading({ tokens, depth }) {
        const html = this.parser.parseInline(tokens);
        return `<h${depth} id="${slugify(html)}">${html}</h${depth}>\n`;
      },
      // Wide tables scroll inside their own box instead of widening the page.
      table(token) {
        const head = token.header
          .map((cell) => `<th scope="col">${this.parser.parseInline(cell.tokens)}</th>`)
          .join('');
        const body = token.rows
          .map(
            (row) =>
              `<tr>${row.map((cell) => `<td>${this.parser.parseInline(cell.tokens)}</td>`).join('')}</tr>`,
          )
          .join('\n');
        return `<div class="table-wrap"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>\n`;
      },
    },
  });
  return marked;
};

const renderPage = (page: DocPage, pages: DocPage[], marked: Marked): string => {
  const nav = pages
    .map(
      (p) =>
        `<li><a href="${p.name}.html"${p.name === page.name ? ' aria-current="page"' : ''}>${escapeHtml(p.title)}</a></li>`,
    )
    .join('\n        ');
  const body = marked.parse(page.markdown, { async: false });
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="light dark" />
    <title>${escapeHtml(page.title)} · ${escapeHtml(SITE_TITLE)}</title>
    <link rel="stylesheet" href="help.css" />
  </head>
  <body>
    <header class="help-header">
      <p class="help-site" lang="de">${escapeHtml(SITE_TITLE)}</p>
      <nav aria-label="Help pages">
        <ul>
        ${nav}
        </ul>
      </nav>
    </header>
    <main class="help-main">
${body}
    </main>
  </body>
</html>
`;
};

const CSS = `/* Help pages: generated by scripts/build-docs.ts. */
:root {
  color-scheme: light;
  --bg: #ffffff; --text: #17232d; --muted: #52606c; --border: #d5dce2; --code-bg: #eef1f4;
  --link: #165a7a; --accent-subtle: #dcebf2; --focus: #0a62c9;
}
:root[data-theme='dark'] {
  color-scheme: dark;
  --bg: #19222b; --text: #e2e8ee; --muted: #a2b0bc; --border: #344350; --code-bg: #212c36;
  --link: #8ccbe4; --accent-subtle: #1c3a4a; --focus: #8ab8ff;
}
@media (prefers-color-scheme: dark) {
  :root:not([data-theme]) {
    color-scheme: dark;
    --bg: #19222b; --text: #e2e8ee; --muted: #a2b0bc; --border: #344350; --code-bg: #212c36;
    --link: #8ccbe4; --accent-subtle: #1c3a4a; --focus: #8ab8ff;
  }
}
* { box-sizing: border-box; }
html, body { margin: 0; background: var(--bg); color: var(--text); }
body { font: 15px/1.6 system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', Arial, sans-serif; }
.help-header { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 24px; padding: 10px 24px; border-bottom: 1px solid var(--border); }
.help-site { margin: 0; font-weight: 600; }
.help-header ul { display: flex; flex-wrap: wrap; gap: 4px; margin: 0; padding: 0; list-style: none; }
.help-header a { display: block; padding: 4px 10px; border-radius: 6px; color: var(--text); text-decoration: none; }
.help-header a:hover { background: var(--code-bg); }
.help-header a[aria-current='page'] { background: var(--accent-subtle); font-weight: 600; }
.help-main { max-width: 80ch; padding: 8px 24px 48px; }
h1 { font-size: 1.6rem; margin: 20px 0 12px; }
h2 { font-size: 1.25rem; margin: 28px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--border); }
h3 { font-size: 1.05rem; margin: 20px 0 6px; }
a { color: var(--link); text-underline-offset: 2px; }
a:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
code, kbd, pre { font-family: ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace; font-size: 0.9em; }
code { padding: 1px 4px; border-radius: 4px; background: var(--code-bg); }
pre { padding: 10px 12px; overflow-x: auto; border-radius: 6px; background: var(--code-bg); }
pre code { padding: 0; background: none; }
kbd { padding: 1px 6px; border: 1px solid var(--border); border-bottom-width: 2px; border-radius: 4px; background: var(--code-bg); white-space: nowrap; }
.table-wrap { overflow-x: auto; margin: 12px 0; }
table { border-collapse: collapse; min-width: 100%; }
th, td { padding: 6px 10px; border: 1px solid var(--border); text-align: left; vertical-align: top; }
th { background: var(--code-bg); }
blockquote { margin: 12px 0; padding: 4px 14px; border-left: 4px solid var(--border); color: var(--muted); }
@media (forced-colors: active) {
  .help-header a[aria-current='page'] { border: 2px solid Highlight; }
  a:focus-visible { outline-color: Highlight; }
}
`;

const main = () => {
  const pages = readPages();
  const marked = createMarked();
  // Start clean: a page deleted from docs/ must not linger in the served help.
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'help.css'), CSS);
  for (const page of pages) writeFileSync(join(outDir, `${page.name}.html`), renderPage(page, pages, marked));
  console.log(`build-docs: ${pages.length} help pages → ${outDir}`);
};

main();
