import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "../../server/html/sanitize.ts";

describe("rich text sanitising", () => {
  it("keeps a header cell's scope only with a value HTML knows", () => {
    expect(
      sanitizeRichText('<table><tbody><tr><th scope="row">A</th><th scope="javascript:x">B</th></tr></tbody></table>'),
    ).toBe('<table><tbody><tr><th scope="row">A</th><th>B</th></tr></tbody></table>');
  });

  it("keeps what the editor makes exactly as typed", () => {
    const html = [
      "<h2>Oferta</h2>",
      '<p class="text-align-center">Pret <strong>bun</strong>, <em>livrare</em> <u>rapida</u> <s>scump</s> &amp; &lt;sigur&gt;</p>',
      "<ul><li><p>Motor 110 CP</p></li><li>Cupa 1,2 m³</li></ul>",
      "<ol><li>unu</li></ol>",
      "<blockquote>Citat</blockquote>",
      '<table><thead><tr><th scope="col">Putere</th><th colspan="2">Greutate</th></tr></thead><tbody><tr><th scope="row">Motor</th><td>110 CP</td><td rowspan="2">20 t</td></tr></tbody></table>',
      '<p>Sunati la <a href="tel:0722123456" rel="noopener noreferrer nofollow">0722 123 456</a> sau <a href="mailto:office@utilaje.ro" rel="noopener noreferrer nofollow">e-mail</a><br />' +
        '<a href="https://utilaje.ro/contact" target="_blank" rel="noopener noreferrer nofollow">contact</a></p>',
      "<h3>Șenile</h3><h4>Încărcătoare</h4>",
    ].join("");
    expect(sanitizeRichText(html)).toBe(html);
  });

  it.each([
    ["a script", "<p>a</p><script>alert(1)</script>", "<p>a</p>"],
    ["an event handler", '<p onclick="alert(1)">a</p><img src="x" onerror="alert(1)">', "<p>a</p>"],
    ["an onerror on an allowed tag", '<strong onmouseover="alert(1)">a</strong>', "<strong>a</strong>"],
    ["a javascript: link", '<a href="javascript:alert(1)">a</a>', '<a rel="noopener noreferrer nofollow">a</a>'],
    [
      "an obfuscated javascript: link",
      '<a href=" jav&#x09;ascript:alert(1)">a</a>',
      '<a rel="noopener noreferrer nofollow">a</a>',
    ],
    [
      "a data: link",
      '<a href="data:text/html;base64,PHNjcmlwdD4=">a</a>',
      '<a rel="noopener noreferrer nofollow">a</a>',
    ],
    ["a protocol-relative link", '<a href="//evil.example/x">a</a>', '<a rel="noopener noreferrer nofollow">a</a>'],
    ["an iframe and its content", '<iframe src="https://evil.example">hidden</iframe><p>a</p>', "<p>a</p>"],
    ["a style attribute", '<p style="position:fixed;top:0;color:red">a</p>', "<p>a</p>"],
    ["a style element", "<style>body{display:none}</style><p>a</p>", "<p>a</p>"],
    ["svg with script", "<svg><script>alert(1)</script></svg><p>a</p>", "<p>a</p>"],
    ["a form", '<form action="https://evil.example"><input name="x"><button>Go</button></form>', "Go"],
    ["an unknown class", '<p class="hidden text-align-right">a</p>', '<p class="text-align-right">a</p>'],
    [
      "a forged rel and a foreign target",
      '<a href="https://x.ro" rel="opener" target="_top">a</a>',
      '<a href="https://x.ro" rel="noopener noreferrer nofollow">a</a>',
    ],
    ["an image", '<img src="https://x.ro/a.png">', ""],
  ])("removes %s", (_label, dirty, clean) => {
    expect(sanitizeRichText(dirty)).toBe(clean);
  });

  it("turns an inline text alignment into its class and drops the rest of the style", () => {
    expect(sanitizeRichText('<p style="color: red; text-align: right">a</p>')).toBe(
      '<p class="text-align-right">a</p>',
    );
    expect(sanitizeRichText('<h2 style="text-align:center">a</h2>')).toBe('<h2 class="text-align-center">a</h2>');
    expect(sanitizeRichText('<p style="text-align: expression(alert(1))">a</p>')).toBe("<p>a</p>");
  });

  it("maps pasted markup to the kept tags", () => {
    expect(sanitizeRichText("<h1>T</h1><b>b</b><i>i</i><strike>s</strike><h6>x</h6>")).toBe(
      "<h2>T</h2><strong>b</strong><em>i</em><s>s</s><h4>x</h4>",
    );
  });

  it("is stable: cleaning clean text changes nothing", () => {
    const once = sanitizeRichText(
      '<p style="text-align:justify" onclick="x">a &amp; b <a href="https://x.ro">l</a></p><script>x</script>',
    );
    expect(sanitizeRichText(once)).toBe(once);
  });
});
