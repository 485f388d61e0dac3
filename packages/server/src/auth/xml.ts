/**
 * A small, strict reader for the XML a CAS server answers with. It understands elements, attributes, namespaces,
 * text, CDATA, comments, processing instructions and the five predefined and numeric character references, and
 * refuses everything else. Document type declarations are refused outright, so no entity can be defined, expanded
 * or fetched (no XXE, no entity bombs), and a document that is not well formed is an error rather than a guess.
 */

export interface XmlElement {
  /** The local name, without its prefix. */
  name: string;
  /** The namespace the element's prefix (or the default namespace) is bound to, or null. */
  namespace: string | null;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own character data, its children's excluded. */
  text: string;
}

export class XmlError extends Error {
  override name = 'XmlError';
}

// XML names, simplified to what real documents use; anything outside this is refused rather than misread.
const NAME = /[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?/y;
const SPACE = /[ \t\r\n]*/y;
const REFERENCE = /&(?:#x([0-9A-Fa-f]{1,6})|#([0-9]{1,7})|(lt|gt|amp|quot|apos));/g;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const MAX_DEPTH = 64;

interface Open {
  element: XmlElement;
  qname: string;
  scope: ReadonlyMap<string, string>;
}

/** Replaces character references; a bare `&` or any other entity is an error. */
function decode(raw: string): string {
  const decoded = raw.replace(REFERENCE, (_match, hex?: string, dec?: string, named?: string) => {
    if (named !== undefined) return PREDEFINED[named] ?? '';
    const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
    const allowed = code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0x10ffff);
    if (!allowed || (code >= 0xd800 && code <= 0xdfff)) throw new XmlError('invalid character reference');
    return String.fromCodePoint(code);
  });
  // Anything left that starts with & was not one of the references above.
  if (raw.replace(REFERENCE, '').includes('&')) throw new XmlError('unknown entity reference');
  return decoded;
}

class Reader {
  private at = 0;
  constructor(private readonly source: string) {}

  done(): boolean {
    return this.at >= this.source.length;
  }

  startsWith(text: string): boolean {
    return this.source.startsWith(text, this.at);
  }

  advance(count: number): void {
    this.at += count;
  }

  /** Skips white space; says whether there was any. */
  passSpace(): boolean {
    SPACE.lastIndex = this.at;
    SPACE.exec(this.source);
    const skipped = SPACE.lastIndex > this.at;
    this.at = SPACE.lastIndex;
    return skipped;
  }

  /** Everything up to `end`, which is consumed too. */
  until(end: string, what: string): string {
    const stop = this.source.indexOf(end, this.at);
    if (stop < 0) throw new XmlError(`unterminated ${what}`);
    const text = this.source.slice(this.at, stop);
    this.at = stop + end.length;
    return text;
  }

  name(): string {
    NAME.lastIndex = this.at;
    const match = NAME.exec(this.source);
    if (match === null) throw new XmlError(`expected a name at offset ${this.at}`);
    this.at = NAME.lastIndex;
    return match[0];
  }

  expect(text: string): void {
    if (!this.startsWith(text)) throw new XmlError(`expected '${text}' at offset ${this.at}`);
    this.at += text.length;
  }

  /** Character data up to the next markup. */
  text(): string {
    const stop = this.source.indexOf('<', this.at);
    const end = stop < 0 ? this.source.length : stop;
    const raw = this.source.slice(this.at, end);
    this.at = end;
    return raw;
  }

  quoted(): string {
    const quote = this.source[this.at];
    if (quote !== '"' && quote !== "'") throw new XmlError(`expected a quoted value at offset ${this.at}`);
    this.at += 1;
    const raw = this.until(quote, 'attribute value');
    if (raw.includes('<')) throw new XmlError("'<' in an attribute value");
    return decode(raw);
  }
}

/** Skips a comment or processing instruction if one starts here; refuses declarations such as DOCTYPE. */
function skipMisc(reader: Reader): boolean {
  if (reader.startsWith('<!--')) {
    reader.advance(4);
    reader.until('-->', 'comment');
    return true;
  }
  if (reader.startsWith('<?')) {
    reader.advance(2);
    reader.until('?>', 'processing instruction');
    return true;
  }
  if (reader.startsWith('<!') && !reader.startsWith('<![CDATA[')) {
    throw new XmlError('declarations (DOCTYPE, ENTITY) are not accepted');
  }
  return false;
}

function resolveName(qname: string, scope: ReadonlyMap<string, string>, isAttribute: boolean): string | null {
  const colon = qname.indexOf(':');
  if (colon < 0) return isAttribute ? null : (scope.get('') ?? null);
  const prefix = qname.slice(0, colon);
  const bound = scope.get(prefix);
  if (bound === undefined) throw new XmlError(`unbound namespace prefix '${prefix}'`);
  return bound;
}

function openTag(reader: Reader, parentScope: ReadonlyMap<string, string>): { open: Open; selfClosing: boolean } {
  const qname = reader.name();
  const raw: [string, string][] = [];
  for (;;) {
    const spaced = reader.passSpace();
    if (reader.startsWith('/>') || reader.startsWith('>')) break;
    if (!spaced) throw new XmlError('attributes must be separated by white space');
    const name = reader.name();
    reader.passSpace();
    reader.expect('=');
    reader.passSpace();
    if (raw.some(([seen]) => seen === name)) throw new XmlError(`attribute '${name}' given twice`);
    raw.push([name, reader.quoted()]);
  }
  const selfClosing = reader.startsWith('/>');
  reader.advance(selfClosing ? 2 : 1);

  const scope = new Map(parentScope);
  for (const [name, value] of raw) {
    if (name === 'xmlns') scope.set('', value);
    else if (name.startsWith('xmlns:')) scope.set(name.slice(6), value);
  }
  const attributes: Record<string, string> = {};
  for (const [name, value] of raw) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    resolveName(name, scope, true);
    attributes[name.slice(name.indexOf(':') + 1)] = value;
  }
  const element: XmlElement = {
    name: qname.slice(qname.indexOf(':') + 1),
    namespace: resolveName(qname, scope, false),
    attributes,
    children: [],
    text: '',
  };
  return { open: { element, qname, scope }, selfClosing };
}

/** Parses a whole document and returns its root element; throws XmlError for anything not well formed. */
export function parseXml(source: string): XmlElement {
  const reader = new Reader(source.startsWith('\uFEFF') ? source.slice(1) : source);
  const stack: Open[] = [];
  let root: XmlElement | null = null;
  const rootScope = new Map([['xml', 'http://www.w3.org/XML/1998/namespace']]);

  while (!reader.done()) {
    const current = stack.at(-1);
    if (current === undefined) {
      // Outside the root element only white space, comments and processing instructions may appear.
      reader.passSpace();
      if (reader.done() || skipMisc(reader)) continue;
      if (root !== null) throw new XmlError('content after the root element');
      if (!reader.startsWith('<')) throw new XmlError('text outside the root element');
    } else if (skipMisc(reader)) {
      continue;
    } else if (reader.startsWith('<![CDATA[')) {
      reader.advance(9);
      current.element.text += reader.until(']]>', 'CDATA section');
      continue;
    } else if (reader.startsWith('</')) {
      reader.advance(2);
      const name = reader.name();
      reader.passSpace();
      reader.expect('>');
      if (name !== current.qname) throw new XmlError(`</${name}> closes <${current.qname}>`);
      stack.pop();
      continue;
    } else if (!reader.startsWith('<')) {
      current.element.text += decode(reader.text());
      continue;
    }

    reader.advance(1);
    if (stack.length >= MAX_DEPTH) throw new XmlError('elements nested too deeply');
    const { open, selfClosing } = openTag(reader, current?.scope ?? rootScope);
    if (current === undefined) root = open.element;
    else current.element.children.push(open.element);
    if (!selfClosing) stack.push(open);
  }
  if (stack.length > 0) throw new XmlError(`<${stack.at(-1)?.qname ?? ''}> is never closed`);
  if (root === null) throw new XmlError('no root element');
  return root;
}
