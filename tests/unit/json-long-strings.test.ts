import { describe, expect, it } from "vitest";
import { JsonLongStrings } from "../../server/http/json-long-strings.ts";

/** What the reader makes of `bytes` fed in pieces of `size`, strings of over 8 bytes being long. */
function read(bytes: Uint8Array, size: number): { value: unknown } | { error: string } {
  const json = new JsonLongStrings(8);
  try {
    for (let at = 0; at < bytes.length; at += size) json.push(bytes.subarray(at, at + size));
    return { value: json.value() };
  } catch (error) {
    return { error: (error as Error).name };
  }
}

/** What JSON.parse makes of the whole text, decoded as the Fetch API's text() decodes it. */
function whole(bytes: Uint8Array): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(new TextDecoder().decode(bytes)) as unknown };
  } catch (error) {
    return { error: (error as Error).name };
  }
}

/** Every piece size, from one byte to the whole body, gives what parsing the whole text gives. */
function expectAsWhole(body: string | Uint8Array): void {
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  const expected = whole(bytes);
  for (let size = 1; size <= bytes.length; size += 1) expect(read(bytes, size), `pieces of ${size}`).toEqual(expected);
}

describe("a JSON body read as it arrives, its long strings parsed on their own", () => {
  it("gives the value of the whole text's JSON.parse, for every split", () => {
    expectAsWhole('{"banner":[{"mime_type":"image/png","image":"QUJDREVGR0hJSktMTU5PUA=="},{"image":"c2hvcnQ="}]}');
    expectAsWhole('[ "a long string, its escapes \\" \\\\ \\/ \\u0041 \\n kept" , "short", 12.5e3, true, null ]');
    expectAsWhole('"a top-level long string"');
    expectAsWhole('{"alt":"ș ț ă î â — a long text with UTF-8 in it","n":-0}');
    expectAsWhole('{"a long key, longer than eight" : "its long value, also over eight", "k":"v"}');
    expectAsWhole('{"dup":"first long value here","dup":"second long value here"}');
    expectAsWhole('{"__proto__":"a long prototype string", "x": {"__proto__": 1}}');
    // Plain printable ASCII (a picture's base64) is read as it is, DEL included, which JSON leaves unescaped.
    expectAsWhole('{"image":"QUJD/+EFR0hJSktMTU5PUA==","alt":"a long DEL \x7f text"}');
  });

  it("counts the raw bytes of the long strings parsed, not of the short ones nor of a long key", () => {
    const json = new JsonLongStrings(8);
    json.push(
      Buffer.from('{"a long key, longer than eight":"QUJDREVGR0hJSktM","k":"short","image":"TU5PUFFSU1RVVldYWVo="'),
    );
    // The first long value with its quotes; the second is settled once the next token says it is no key.
    expect(json.longStringBytes).toBe(18);
    json.push(Buffer.from("}"));
    expect(json.longStringBytes).toBe(18 + 22);
  });

  it("drops a leading byte-order mark and reads bad UTF-8 as U+FFFD, as text() does", () => {
    expectAsWhole(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"image":"a long base64 text"}')]));
    expectAsWhole(Buffer.concat([Buffer.from('["a long string '), Buffer.from([0xe2, 0x82]), Buffer.from(' cut"]')]));
    expectAsWhole(Buffer.concat([Buffer.from('["long string, then"'), Buffer.from([0x82]), Buffer.from("]")]));
  });

  it("refuses what JSON.parse refuses", () => {
    expectAsWhole('{"image":"a long string never closed');
    expectAsWhole('{"image":"a long string with a bad \\x escape"}');
    expectAsWhole('{"image":"a long string with a raw\ttab"}');
    expectAsWhole('{"image":"QUJDREVGR0hJ\x01SktM"}');
    expectAsWhole('{"image":"QUJDREVGR0hJSktM\x1f"}');
    expectAsWhole('{"image":"a long string" "next":1}');
    expectAsWhole('{"image":"a long string",}');
    expectAsWhole("");
    expectAsWhole("   ");
  });

  it("keeps no long string in its skeleton: a value sent as a placeholder's shape stays a plain string", () => {
    const json = new JsonLongStrings(8);
    json.push(Buffer.from('["0123456789abcdef0123456789abcdef:0", "a long string"]'));
    expect(json.value()).toEqual(["0123456789abcdef0123456789abcdef:0", "a long string"]);
  });
});
