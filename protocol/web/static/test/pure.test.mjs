// Tests of the page's pure modules: run with `node --test protocol/web/static/test/`.
// The Go build does not need node; these check the click matching and the Markdown renderer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { decide, match, passMove, commonPath } from "../js/input.js";
import { renderMarkdown, renderInline, escapeHTML } from "../js/markdown.js";

const normalMoves = [
  { text: "e2e4", clicks: [["e2", "e4"]] },
  { text: "e2e3", clicks: [["e2", "e3"]] },
  { text: "a2a3", clicks: [["a2", "a3"]] },
  { text: "e1g1", clicks: [["e1", "g1"], ["e1", "h1"]] },
];

test("first click marks the piece's targets", () => {
  assert.deepEqual(decide(normalMoves, ["e2"]), { kind: "wait", targets: ["e4", "e3"], complete: [] });
});

test("a piece with one move is picked up, not played", () => {
  assert.deepEqual(decide(normalMoves, ["a2"]).kind, "wait");
});

test("a complete sequence plays its move, either castling form", () => {
  assert.equal(decide(normalMoves, ["e2", "e4"]).move.text, "e2e4");
  assert.equal(decide(normalMoves, ["e1", "h1"]).move.text, "e1g1");
  assert.equal(decide(normalMoves, ["e1", "g1"]).move.text, "e1g1");
});

test("a non-target is no move", () => {
  assert.equal(decide(normalMoves, ["e2", "e5"]).kind, "none");
  assert.equal(decide(normalMoves, ["d4"]).kind, "none");
});

test("promotions open the chooser", () => {
  const moves = ["q", "r", "b", "n"].map((p) => ({ text: "e7e8" + p, clicks: [["e7", "e8"]], label: p }));
  const d = decide(moves, ["e7", "e8"]);
  assert.equal(d.kind, "choose");
  assert.equal(d.moves.length, 4);
});

test("a forced landing is taken (Jumping Knights hop capture)", () => {
  const moves = [
    { text: "g8d2,d2c0", clicks: [["g8", "d2", "c0"]] },
    { text: "g8f6", clicks: [["g8", "f6"]] },
  ];
  assert.deepEqual(decide(moves, ["g8", "d2"]), { kind: "forced", token: "c0" });
  assert.equal(decide(moves, ["g8", "d2", "c0"]).move.text, "g8d2,d2c0");
});

test("Hop Chess: piece move then trampoline squares are targets", () => {
  const moves = [
    { text: "e2e4,d5", clicks: [["e2", "e4", "d5"]] },
    { text: "e2e4,d6", clicks: [["e2", "e4", "d6"]] },
    { text: "e2e3,d5", clicks: [["e2", "e3", "d5"]] },
  ];
  const d = decide(moves, ["e2", "e4"]);
  assert.equal(d.kind, "wait");
  assert.deepEqual(d.targets, ["d5", "d6"]);
});

test("drops from the hand", () => {
  const moves = [
    { text: "N@b1", clicks: [["@N", "b1"]] },
    { text: "N@c1", clicks: [["@N", "c1"]] },
  ];
  assert.deepEqual(match(moves, ["@N"]).next, ["b1", "c1"]);
  assert.equal(decide(moves, ["@N", "c1"]).move.text, "N@c1");
});

test("the pass move is found by its empty sequence", () => {
  assert.equal(passMove([{ text: "0000", clicks: [[]] }]).text, "0000");
  assert.equal(passMove(normalMoves), null);
});

test("common path of candidates", () => {
  assert.deepEqual(commonPath([{ path: ["a1", "b2", "c3"] }, { path: ["a1", "b2", "c3"] }]), ["a1", "b2", "c3"]);
  assert.equal(commonPath([{ path: ["a1", "b2", "c3"] }, { path: ["a1", "c3"] }]), null);
  assert.equal(commonPath([{ path: [] }]), null);
});

test("markdown escapes all HTML", () => {
  const html = renderMarkdown("# Title <script>\n\nText <img src=x onerror=alert(1)> & `a<b>`");
  assert.ok(!html.includes("<script>"));
  assert.ok(!html.includes("<img"));
  assert.ok(html.includes("&lt;img"));
  assert.ok(html.includes("<code>a&lt;b&gt;</code>"));
  assert.ok(html.startsWith("<h1>Title &lt;script&gt;</h1>"));
});

test("markdown lists, tables, emphasis", () => {
  const html = renderMarkdown("Intro **bold** and *it*\n\n- one\n- two\n  - deep\n\n1. a\n2. b\n\n| x | y |\n|---|---|\n| `1` | 2 |\n");
  assert.ok(html.includes("<strong>bold</strong>"));
  assert.ok(html.includes("<em>it</em>"));
  assert.ok(html.includes("<ul><li>one</li><li>two<ul><li>deep</li></ul></li></ul>"));
  assert.ok(html.includes("<ol><li>a</li><li>b</li></ol>"));
  assert.ok(html.includes("<table><thead><tr><th>x</th><th>y</th></tr></thead><tbody><tr><td><code>1</code></td><td>2</td></tr></tbody></table>"));
});

test("markdown links only for http(s)", () => {
  assert.ok(renderInline("[a](https://x.org/p)").includes('<a href="https://x.org/p"'));
  assert.ok(!renderInline("[a](javascript:alert(1))").includes("<a"));
  assert.equal(escapeHTML(`"'`), "&quot;&#39;");
});

test("markdown code blocks keep their text", () => {
  const html = renderMarkdown("```\n9  . . w\n<b>\n```\n");
  assert.equal(html, "<pre><code>9  . . w\n&lt;b&gt;</code></pre>");
});

test("underscores inside words are no emphasis", () => {
  assert.equal(renderInline("snake_case_name"), "snake_case_name");
  assert.equal(renderInline("2*3*4"), "2*3*4");
});

test("every document of docs/ renders: one heading per heading line, no raw markup, tables closed", async () => {
  const fs = await import("node:fs");
  const path = await import("node:path");
  const url = await import("node:url");
  // the repository's docs/ (VARCHESS_DOCS names another folder, e.g. a branch's worktree)
  const dir = process.env.VARCHESS_DOCS || path.join(path.dirname(url.fileURLToPath(import.meta.url)), "../../../../docs");
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".md"));
  assert.ok(files.length > 0, `no Markdown in ${dir}`);
  for (const f of files) {
    const md = fs.readFileSync(path.join(dir, f), "utf8");
    const html = renderMarkdown(md);
    let headings = 0;
    let fenced = false;
    for (const line of md.split("\n")) {
      if (/^\s*```/.test(line)) fenced = !fenced;
      else if (!fenced && /^#{1,6}\s/.test(line)) headings++;
    }
    assert.equal((html.match(/<h[1-6]>/g) || []).length, headings, `${f}: headings`);
    assert.equal((html.match(/<table>/g) || []).length, (html.match(/<\/table>/g) || []).length, `${f}: tables`);
    const text = html.replace(/<pre>[\s\S]*?<\/pre>/g, "").replace(/<code>[\s\S]*?<\/code>/g, "");
    assert.ok(!/<(?!\/?(h[1-6]|p|ul|ol|li|table|thead|tbody|tr|th|td|strong|em|code|pre|a|hr|blockquote)\b)/.test(text), `${f}: unexpected tag`);
    assert.ok(!/^\s*\|.*\|\s*$/m.test(text.replace(/<[^>]+>/g, "\n")), `${f}: a table row left as text`);
  }
});
