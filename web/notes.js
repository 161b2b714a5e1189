// The lessons' notes (docs/lessons/NN-name.md, carried in the module) as HTML: the Markdown
// they use, which is headings, paragraphs, lists, code blocks, tables, `code`, **bold**,
// *emphasis* and links. Everything is escaped first, so a note cannot inject markup.

const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function inline(text) {
  return escape(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>')
    // Links to the course's own files name the file; links elsewhere open beside the page.
    .replace(/\[([^\]]+)\]\((https?:[^)\s]+)\)/g, '<a href="$2" target="_blank" rel="noopener">$1</a>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '$1');
}

export function markdownToHtml(markdown) {
  const lines = markdown.split('\n');
  const html = [];
  let paragraph = [];
  let list = null;
  const endParagraph = () => {
    if (paragraph.length) html.push(`<p>${inline(paragraph.join(' '))}</p>`);
    paragraph = [];
  };
  const endList = () => {
    if (list) html.push(`<${list.tag}>${list.items.map((i) => `<li>${inline(i)}</li>`).join('')}</${list.tag}>`);
    list = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith('```')) {
      endParagraph();
      endList();
      const code = [];
      for (i++; i < lines.length && !lines[i].startsWith('```'); i++) code.push(lines[i]);
      html.push(`<pre><code>${escape(code.join('\n'))}</code></pre>`);
      continue;
    }
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      endParagraph();
      endList();
      const level = heading[1].length + 1;  // the page's title is the h1
      html.push(`<h${level}>${inline(heading[2])}</h${level}>`);
      continue;
    }
    if (line.startsWith('|')) {
      endParagraph();
      endList();
      const rows = [];
      for (; i < lines.length && lines[i].startsWith('|'); i++) {
        if (/^\|[\s:|-]+\|$/.test(lines[i].trim())) continue;  // the header's underline
        rows.push(lines[i].trim().replace(/^\||\|$/g, '').split('|').map((c) => inline(c.trim())));
      }
      i--;
      const [head, ...body] = rows;
      html.push(`<table><tr>${head.map((c) => `<th>${c}</th>`).join('')}</tr>` +
        body.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('') + '</table>');
      continue;
    }
    const item = /^(\s*)([-*]|\d+\.)\s+(.*)$/.exec(line);
    if (item) {
      endParagraph();
      const tag = /\d/.test(item[2]) ? 'ol' : 'ul';
      if (!list || list.tag !== tag) {
        endList();
        list = { tag, items: [] };
      }
      list.items.push(item[3]);
      continue;
    }
    if (!line.trim()) {
      endParagraph();
      endList();
      continue;
    }
    if (list && /^\s+/.test(line)) {
      list.items[list.items.length - 1] += ' ' + line.trim();  // a list item's next line
      continue;
    }
    paragraph.push(line.trim());
  }
  endParagraph();
  endList();
  return html.join('\n');
}
