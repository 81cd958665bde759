// A small, safe Markdown renderer for the rules documents: headings, paragraphs, lists
// (nested by indentation), tables, fenced and indented code, block quotes, rules, code spans,
// bold, italic and http(s) links. Every character of the source is HTML-escaped before any
// tag is added, so the text can never inject markup.

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** The text with the five HTML-special characters escaped. */
export function escapeHTML(text) {
  return String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Inline markup of one escaped-on-the-way line: code spans first, their content left alone. */
export function renderInline(text) {
  const parts = String(text).split(/(`+[^`]*?`+)/);
  return parts
    .map((part, i) => {
      if (i % 2 === 1) {
        const code = part.replace(/^`+|`+$/g, "");
        return "<code>" + escapeHTML(code) + "</code>";
      }
      let html = escapeHTML(part);
      html = html.replace(/\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g,
        (_, label, url) => `<a href="${url}" rel="noopener noreferrer" target="_blank">${label}</a>`);
      html = html.replace(/(^|[\s(])(https?:\/\/[^\s<)]+[^\s<).,;:])/g,
        (_, lead, url) => `${lead}<a href="${url}" rel="noopener noreferrer" target="_blank">${url}</a>`);
      html = html.replace(/\*\*(?=\S)(.+?)\*\*/g, "<strong>$1</strong>");
      html = html.replace(/__(?=\S)(.+?)__/g, "<strong>$1</strong>");
      html = html.replace(/(^|[^*\w])\*(?=\S)([^*]+?)\*(?!\*)/g, "$1<em>$2</em>");
      html = html.replace(/(^|[^_\w])_(?=\S)([^_]+?)_(?![_\w])/g, "$1<em>$2</em>");
      return html;
    })
    .join("");
}

function isTableSeparator(line) {
  return /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/.test(line) && line.includes("-");
}

function splitRow(line) {
  let row = line.trim();
  if (row.startsWith("|")) row = row.slice(1);
  if (row.endsWith("|") && !row.endsWith("\\|")) row = row.slice(0, -1);
  // split on pipes outside code spans
  const cells = [];
  let cell = "";
  let inCode = false;
  for (let i = 0; i < row.length; i++) {
    const c = row[i];
    if (c === "`") inCode = !inCode;
    if (c === "\\" && row[i + 1] === "|") {
      cell += "|";
      i++;
      continue;
    }
    if (c === "|" && !inCode) {
      cells.push(cell.trim());
      cell = "";
      continue;
    }
    cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

const LIST_ITEM = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/;

function renderList(lines, start) {
  // Collects the items of a list beginning at lines[start]; nested lists are recognised by
  // a deeper indentation. Returns [html, next index].
  const first = LIST_ITEM.exec(lines[start]);
  const indent = first[1].length;
  const ordered = /\d/.test(first[2]);
  const items = [];
  let i = start;
  while (i < lines.length) {
    const m = LIST_ITEM.exec(lines[i]);
    if (m && m[1].length === indent && /\d/.test(m[2]) === ordered) {
      items.push({ text: [m[3]], children: "" });
      i++;
      continue;
    }
    if (m && m[1].length > indent && items.length) {
      const [html, next] = renderList(lines, i);
      items[items.length - 1].children += html;
      i = next;
      continue;
    }
    const line = lines[i];
    if (line.trim() !== "" && items.length && /^\s+\S/.test(line) && !m) {
      items[items.length - 1].text.push(line.trim());
      i++;
      continue;
    }
    if (line.trim() !== "" && items.length && !m && !startsBlock(line) && !LIST_ITEM.test(line)) {
      // a lazy continuation line of the last item
      items[items.length - 1].text.push(line.trim());
      i++;
      continue;
    }
    break;
  }
  const tag = ordered ? "ol" : "ul";
  const body = items
    .map((item) => `<li>${renderInline(item.text.join(" "))}${item.children}</li>`)
    .join("");
  return [`<${tag}>${body}</${tag}>`, i];
}

function startsBlock(line) {
  return /^\s*(#{1,6}\s|```|>|\|)/.test(line) || /^\s*([-*_])(\s*\1){2,}\s*$/.test(line);
}

/** The HTML of a Markdown document. */
export function renderMarkdown(source) {
  const lines = String(source).replace(/\r\n?/g, "\n").split("\n");
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === "") {
      i++;
      continue;
    }
    const fence = /^\s*(```+|~~~+)/.exec(line);
    if (fence) {
      const code = [];
      i++;
      while (i < lines.length && !lines[i].trim().startsWith(fence[1])) {
        code.push(lines[i]);
        i++;
      }
      i++;
      out.push(`<pre><code>${escapeHTML(code.join("\n"))}</code></pre>`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const level = heading[1].length;
      out.push(`<h${level}>${renderInline(heading[2])}</h${level}>`);
      i++;
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      out.push("<hr>");
      i++;
      continue;
    }
    if (line.includes("|") && i + 1 < lines.length && isTableSeparator(lines[i + 1])) {
      const head = splitRow(line);
      i += 2;
      const rows = [];
      while (i < lines.length && lines[i].includes("|") && lines[i].trim() !== "") {
        rows.push(splitRow(lines[i]));
        i++;
      }
      const th = head.map((c) => `<th>${renderInline(c)}</th>`).join("");
      const trs = rows
        .map((r) => "<tr>" + head.map((_, k) => `<td>${renderInline(r[k] || "")}</td>`).join("") + "</tr>")
        .join("");
      out.push(`<table><thead><tr>${th}</tr></thead><tbody>${trs}</tbody></table>`);
      continue;
    }
    if (LIST_ITEM.test(line)) {
      const [html, next] = renderList(lines, i);
      out.push(html);
      i = next;
      continue;
    }
    if (/^\s*>/.test(line)) {
      const quoted = [];
      while (i < lines.length && /^\s*>/.test(lines[i])) {
        quoted.push(lines[i].replace(/^\s*>\s?/, ""));
        i++;
      }
      out.push(`<blockquote>${renderMarkdown(quoted.join("\n"))}</blockquote>`);
      continue;
    }
    if (/^( {4}|\t)/.test(line)) {
      const code = [];
      while (i < lines.length && (/^( {4}|\t)/.test(lines[i]) || lines[i].trim() === "")) {
        code.push(lines[i].replace(/^( {4}|\t)/, ""));
        i++;
      }
      while (code.length && code[code.length - 1].trim() === "") code.pop();
      out.push(`<pre><code>${escapeHTML(code.join("\n"))}</code></pre>`);
      continue;
    }
    const para = [];
    while (i < lines.length && lines[i].trim() !== "" && !startsBlock(lines[i]) && !LIST_ITEM.test(lines[i])) {
      if (para.length && lines[i].includes("|") && i + 1 < lines.length && isTableSeparator(lines[i + 1])) break;
      para.push(lines[i].trim());
      i++;
    }
    if (para.length === 0) {
      // a line that looked like a block start but was none of them: keep it as text
      para.push(lines[i].trim());
      i++;
    }
    out.push(`<p>${renderInline(para.join(" "))}</p>`);
  }
  return out.join("\n");
}
