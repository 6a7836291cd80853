/** XML text escaping for the JUnit report: the five markup characters, and characters XML 1.0 cannot hold. */

// XML 1.0 allows tab, newline, carriage return and U+0020 up; other control characters and lone surrogates are not well-formed.
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text for an attribute value or element content: markup escaped, unrepresentable characters as U+FFFD. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, '\uFFFD').replace(/[&<>"'\r\n\t]/g, (c) => ESCAPES[c]);
}

// Newlines and tabs in attributes are escaped too, or an XML reader normalizes them to spaces.
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\r': '&#13;',
  '\n': '&#10;',
  '\t': '&#9;',
};
